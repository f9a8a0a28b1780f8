import { PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CENTRE,
  insertOrder,
  insertRider,
  insertWorld,
  type World,
} from '../../../test/fixtures/dispatch.fixtures';
import { bearer, createTestApp, createUser, login } from '../../../test/test-app';
import { DISPATCH_DEFAULTS } from '../dispatch-config';

/**
 * A window per order (ADR 0044): a fasting patient's rider is on time only until
 * fastingGraceMinutes past the slot start, others until onTimeGraceMinutes. The same rider, about
 * 7 minutes past the slot start at the door, is on time for one and late for the other.
 */
const MIN = 60_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: World;
let token: string;
let riderId: number;
let plain: number;
let fasting: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await insertWorld(t.db);
  const u = await createUser(t, [PERMISSIONS.CAN_ASSIGN_ORDER]);
  token = (await login(t.app, u.email, u.password)).token;
  // About 2.6 km of road at 20 km/h: 8 minutes from now, 7 past a slot starting in a minute.
  riderId = await insertRider(t.db, {
    regionId: w.home.id,
    lastKnownLatitude: CENTRE.latitude + 0.0175,
    lastKnownLongitude: CENTRE.longitude,
    firstName: 'Seven',
  });
  const pickup = new Date(Date.now() + MIN);
  plain = (await insertOrder(t.db, w, { pickup })).id;
  fasting = (await insertOrder(t.db, w, { pickup, isFasting: true })).id;
});

afterAll(() => t.close());

async function groupOf(orderId: number) {
  const res = await t.app.inject({
    url: `/api/v1/algorithm/blood/suggested-riders/${orderId}/`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const has = (g: string) => body[g].some((e: { rider: { id: number } }) => e.rider.id === riderId);
  return { available: has('availableRiders'), late: has('lateRiders'), body };
}

describe('a fasting order has a tighter on-time window', () => {
  it('the defaults differ', () => {
    expect(DISPATCH_DEFAULTS.fastingGraceMinutes).toBeLessThan(
      DISPATCH_DEFAULTS.onTimeGraceMinutes,
    );
  });

  it('the same rider is on time for a normal order and late for a fasting one', async () => {
    const normal = await groupOf(plain);
    expect(normal).toMatchObject({ available: true, late: false });
    const hungry = await groupOf(fasting);
    expect(hungry).toMatchObject({ available: false, late: true });
    const row = hungry.body.lateRiders.find(
      (e: { rider: { id: number } }) => e.rider.id === riderId,
    );
    expect(row.lateMinutes).toBeGreaterThan(0);
    expect(row.lateMinutes).toBeLessThan(5);
  });
});
