import { z } from 'zod';
import { ADDITIONAL_NOTES_MAX, COMMENT_MAX } from '../constants';
import { FORM_VALIDATION, ORDER_MESSAGES, VALIDATION } from '../messages';
import { enteredDiscount, validateDiscount } from '../rules/order-total';
import { FULFILLMENT_METHODS } from '../states';
import { whenMissing } from '../zod-messages';
import { apiDateSchema, commentSchema, idSchema, idSchemaWith, verticalSchema } from './common';
import { timeSlotIdSchema } from './lookups';
import { testCodesSchema } from './test-codes';

/** A required reference whose absence has its own message ('Select Patient', ...). */
const requiredId = idSchemaWith;

/** Numeric form text becomes a number; empty input means not given. */
const numericInput = (v: unknown) => {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
};

/** Order value in PKR: at least 0, and dropped from the payload unless above 0 (spec §5). */
export const orderValueSchema = z
  .preprocess(
    numericInput,
    z
      .number({ error: VALIDATION.ORDER_VALUE_INVALID })
      .min(0, VALIDATION.ORDER_VALUE_MIN)
      .optional(),
  )
  .transform((v) => (v !== undefined && v > 0 ? Math.round(v) : undefined));

/**
 * Percent off the tests total: 0 to 100, decimals allowed, with the spec's three messages (§5).
 * Empty means none given. The server prices the order from it (ADR 0016).
 */
