import { USER_TYPES } from '@dastak/core/states';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { scanTypes } from '../../db/schema/catalog';
import { customers, patients } from '../../db/schema/customers';
import { cells, cities, collectionCenters, type Polygon, regions } from '../../db/schema/locations';
import { lookups } from '../../db/schema/lookups';
import { orderScanTypes, orders, riderTasks } from '../../db/schema/orders';
import { appVersions, riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';
import { type createTestApp, login } from '../../test/test-app';
import { hashPassword } from '../auth/password';
import { refreshQueueSnapshots } from '../dispatch/queue/rider-queue.repository';

/** Rows the rider tests share: inserted directly, the way the demo generator does. */

export type TestCtx = Awaited<ReturnType<typeof createTestApp>>;

export const RIDER_PASSWORD = 'rider-secret';

const square = (lat: number, lng: number, d: number): Polygon => [
  { latitude: lat - d, longitude: lng - d },
  { latitude: lat - d, longitude: lng + d },
  { latitude: lat + d, longitude: lng + d },
  { latitude: lat + d, longitude: lng - d },
];

/**
 * Lahore with three regions: Gulberg (blood, hyperlocal, split into a west and an east cell),
 * DHA (blood) and Lahore X-Ray (xray); a collection center per vertical; rider app releases
 * 2.4.0 and 2.5.0 (latest).
 */
export async function seedGeography(db: Db) {
  const [city] = await db
    .insert(cities)
    .values({
      name: 'Lahore',
      centerLatitude: 31.52,
      centerLongitude: 74.36,
      south: 31.27,
      west: 74.1,
      north: 31.72,
      east: 74.56,
      verticals: ['blood', 'xray'],
    })
    .returning();
  const region = (name: string, vertical: 'blood' | 'xray', lat: number, lng: number, h = false) =>
    db
      .insert(regions)
      .values({
        name,
        vertical,
        cityId: city!.id,
        centerLatitude: lat,
        centerLongitude: lng,
        polygon: square(lat, lng, 0.05),
        isHyperlocalModeEnabled: h,
      })
      .returning()
      .then((r) => r[0]!);
  const gulberg = await region('Gulberg', 'blood', 31.51, 74.35, true);
  const dha = await region('DHA', 'blood', 31.47, 74.4);
  const xray = await region('Lahore X-Ray', 'xray', 31.52, 74.36);
  const [west, east] = await db
    .insert(cells)
    .values([
      {
        regionId: gulberg.id,
        name: 'Gulberg West',
        coordinates: [
          { latitude: 31.46, longitude: 74.3 },
          { latitude: 31.46, longitude: 74.35 },
          { latitude: 31.56, longitude: 74.35 },
          { latitude: 31.56, longitude: 74.3 },
        ],
        centroidLatitude: 31.51,
        centroidLongitude: 74.325,
      },
      {
        regionId: gulberg.id,
        name: 'Gulberg East',
        coordinates: [
          { latitude: 31.46, longitude: 74.35 },
          { latitude: 31.46, longitude: 74.4 },
          { latitude: 31.56, longitude: 74.4 },
          { latitude: 31.56, longitude: 74.35 },
        ],
        centroidLatitude: 31.51,
        centroidLongitude: 74.375,
      },
    ])
    .returning();
  const [bloodCenter, xrayCenter] = await db
    .insert(collectionCenters)
    .values([
      {
        name: 'Gulberg Lab',
        vertical: 'blood',
        regionId: gulberg.id,
        latitude: 31.51,
        longitude: 74.35,
      },
      { name: 'X-Ray Hub', vertical: 'xray', regionId: xray.id, latitude: 31.52, longitude: 74.36 },
    ])
    .returning();
  await db.insert(appVersions).values([
    { version: '2.4.0', releasedAt: new Date('2025-01-01T00:00:00Z') },
    { version: '2.5.0', releasedAt: new Date('2025-06-01T00:00:00Z') },
  ]);
  const [problem] = await db
    .insert(lookups)
    .values({ kind: 'problem', text: 'Patient not available' })
    .returning();
  return {
    city: city!,
    gulberg,
    dha,
    xray,
    westCell: west!,
    eastCell: east!,
    bloodCenter: bloodCenter!,
    xrayCenter: xrayCenter!,
    problemStringId: problem!.id,
  };
}
export type Geography = Awaited<ReturnType<typeof seedGeography>>;

let riderSeq = 0;
let hashed: Promise<string> | undefined;

export interface RiderFixture {
  regionId: number;
  vertical?: 'blood' | 'xray';
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  profile?: Partial<typeof riderProfiles.$inferInsert>;
  dateJoined?: Date;
}

/** A rider (users row of type Rider + profile) who can log in with RIDER_PASSWORD. */
export async function insertRider(db: Db, f: RiderFixture) {
  const n = ++riderSeq;
  hashed ??= hashPassword(RIDER_PASSWORD);
  const email = f.email ?? `rider${n}-${Date.now()}@test.local`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashed,
      firstName: f.firstName ?? 'Rider',
      lastName: f.lastName ?? `Number${n}`,
      phone: f.phone ?? `0399${String(n).padStart(7, '0')}`,
      userType: USER_TYPES.RIDER,
      ...(f.dateJoined ? { dateJoined: f.dateJoined } : {}),
    })
    .returning();
  await db.insert(riderProfiles).values({
    userId: user!.id,
    regionId: f.regionId,
    vertical: f.vertical ?? 'blood',
    ...f.profile,
  });
  return { id: user!.id, email, password: RIDER_PASSWORD };
}

