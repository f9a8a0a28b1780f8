import { z } from 'zod';
import { STAR_COUNT } from '../constants';
import { FULFILLMENT_METHODS, ORDER_STATES, PARTIAL_ORDER_STATES } from '../states';
import { orderScanTypeSchema } from './catalog';
import {
  apiDateSchema,
  dateTimeSchema,
  idSchema,
  latitudeSchema,
  longitudeSchema,
  namedRefSchema,
  paged,
  verticalSchema,
} from './common';
import { customerAddressSchema } from './customer-addresses';
import { patientSchema } from './patients';
import { orderTubeSchema } from './tubes';
import { versionSchema } from './versioning';

export const orderStateSchema = z.enum(ORDER_STATES);
export const fulfillmentMethodSchema = z.enum(FULFILLMENT_METHODS);

/** The customer as an order carries it (profile block of order detail). */
export const orderCustomerSchema = z.object({
  id: idSchema,
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});

/** A star rating as stored: 1 to 5, null while unanswered. */
const starsSchema = z.number().int().min(1).max(STAR_COUNT).nullable();

export const prescriptionFileSchema = z.object({
  url: z.string(),
  /** 'image' or 'pdf' decides how the file is shown. */
  kind: z.enum(['image', 'pdf']),
});

export const orderSchema = z.object({
  id: idSchema,
  number: z.string(),
  state: orderStateSchema,
  pickup: dateTimeSchema,
  address: z.string(),
  region: idSchema,
  regionName: z.string().nullable(),
  // The order's patient and address as booked; their edit counts belong to their own edits.
  patient: patientSchema.omit({ version: true }),
  customer: orderCustomerSchema,
  /**
   * The order's pin, kept after Delete Address or Mark Wrong Pin took it off the customer:
   * `deleted` says so (the detail then offers no Verify, as the server refuses it).
   */
  customerAddress: customerAddressSchema.omit({ version: true }).extend({ deleted: z.boolean() }),
  assignedRider: namedRefSchema.nullable(),
  rider: z
    .object({
      id: idSchema,
      lastKnownLatitude: latitudeSchema.nullable(),
      lastKnownLongitude: longitudeSchema.nullable(),
    })
    .nullable(),
  scanTypes: z.array(orderScanTypeSchema),
  additionalNotes: z.string(),
  urgentDelivery: z.boolean(),
  isFasting: z.boolean(),
  isMedicineAndSpecificTime: z.boolean(),
  needsReview: z.boolean(),
  isFollowUpAddressed: z.boolean(),
  allowManualAssignment: z.boolean(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  created: dateTimeSchema,
  modified: dateTimeSchema,
  createdBy: idSchema.nullable(),
  vertical: verticalSchema,
  sourceOrder: idSchema.nullable(),
  fulfillmentMethod: fulfillmentMethodSchema,
  orderType: z.number().int(),
  orderSource: idSchema.nullable(),
  /** PKR after discount as the server priced it; null on orders booked without a price. */
  givenValue: z.number().int().nonnegative().nullable(),
  collectedAt: dateTimeSchema.nullable(),
  /**
   * When the collected sample stops being fit for the lab (collection + the shortest stability
   * window of its tests, rules/sample-stability.ts); null before collection and for X-ray.
   */
  sampleExpiresAt: dateTimeSchema.nullable(),
  totalFollowUps: z.number().int().nonnegative(),
  /** Metres from the pin at which the rider counted as reached. */
  reachedThresholdDistance: z.number().nonnegative().nullable(),
  riderReachedLatitude: latitudeSchema.nullable(),
  riderReachedLongitude: longitudeSchema.nullable(),
  riderCollectionLatitude: latitudeSchema.nullable(),
  riderCollectionLongitude: longitudeSchema.nullable(),
  prescriptionImage: z.string().nullable(),
  prescriptionFiles: z.array(prescriptionFileSchema),
  /** The customer's review (§2.7 Customer Feedback); null until a review link was sent. */
  review: z
    .object({
      isComplete: z.boolean(),
      overallStarRating: starsSchema,
      onTimeStarRating: starsSchema,
      riderStarRating: starsSchema,
      feedbackText: z.string(),
    })
    .nullable(),
  /** The rider's feedback on the visit (§2.7 Rider Feedback for Patient); null when none. */
  riderToPatientFeedback: z
    .object({
      isComplete: z.boolean(),
      overallStarRating: starsSchema,
      patientBehaviorStarRating: starsSchema,
      waitTimeMins: z.number().int().nullable(),
      feedbackText: z.string(),
    })
    .nullable(),
  /** Minutes past pickup without collection; null when not late. */
  lateTimedelta: z.number().int().nullable(),
  isUnverified: z.boolean(),
  wasAutoAssigned: z.boolean(),
  wasManualAssigned: z.boolean(),
  isCovid: z.boolean(),
  isUnverifiedByRider: z.boolean(),
  isExternal: z.boolean(),
  partialOrderId: idSchema.nullable(),
  /** Percent taken off the tests total, decimals allowed (order details block: discount and total). */
  discountPercent: z.number().min(0).max(100),
  /** Length of the booked slot starting at pickup. */
  timeSlotMinutes: z.number().int().positive(),
  /** Why the order is in problem: the problem string chosen and the free text. */
  problemString: namedRefSchema.nullable(),
  problemReason: z.string().nullable(),
  /** Why it was cancelled: the cancellation string chosen and the free text. */
  cancellationString: namedRefSchema.nullable(),
  cancellationReason: z.string().nullable(),
  /** Where a delivered sample went. */
  collectionCenter: namedRefSchema.nullable(),
  assignedAt: dateTimeSchema.nullable(),
  reachedAt: dateTimeSchema.nullable(),
  deliveredAt: dateTimeSchema.nullable(),
  cancelledAt: dateTimeSchema.nullable(),
  /** The sample tubes scanned at collection, oldest first (ADR 0062). */
  tubes: z.array(orderTubeSchema),
  /** Every change of the order adds one (edits and state actions alike); its ETag. */
  version: versionSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** Rows of the orders and unverified-orders lists. */
export const orderListItemSchema = orderSchema.pick({
  id: true,
  number: true,
  state: true,
  pickup: true,
  address: true,
  region: true,
  regionName: true,
  patient: true,
  assignedRider: true,
  needsReview: true,
  isFollowUpAddressed: true,
  isFasting: true,
  isMedicineAndSpecificTime: true,
  urgentDelivery: true,
  allowManualAssignment: true,
  fulfillmentMethod: true,
  vertical: true,
  created: true,
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** Order markers of the dashboard map; the popup names the assigned rider. */
export const orderMapItemSchema = orderSchema.pick({
  id: true,
  number: true,
  state: true,
  pickup: true,
  address: true,
  latitude: true,
  longitude: true,
  patient: true,
  scanTypes: true,
  assignedRider: true,
  sampleExpiresAt: true,
});
export type OrderMapItem = z.infer<typeof orderMapItemSchema>;

/** Order history of riders and customers. */
export const orderSummarySchema = orderSchema.pick({
  id: true,
  number: true,
  state: true,
  pickup: true,
  address: true,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** A row of the order activity log; verbs are those of order-transitions.ts. */
export const orderActivitySchema = z.object({
  id: idSchema,
  verb: z.string(),
  description: z.string(),
  created: dateTimeSchema,
  actorName: z.string().nullable(),
});
export type OrderActivity = z.infer<typeof orderActivitySchema>;

export const partialOrderStateSchema = z.enum(PARTIAL_ORDER_STATES);

/** An order begun elsewhere and finished on the create page (/blood/orders/create/{id}). */
export const partialOrderSchema = z.object({
  id: idSchema,
  city: namedRefSchema.nullable(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  state: partialOrderStateSchema,
  date: apiDateSchema.nullable(),
  /** Slot label as captured, e.g. '10:00 AM - 10:30 AM'. */
  timeSlot: z.string().nullable(),
  created: dateTimeSchema,
});
export type PartialOrder = z.infer<typeof partialOrderSchema>;

/** PATCH /orders/partial-order/{id}/: the console only cancels. */
export const partialOrderPatchSchema = z.object({ state: z.literal('CANCELLED') });
export type PartialOrderPatch = z.infer<typeof partialOrderPatchSchema>;

/** The short answer of an order action: the toast text and the order as it now stands. */
export const orderActionReplySchema = z.object({
  detail: z.string(),
  id: z.number().int(),
  number: z.string(),
  state: orderStateSchema,
  pickup: dateTimeSchema,
  assignedRider: namedRefSchema.nullable(),
});
export type OrderActionReply = z.infer<typeof orderActionReplySchema>;

/** GET /orders/locate/{id}/: where an order lives, from its id alone. */
export const orderLocationSchema = z.object({ id: z.number().int(), vertical: verticalSchema });
export type OrderLocation = z.infer<typeof orderLocationSchema>;

/** GET /orders/{vertical}/states/: the state names the list filters offer. */
export const orderStateNameListSchema = z.array(z.string());

export const orderActivityPageSchema = paged(orderActivitySchema);
export const orderMapItemListSchema = z.array(orderMapItemSchema);

/** A customer's order history row: the summary plus when the order was created. */
export const customerOrderPageSchema = paged(
  orderSummarySchema.extend({ created: dateTimeSchema }),
);
export const riderOrderPageSchema = paged(orderSummarySchema);
