import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scanTypes } from '../../db/schema/catalog';
import { customers, patients } from '../../db/schema/customers';
import { riderToPatientFeedback } from '../../db/schema/feedback';
import { cells, collectionCenters, regions } from '../../db/schema/locations';
import { orderScanTypes, orders, riderTasks } from '../../db/schema/orders';
import { riderLocationPings, riderProfiles } from '../../db/schema/riders';

/** What a location report needs to know about the rider: region mode and last contact. */
export async function findPingContext(db: DbOrTx, riderId: number) {
  const [row] = await db
    .select({
      regionId: riderProfiles.regionId,
      lastSeenAt: riderProfiles.lastSeenAt,
      isOnline: riderProfiles.isOnline,
      isHyperlocal: regions.isHyperlocalModeEnabled,
    })
    .from(riderProfiles)
    .innerJoin(regions, eq(regions.id, riderProfiles.regionId))
    .where(eq(riderProfiles.userId, riderId));
  return row;
}

export function listRegionCells(db: DbOrTx, regionId: number) {
  return db
    .select({ id: cells.id, name: cells.name, coordinates: cells.coordinates })
    .from(cells)
    .where(eq(cells.regionId, regionId))
    .orderBy(asc(cells.id));
}

export async function insertPings(tx: DbOrTx, rows: (typeof riderLocationPings.$inferInsert)[]) {
  if (rows.length) await tx.insert(riderLocationPings).values(rows);
}

export async function updateProfile(
  tx: DbOrTx,
  riderId: number,
  values: Partial<typeof riderProfiles.$inferInsert>,
) {
  await tx.update(riderProfiles).set(values).where(eq(riderProfiles.userId, riderId));
}

export async function findProfileStatus(db: DbOrTx, riderId: number) {
  const [row] = await db
    .select({
      state: riderProfiles.state,
      isOnDuty: riderProfiles.isOnDuty,
      isOnline: riderProfiles.isOnline,
    })
    .from(riderProfiles)
    .where(eq(riderProfiles.userId, riderId));
  return row;
}

/** The pending queue in order, with the order, patient and collection center of each task. */
export function listQueue(db: DbOrTx, riderId: number) {
  return db
    .select({
      id: riderTasks.id,
      type: riderTasks.type,
      sequence: riderTasks.sequence,
      deadline: riderTasks.deadline,
      breakDurationMins: riderTasks.breakDurationMins,
      order: {
        id: orders.id,
        number: orders.number,
        state: orders.state,
        vertical: orders.vertical,
        pickup: orders.pickup,
        address: orders.address,
        latitude: orders.latitude,
        longitude: orders.longitude,
        isCovid: orders.isCovid,
        isFasting: orders.isFasting,
        urgentDelivery: orders.urgentDelivery,
        additionalNotes: orders.additionalNotes,
        collectedAt: orders.collectedAt,
        sampleExpiresAt: orders.sampleExpiresAt,
      },
      patient: {
        firstName: patients.firstName,
        lastName: patients.lastName,
        phone: patients.phone,
      },
      customerPhone: customers.phone,
      center: {
        id: collectionCenters.id,
        name: collectionCenters.name,
        address: collectionCenters.address,
        latitude: collectionCenters.latitude,
        longitude: collectionCenters.longitude,
      },
    })
    .from(riderTasks)
    .leftJoin(orders, eq(orders.id, riderTasks.orderId))
    .leftJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(collectionCenters, eq(collectionCenters.id, riderTasks.collectionCenterId))
    .where(and(eq(riderTasks.riderId, riderId), eq(riderTasks.state, 'pending')))
    .orderBy(asc(riderTasks.sequence), asc(riderTasks.id));
}

export async function listOrderTests(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderScanTypes.orderId,
      code: scanTypes.code,
      name: scanTypes.name,
      count: orderScanTypes.count,
    })
    .from(orderScanTypes)
    .innerJoin(scanTypes, eq(scanTypes.id, orderScanTypes.scanTypeId))
    .where(inArray(orderScanTypes.orderId, orderIds))
    .orderBy(asc(orderScanTypes.id));
}

export async function findOrder(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      state: orders.state,
      vertical: orders.vertical,
      assignedRiderId: orders.assignedRiderId,
      collectedAt: orders.collectedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** Orders the rider has collected and still holds: what a delivery at a center hands over. */
export async function listCollectedInHand(db: DbOrTx, riderId: number) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.assignedRiderId, riderId), eq(orders.state, 'collected')))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

/** One feedback per order (unique orderId); undefined when one already exists. */
export async function insertPatientFeedback(
  db: DbOrTx,
  values: typeof riderToPatientFeedback.$inferInsert,
) {
  const [row] = await db
    .insert(riderToPatientFeedback)
    .values(values)
    .onConflictDoNothing({ target: riderToPatientFeedback.orderId })
    .returning({ id: riderToPatientFeedback.id });
  return row;
}