export async function riderToken(app: App, rider: { email: string; password: string }) {
  return (await login(app, rider.email, rider.password)).token;
}

let orderSeq = 0;

/** An order of a fresh customer and patient, optionally assigned, with one test. */
export async function insertOrder(
  db: Db,
  f: {
    regionId: number;
    vertical?: 'blood' | 'xray';
    riderId?: number | null;
    state?: (typeof orders.$inferInsert)['state'];
    pickup?: Date;
    collectedAt?: Date | null;
  },
) {
  const n = ++orderSeq;
  const [customer] = await db
    .insert(customers)
    .values({
      phone: `0300${String(n).padStart(7, '0')}`,
      firstName: 'Customer',
      lastName: `C${n}`,
    })
    .returning();
  const [patient] = await db
    .insert(patients)
    .values({ customerId: customer!.id, firstName: 'Patient', lastName: `P${n}` })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      number: `B-250101${String(n).padStart(5, '0')}`,
      vertical: f.vertical ?? 'blood',
      state: f.state ?? 'assigned',
      // Soon and distinct, but always inside the rider app's reach lead (ADR 0055): the counter
      // runs on across the files sharing a worker, and a pickup hours ahead cannot be reached.
      pickup: f.pickup ?? new Date(Date.now() + (5 + (n % 30)) * 60_000),
      regionId: f.regionId,
      customerId: customer!.id,
      patientId: patient!.id,
      address: `House ${n}, Gulberg`,
      latitude: 31.51,
      longitude: 74.35,
      assignedRiderId: f.riderId ?? null,
      collectedAt: f.collectedAt ?? null,
    })
    .returning();
  const [test] = await db
    .insert(scanTypes)
    .values({ code: `CBC${n}`, name: 'Complete Blood Count', value: 900, vertical: 'blood' })
    .returning();
  await db.insert(orderScanTypes).values({ orderId: order!.id, scanTypeId: test!.id, value: 900 });
  return order!;
}

/** A pending task in the rider's queue. */
export async function insertTask(
  db: Db,
  f: { riderId: number; orderId?: number; type: 0 | 1 | 2; sequence: number; centerId?: number },
) {
  const [task] = await db
    .insert(riderTasks)
    .values({
      riderId: f.riderId,
      orderId: f.orderId ?? null,
      type: f.type,
      sequence: f.sequence,
      deadline: new Date(Date.now() + 3_600_000),
      collectionCenterId: f.centerId ?? null,
      breakDurationMins: f.type === 2 ? 15 : null,
    })
    .returning();
  await refreshQueueSnapshots(db, [f.riderId]);
  return task!;
}