export const orderDiscountSchema = z
  .union([z.number(), z.string()], { error: VALIDATION.DISCOUNT_INVALID })
  .nullable()
  .optional()
  .superRefine((input, ctx) => {
    const message = validateDiscount(input);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((input) => enteredDiscount(input));

/** Test codes of the order: at least one, a repeated code counts twice (bounded, test-codes.ts). */
const scanTypeCodesSchema = (message: string) =>
  testCodesSchema(z.array(z.string().min(1), { error: message }).min(1, message));

/**
 * §7 sends `orderType=1` on every create: a constant of the call, not the agent's choice. The
 * Regular/Hospital choice (§4 order source flags: Online 1 Regular, Offline 2 Hospital) travels
 * as `fulfillmentMethod` online/offline; the server stores the flag from it (ADR 0024).
 */
export const CREATE_ORDER_TYPE = 1;
export const orderTypeSchema = z
  .literal(CREATE_ORDER_TYPE, { error: ORDER_MESSAGES.ORDER_TYPE_FIXED })
  .default(CREATE_ORDER_TYPE);

/** Regular (online) or Hospital (offline): 'Please select order type' when neither (§5). */
const orderFulfillmentSchema = z.enum(FULFILLMENT_METHODS, { error: VALIDATION.SELECT_ORDER_TYPE });

/** POST /orders/{vertical}/ (spec §7 field list, §5 messages). */
export const orderCreateSchema = z.object({
  patient: requiredId(VALIDATION.SELECT_PATIENT),
  customerAddress: requiredId(VALIDATION.CREATE_OR_SELECT_ADDRESS),
  region: requiredId(VALIDATION.REQUIRED),
  scanType: scanTypeCodesSchema(VALIDATION.SELECT_TEST_TYPE),
  date: z.string({ error: VALIDATION.SELECT_PICKUP_TIME }).pipe(apiDateSchema),
  timeSlot: z.string({ error: VALIDATION.SELECT_PICKUP_TIME }).pipe(timeSlotIdSchema),
  /** The total the agent saw; when given it must be the server's price (ADR 0016). */
  value: orderValueSchema,
  discount: orderDiscountSchema,
  additionalNotes: z
    .string()
    .max(ADDITIONAL_NOTES_MAX, VALIDATION.ADDITIONAL_NOTES_MAX)
    .default(''),
  urgentDelivery: z.boolean().default(false),
  fulfillmentMethod: orderFulfillmentSchema.default('online'),
  orderSource: requiredId(VALIDATION.SELECT_ORDER_SOURCE),
  hearAbout: idSchema.nullable().optional(),
  orderType: orderTypeSchema,
  customer: requiredId(VALIDATION.CREATE_OR_SELECT_CUSTOMER),
  vertical: verticalSchema,
  isExternal: z.boolean().default(false),
  partialOrderId: idSchema.nullable().optional(),
  /** Set when the order was copied from another. */
  sourceOrder: idSchema.nullable().optional(),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

/** The create form: there the agent must pick Regular or Hospital; the API defaults to online. */
export const orderCreateFormSchema = orderCreateSchema.extend({
  fulfillmentMethod: orderFulfillmentSchema,
});

/** POST /orders/{vertical}/{id}/cancel/ */
export const orderCancelSchema = z.object({
  reason: z.string().max(ADDITIONAL_NOTES_MAX).default(''),
  cancellationStringId: requiredId(VALIDATION.REQUIRED),
  isUnverified: z.boolean().default(false),
});
export type OrderCancel = z.infer<typeof orderCancelSchema>;

const riderIdsSchema = z.array(idSchema, { error: FORM_VALIDATION.SELECT_RIDER }).min(1, {
  error: FORM_VALIDATION.SELECT_RIDER,
});

/** POST /orders/{vertical}/{id}/request/: the console sends one rider id. */
export const orderAssignSchema = z.object({ riderIds: riderIdsSchema });
export type OrderAssign = z.infer<typeof orderAssignSchema>;

/** POST /orders/{vertical}/{id}/reassign/ */
export const orderReassignSchema = z.object({
  riderIds: riderIdsSchema,
  reassignmentStringId: requiredId(VALIDATION.REQUIRED),
  reason: z.string().max(ADDITIONAL_NOTES_MAX).default(''),
});
export type OrderReassign = z.infer<typeof orderReassignSchema>;

/** POST /orders/{vertical}/{id}/reschedule/ */
export const orderRescheduleSchema = z.object({
  date: z.string({ error: whenMissing(VALIDATION.REQUIRED) }).pipe(apiDateSchema),
  timeSlot: z.string({ error: VALIDATION.SELECT_RESCHEDULE_TIME }).pipe(timeSlotIdSchema),
  reason: z.string().max(ADDITIONAL_NOTES_MAX).default(''),
  rescheduleStringId: requiredId(VALIDATION.REQUIRED),
});
export type OrderReschedule = z.infer<typeof orderRescheduleSchema>;

/** POST /orders/{vertical}/time-slots/ */
export const timeSlotsQuerySchema = z.object({
  date: apiDateSchema,
  regionId: idSchema,
  isCovid: z.boolean().default(false),
  orderId: idSchema.nullable().optional(),
  customerAddressId: idSchema.nullable().optional(),
});
export type TimeSlotsQuery = z.infer<typeof timeSlotsQuerySchema>;

/** PATCH /orders/update/{id}/: one toggle or the notes, inside data. */
export const orderUpdateSchema = z.object({
  data: z
    .object({
      needsReview: z.boolean().optional(),
      isFollowUpAddressed: z.boolean().optional(),
      additionalNotes: commentSchema.optional(),
    })
    .refine(
      (d) => Object.values(d).some((v) => v !== undefined),
      FORM_VALIDATION.NOTHING_TO_UPDATE,
    ),
});
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

/** POST /activity/follow-up/ */
export const followUpSchema = z.object({
  order: idSchema,
  reason: z
    .string({ error: whenMissing(VALIDATION.REQUIRED) })
    .trim()
    .min(1, VALIDATION.REQUIRED)
    .max(COMMENT_MAX, FORM_VALIDATION.COMMENT_MAX),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** POST /orders/update-order-scan-types/{orderId}/ */
export const updateScanTypesSchema = z.object({
  value: orderValueSchema,
  /** Absent: the order's own discount stays. */
  discount: orderDiscountSchema,
  scanType: scanTypeCodesSchema(VALIDATION.SELECT_TEST_TYPE_LOWER),
});
export type UpdateScanTypes = z.infer<typeof updateScanTypesSchema>;
