import { randomBytes } from 'node:crypto';
import { RIDER_TASK_TYPES, USER_TYPES, type Vertical } from '@dastak/core/states';
import type { Db } from '../../db/client';
import { customers, patients } from '../../db/schema/customers';
import { cells, cities, collectionCenters, regions } from '../../db/schema/locations';
import { orders, riderTasks } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';
import { refreshQueueSnapshots } from './queue/rider-queue.repository';

/** Direct-insert fixtures for the dispatch tests and benchmarks: regions, riders, orders, queues. */

export const square = (lat: number, lng: number, d = 0.05) => [
  { latitude: lat - d, longitude: lng - d },
  { latitude: lat - d, longitude: lng + d },
  { latitude: lat + d, longitude: lng + d },
  { latitude: lat + d, longitude: lng - d },
];

export const CENTRE = { latitude: 31.52, longitude: 74.35 };

export async function insertWorld(db: Db, opts: { hyperlocal?: boolean; size?: number } = {}) {
  const tag = randomBytes(3).toString('hex');
  const [city] = await db
    .insert(cities)
    .values({
      name: `Lahore ${tag}`,
      centerLatitude: CENTRE.latitude,
      centerLongitude: CENTRE.longitude,
      south: 31.2,
      west: 74.0,
      north: 31.8,
      east: 74.7,
      verticals: ['blood', 'xray'],
    })
    .returning();
  const region = async (name: string, lat: number, lng: number, d = 0.05) => {
    const [row] = await db
      .insert(regions)
      .values({
        name: `${name} ${tag}`,
        vertical: 'blood',
        cityId: city!.id,
        centerLatitude: lat,
        centerLongitude: lng,
        polygon: square(lat, lng, d),
        isHyperlocalModeEnabled: opts.hyperlocal ?? false,
      })
      .returning();
    return row!;
  };
  const home = await region('Gulberg', CENTRE.latitude, CENTRE.longitude, opts.size ?? 0.05);
  const other = await region('DHA', CENTRE.latitude - 0.2, CENTRE.longitude + 0.2);
  const [center] = await db
    .insert(collectionCenters)
    .values({
      name: 'Main Lab',
      vertical: 'blood',
      regionId: home.id,
      latitude: 31.53,
      longitude: 74.36,
    })
    .returning();
  const [customer] = await db
    .insert(customers)
    .values({
      phone: `0300${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      firstName: 'Ayesha',
    })
    .returning();
  const [patient] = await db
    .insert(patients)
    .values({ customerId: customer!.id, firstName: 'Ayesha' })
    .returning();
  return { home, other, center: center!, customerId: customer!.id, patientId: patient!.id, tag };
}

export type World = Awaited<ReturnType<typeof insertWorld>>;

export async function insertCell(
  db: Db,
  regionId: number,
  lat: number,
  lng: number,
  minRiders: number,
) {
  const [row] = await db
    .insert(cells)
    .values({
      regionId,
      name: `Cell ${lat},${lng}`,
      coordinates: square(lat, lng, 0.01),
      centroidLatitude: lat,
      centroidLongitude: lng,
      minRiders,
    })
    .returning();
  return row!.id;
}

let riderSeq = 0;

export async function insertRider(
  db: Db,
  p: Partial<typeof riderProfiles.$inferInsert> & { regionId: number; firstName?: string },
) {
  const n = ++riderSeq;
  const [user] = await db
    .insert(users)
    .values({
      email: `rider${n}-${randomBytes(3).toString('hex')}@test.local`,
      firstName: p.firstName ?? `Rider${n}`,
      lastName: 'Test',
      phone: `0311${String(n).padStart(7, '0')}`,
      userType: USER_TYPES.RIDER,
    })
    .returning();
  await db.insert(riderProfiles).values({
    vertical: 'blood',
    isOnline: true,
    isOnDuty: true,
    lastKnownLatitude: CENTRE.latitude,
    lastKnownLongitude: CENTRE.longitude,
    ...p,
    userId: user!.id,
  });
  return user!.id;
}

let orderSeq = 0;

export async function insertOrder(
  db: Db,
  w: World,
  p: Partial<typeof orders.$inferInsert> & { pickup: Date },
) {
  const [row] = await db
    .insert(orders)
    .values({
      number: `B-T${w.tag}${String(++orderSeq).padStart(5, '0')}`,
      vertical: 'blood' as Vertical,
      state: 'needsAssignment',
      regionId: w.home.id,
      customerId: w.customerId,
      patientId: w.patientId,
      address: `House ${orderSeq}, Main Boulevard`,
      latitude: CENTRE.latitude,
      longitude: CENTRE.longitude,
      ...p,
    })
    .returning();
  return row!;
}

/** Gives the rider an assigned order and its pending pickup task (as the orders module does). */
export async function insertPickupTask(
  db: Db,
  w: World,
  riderId: number,
  sequence: number,
  p: { pickup: Date; latitude: number; longitude: number },
) {
  const order = await insertOrder(db, w, { ...p, state: 'assigned', assignedRiderId: riderId });
  const [task] = await db
    .insert(riderTasks)
    .values({
      riderId,
      orderId: order.id,
      type: RIDER_TASK_TYPES.PICKUP,
      sequence,
      deadline: new Date(p.pickup.getTime() + 60 * 60_000),
    })
    .returning();
  await refreshQueueSnapshots(db, [riderId]);
  return { order, task: task! };
}
