import type { AddressRegion } from '@dastak/core/entities/customer-addresses';
import type { Order } from '@dastak/core/entities/orders';
import { toSixDecimals } from '@dastak/core/rules/format';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { lateMinutes } from '@dastak/core/rules/pickup-lateness';
import type { AgeUnit, FulfillmentMethod, Gender, OrderState, Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../../db/client';
import { ageString } from '../../../lib/age-string';
import { notFound } from '../../../lib/domain-errors';
import { listOrderTubes } from '../tubes/tubes.repository';
import * as repo from './order-detail.repository';

/** GET /orders/{vertical}/{id}/ and /orders/locate/{id}/ (spec §2.6, §3 Order). */

// The same whole minutes the console's status block shows beside its countdown (one rule, core).
export { lateMinutes };

const iso = (d: Date | null) => (d ? toKarachiIso(d) : null);
const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

/** The full order of the detail page; 404 when unknown or of the other vertical. */
export async function getOrderDetail(
  db: DbOrTx,
  vertical: Vertical,
  orderId: number,
  now = new Date(),
): Promise<Order> {
  const [row, tests, addressRegions, tubes] = await Promise.all([
    repo.findOrderDetail(db, orderId),
    repo.listOrderTests(db, orderId),
    repo.listOrderAddressRegions(db, orderId),
    listOrderTubes(db, orderId),
  ]);
  if (!row || row.order.vertical !== vertical) throw notFound();
  return { ...toOrder(row, tests, addressRegions, now), tubes };
}

/** Which vertical's detail page shows the order (links that carry only the id). */
export async function locateOrder(db: DbOrTx, orderId: number) {
  const row = await repo.findOrderVertical(db, orderId);
  if (!row) throw notFound();
  return { id: row.id, vertical: row.vertical as Vertical };
}

function toOrder(
  row: repo.OrderDetailRow,
  tests: Awaited<ReturnType<typeof repo.listOrderTests>>,
  addressRegions: AddressRegion[],
  now: Date,
): Omit<Order, 'tubes'> {
  const { order, patient, customer, address, rider, review, riderFeedback } = row;
  // Every order is booked on an address (create requires one); the column is nullable only so
  // that deleting a customer's data never has to touch the order history.
  if (!address) throw new Error(`Order ${order.id} has no customer address`);
  const ageUnit = patient.ageUnit as AgeUnit | null;
  return {
    id: order.id,
    number: order.number,
    state: order.state as OrderState,
    pickup: toKarachiIso(order.pickup),
    address: order.address,
    region: order.regionId,
    regionName: row.regionName,
    patient: {
      id: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      phone: patient.phone,
      secondaryPhone: patient.secondaryPhone,
      email: patient.email,
      gender: patient.gender as Gender,
      age: patient.age,
      ageUnit,
      ageWithUnit: { age: patient.age, ageUnit },
      ageString: ageString(patient.age, ageUnit),
      cardNumber: patient.cardNumber,
      customer: patient.customerId,
    },
    customer,
    // A soft-deleted address (Delete Address, Mark Wrong Pin) is still the order's pin.
    customerAddress: {
      id: address.id,
      latitude: toSixDecimals(address.latitude),
      longitude: toSixDecimals(address.longitude),
      customer: address.customerId,
      address: address.address,
      googleAddress: address.googleAddress,
      googleLatitude: address.googleLatitude == null ? null : toSixDecimals(address.googleLatitude),
      googleLongitude:
        address.googleLongitude == null ? null : toSixDecimals(address.googleLongitude),
      vertical: address.vertical as Vertical,
      verified: address.verified,
      isValid: address.isValid,
      regionCustomerAddresses: addressRegions.map((r) => ({ region: r })),
      deleted: address.deletedAt !== null,
    },
    assignedRider: rider ? { id: rider.id, name: fullName(rider) } : null,
    rider: rider
      ? {
          id: rider.id,
          lastKnownLatitude: row.riderLatitude,
          lastKnownLongitude: row.riderLongitude,
        }
      : null,
    scanTypes: tests.map(({ count, ...scanType }) => ({ count, scanType })),
    additionalNotes: order.additionalNotes,
    urgentDelivery: order.urgentDelivery,
    isFasting: order.isFasting,
    isMedicineAndSpecificTime: order.isMedicineAndSpecificTime,
    needsReview: order.needsReview,
    isFollowUpAddressed: order.isFollowUpAddressed,
    allowManualAssignment: order.allowManualAssignment,
    latitude: order.latitude ?? address.latitude,
    longitude: order.longitude ?? address.longitude,
    created: toKarachiIso(order.created),
    modified: toKarachiIso(order.modified),
    createdBy: order.createdById,
    vertical: order.vertical as Vertical,
    sourceOrder: order.sourceOrderId,
    fulfillmentMethod: order.fulfillmentMethod as FulfillmentMethod,
    orderType: order.orderType,
    orderSource: order.orderSourceId,
    givenValue: order.givenValue,
    collectedAt: iso(order.collectedAt),
    sampleExpiresAt: iso(order.sampleExpiresAt),
    totalFollowUps: order.totalFollowUps,
    reachedThresholdDistance: order.reachedThresholdDistance,
    riderReachedLatitude: order.riderReachedLatitude,
    riderReachedLongitude: order.riderReachedLongitude,
    riderCollectionLatitude: order.riderCollectionLatitude,
    riderCollectionLongitude: order.riderCollectionLongitude,
    prescriptionImage: order.prescriptionImage,
    prescriptionFiles: order.prescriptionFiles,
    review: review ? { ...review, feedbackText: review.feedbackText ?? '' } : null,
    riderToPatientFeedback: riderFeedback
      ? { ...riderFeedback, feedbackText: riderFeedback.feedbackText ?? '' }
      : null,
    lateTimedelta: lateMinutes(order, now),
    isUnverified: order.isUnverified,
    wasAutoAssigned: order.wasAutoAssigned,
    wasManualAssigned: order.wasManualAssigned,
    isCovid: order.isCovid,
    isUnverifiedByRider: order.isUnverifiedByRider,
    isExternal: order.isExternal,
    partialOrderId: order.partialOrderId,
    discountPercent: order.discountPercent,
    timeSlotMinutes: order.timeSlotMinutes,
    problemString: row.problemString,
    problemReason: order.problemReason,
    cancellationString: row.cancellationString,
    cancellationReason: order.cancellationReason,
    collectionCenter: row.collectionCenter,
    assignedAt: iso(order.assignedAt),
    reachedAt: iso(order.reachedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    version: order.version,
  };
}
