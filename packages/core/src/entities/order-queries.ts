import { z } from 'zod';
import { FULFILLMENT_METHODS, ORDER_STATES } from '../states';
import {
  dateTimeSchema,
  idListParamSchema,
  idParamSchema,
  paged,
  pageQuerySchema,
  toggleParamSchema,
} from './common';
import { orderListItemSchema } from './orders';

const optionalId = idParamSchema.optional();

/** Comma-joined state names; unknown names are refused rather than ignored. */
const stateListParamSchema = z
  .string()
  .transform((v) => (v === '' ? [] : v.split(',')))
  .pipe(z.array(z.enum(ORDER_STATES)));

/**
 * GET /orders/{vertical}/ after the snake_case boundary: the counterpart of
 * orderFiltersToApiParams in rules/order-filters.ts.
 */
export const orderListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().default(''),
  regions: idListParamSchema.default([]),
  states: stateListParamSchema.default([]),
  pickupFrom: dateTimeSchema.optional(),
  pickupTo: dateTimeSchema.optional(),
  rider: optionalId,
  createdBy: optionalId,
  problemString: optionalId,
  needsReview: toggleParamSchema,
  wasAutoAssigned: toggleParamSchema,
  wasManualAssigned: toggleParamSchema,
  isCovid: toggleParamSchema,
  fulfillmentMethod: z.enum(FULFILLMENT_METHODS).optional(),
  followUp: toggleParamSchema,
  moreThanFollowUps: z.coerce.number().int().nonnegative().optional(),
  isFollowUpAddressed: toggleParamSchema,
  isUnverifiedByRider: toggleParamSchema,
  isFasting: toggleParamSchema,
  urgentDelivery: toggleParamSchema,
  isMedicineAndSpecificTime: toggleParamSchema,
  isOnline: toggleParamSchema,
  isWildcard: toggleParamSchema,
  addressTypes: idListParamSchema.default([]),
  ordering: z
    .string()
    .regex(/^-?[a-zA-Z]+(,-?[a-zA-Z]+)*$/)
    .default('-created'),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** GET /orders/{vertical}/unverified/: order number search, regions, pickup window, ordering. */
export const unverifiedOrderListQuerySchema = orderListQuerySchema.pick({
  page: true,
  pageSize: true,
  search: true,
  regions: true,
  pickupFrom: true,
  pickupTo: true,
  ordering: true,
});
export type UnverifiedOrderListQuery = z.infer<typeof unverifiedOrderListQuerySchema>;

/**
 * A page of an orders list: the paged shape plus countIsCapped, true when more orders match than
 * ORDER_LIST_COUNT_CAP (count is then the cap: 'N+ results').
 */
export const orderListPageSchema = paged(orderListItemSchema).extend({
  countIsCapped: z.boolean(),
});
export type OrderListPage = z.infer<typeof orderListPageSchema>;

/** Dashboard, late-order and stats queries: a pickup window and regions. */
export const orderWindowQuerySchema = z.object({
  pickupFrom: dateTimeSchema.optional(),
  pickupTo: dateTimeSchema.optional(),
  regions: idListParamSchema.default([]),
  states: stateListParamSchema.default([]),
  regionId: idParamSchema.optional(),
});
export type OrderWindowQuery = z.infer<typeof orderWindowQuerySchema>;
