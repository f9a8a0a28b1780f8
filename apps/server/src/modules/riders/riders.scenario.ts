import { PERMISSIONS } from '@dastak/core/permissions';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import { insertRider, seedGeography } from './riders.fixtures';

/**
 * The staff-side rider tests' world: four riders in three regions (Ali online in Gulberg West,
 * Sana covid and offline, Bilal a delivering wildcard in DHA, Usman a delivering X-ray rider)
 * and a token per permission set.
 */
export async function staffScenario() {
  const t = await createTestApp();
  const geo = await seedGeography(t.db);
  const ids: Record<string, number> = {};
  const token = async (perms: string[]) => {
    const u = await createUser(t, perms);
    return (await login(t.app, u.email, u.password)).token;
  };
  const day = (d: number) => new Date(Date.UTC(2025, 0, d));
  ids.ali = (
    await insertRider(t.db, {
      regionId: geo.gulberg.id,
      firstName: 'Ali',
      lastName: 'Raza',
      phone: '03001234567',
      dateJoined: day(1),
      profile: {
        isOnline: true,
        isOnDuty: true,
        state: 1,
        cellId: geo.westCell.id,
        appVersion: '2.5.0',
        mobileModel: 'Pixel 7',
        battery: 80,
        networkState: true,
        lastKnownLatitude: 31.5,
        lastKnownLongitude: 74.33,
        lastSeenAt: new Date(),
      },
    })
  ).id;
  ids.sana = (
    await insertRider(t.db, {
      regionId: geo.gulberg.id,
      firstName: 'Sana',
      lastName: 'Khan',
      phone: '03117654321',
      dateJoined: day(2),
      profile: { isCovid: true, state: 0, appVersion: '2.4.0' },
    })
  ).id;
  ids.bilal = (
    await insertRider(t.db, {
      regionId: geo.dha.id,
      firstName: 'Bilal',
      lastName: 'Ahmed',
      phone: '03215550000',
      dateJoined: day(3),
      profile: { isWildcard: true, isOnline: true, isOnDuty: true, state: 3 },
    })
  ).id;
  ids.xray = (
    await insertRider(t.db, {
      regionId: geo.xray.id,
      vertical: 'xray',
      firstName: 'Usman',
      lastName: 'Tariq',
      phone: '03339990000',
      dateJoined: day(4),
      profile: { isOnline: true, isOnDuty: true, state: 3 },
    })
  ).id;

  const viewer = await token([
    PERMISSIONS.CAN_VIEW_RIDER,
    PERMISSIONS.CAN_VIEW_ORDER,
    PERMISSIONS.CAN_VIEW_DASHBOARD,
  ]);
  const adder = await token([PERMISSIONS.CAN_ADD_RIDER]);
  const changer = await token([PERMISSIONS.CAN_CHANGE_USER]);
  const assigner = await token([PERMISSIONS.CAN_ASSIGN_ORDER]);
  const deliverer = await token([PERMISSIONS.CAN_DELIVER_ORDER]);
  const get = (url: string, tok = viewer) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tok) });
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, tok: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tok), payload });
  return { t, geo, ids, tokens: { viewer, adder, changer, assigner, deliverer }, get, send };
}
export type StaffScenario = Awaited<ReturnType<typeof staffScenario>>;
