import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scanTypes } from '../../db/schema/catalog';
import { customers, patients } from '../../db/schema/customers';
import { regions } from '../../db/schema/locations';
import { orderScanTypes, orders } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { decodeQueue } from '../dispatch/public';

/** What the tracking page shows of an order, with the region centre for an order without a pin. */
export async function findLiveOrder(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      state: orders.state,
      pickup: orders.pickup,
      address: orders.address,
      latitude: orders.latitude,
      longitude: orders.longitude,
      assignedRiderId: orders.assignedRiderId,
      centerLatitude: regions.centerLatitude,
      centerLongitude: regions.centerLongitude,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      patientEmail: patients.email,
      customerPhone: customers.phone,
    })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(regions, eq(regions.id, orders.regionId))
    .where(eq(orders.id, orderId));
  return row;
}

export function listLiveScanTypes(db: DbOrTx, orderId: number) {
  return db
    .select({ name: scanTypes.name, value: scanTypes.value })
    .from(orderScanTypes)
    .innerJoin(scanTypes, eq(scanTypes.id, orderScanTypes.scanTypeId))
    .where(eq(orderScanTypes.orderId, orderId))
    .orderBy(asc(orderScanTypes.id));
}

/**
 * The assigned rider as dispatch sees them: last position, break, and the pending queue from the
 * rider_profiles.queue snapshot (ADR 0009), as PendingTaskRow for toRiderModels.
 */
export async function findRiderWithQueue(db: DbOrTx, riderId: number) {
  const [row] = await db
    .select({
      id: riderProfiles.userId,
      regionId: riderProfiles.regionId,
      state: riderProfiles.state,
      isOnline: riderProfiles.isOnline,
      isOnDuty: riderProfiles.isOnDuty,
      isWildcard: riderProfiles.isWildcard,
      isCovid: riderProfiles.isCovid,
      capacity: riderProfiles.capacity,
      cellId: riderProfiles.cellId,
      lastKnownLatitude: riderProfiles.lastKnownLatitude,
      lastKnownLongitude: riderProfiles.lastKnownLongitude,
      shiftBreakEndTime: riderProfiles.shiftBreakEndTime,
      queue: riderProfiles.queue,
    })
    .from(riderProfiles)
    .where(eq(riderProfiles.userId, riderId));
  if (!row) return undefined;
  const { queue, ...rider } = row;
  const tasks = decodeQueue(riderId, queue);
  return { rider, tasks };
}
