import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { scanTypes } from '../../../db/schema/catalog';
import {
  customerAddresses,
  customers,
  patients,
  regionCustomerAddresses,
} from '../../../db/schema/customers';
import { orderReviews, riderToPatientFeedback } from '../../../db/schema/feedback';
import { collectionCenters, regions } from '../../../db/schema/locations';
import { lookups } from '../../../db/schema/lookups';
import { orderScanTypes, orders } from '../../../db/schema/orders';
import { riderProfiles } from '../../../db/schema/riders';
import { users } from '../../../db/schema/users';

/**
 * Reads of the order detail page (spec §2.6): the order with everything it points at in one
 * joined row, its test lines, and the regions of its address: three queries whatever the order.
 */

const problemStrings = alias(lookups, 'problem_string');
const cancellationStrings = alias(lookups, 'cancellation_string');

/** The order and its one-to-one neighbours; the address is read even when soft-deleted. */
export async function findOrderDetail(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      regionName: regions.name,
      patient: patients,
      customer: {
        id: customers.id,
        phone: customers.phone,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
      },
      address: customerAddresses,
      rider: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      riderLatitude: riderProfiles.lastKnownLatitude,
      riderLongitude: riderProfiles.lastKnownLongitude,
      problemString: { id: problemStrings.id, name: problemStrings.text },
      cancellationString: { id: cancellationStrings.id, name: cancellationStrings.text },
      collectionCenter: { id: collectionCenters.id, name: collectionCenters.name },
      review: {
        isComplete: orderReviews.isComplete,
        overallStarRating: orderReviews.overallStarRating,
        onTimeStarRating: orderReviews.onTimeStarRating,
        riderStarRating: orderReviews.riderStarRating,
        feedbackText: orderReviews.feedbackText,
      },
      riderFeedback: {
        isComplete: riderToPatientFeedback.isComplete,
        overallStarRating: riderToPatientFeedback.overallStarRating,
        patientBehaviorStarRating: riderToPatientFeedback.patientBehaviorStarRating,
        waitTimeMins: riderToPatientFeedback.waitTimeMins,
        feedbackText: riderToPatientFeedback.feedbackText,
      },
    })
    .from(orders)
    .innerJoin(regions, eq(regions.id, orders.regionId))
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(customerAddresses, eq(customerAddresses.id, orders.customerAddressId))
    .leftJoin(users, eq(users.id, orders.assignedRiderId))
    .leftJoin(riderProfiles, eq(riderProfiles.userId, orders.assignedRiderId))
    .leftJoin(problemStrings, eq(problemStrings.id, orders.problemStringId))
    .leftJoin(cancellationStrings, eq(cancellationStrings.id, orders.cancellationStringId))
    .leftJoin(collectionCenters, eq(collectionCenters.id, orders.collectionCenterId))
    .leftJoin(orderReviews, eq(orderReviews.orderId, orders.id))
    .leftJoin(riderToPatientFeedback, eq(riderToPatientFeedback.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row;
}

export type OrderDetailRow = NonNullable<Awaited<ReturnType<typeof findOrderDetail>>>;

/** The order's tests with the catalogue entry of each. */
export function listOrderTests(db: DbOrTx, orderId: number) {
  return db
    .select({
      count: orderScanTypes.count,
      id: scanTypes.id,
      name: scanTypes.name,
      code: scanTypes.code,
      value: scanTypes.value,
      isCovid: scanTypes.isCovid,
      isAllowed: scanTypes.isAllowed,
      label: scanTypes.label,
    })
    .from(orderScanTypes)
    .innerJoin(scanTypes, eq(scanTypes.id, orderScanTypes.scanTypeId))
    .where(eq(orderScanTypes.orderId, orderId))
    .orderBy(asc(orderScanTypes.id));
}

/** Regions containing the order's address (regionCustomerAddresses), reached through the order. */
export function listOrderAddressRegions(db: DbOrTx, orderId: number) {
  return db
    .select({ id: regions.id, name: regions.name, vertical: regions.vertical })
    .from(orders)
    .innerJoin(
      regionCustomerAddresses,
      eq(regionCustomerAddresses.customerAddressId, orders.customerAddressId),
    )
    .innerJoin(regions, eq(regions.id, regionCustomerAddresses.regionId))
    .where(eq(orders.id, orderId))
    .orderBy(asc(regions.name));
}

/** Just the vertical, for /orders/locate/{id}/. */
export async function findOrderVertical(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, vertical: orders.vertical })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}
