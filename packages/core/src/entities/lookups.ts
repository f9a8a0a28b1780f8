import { z } from 'zod';
import { FORM_VALIDATION } from '../messages';
import { LOOKUP_KINDS } from '../states';
import { dateTimeSchema, idSchema, namedRefSchema } from './common';

/** Every reference list item (hear about us, problem/cancellation/... strings, order sources). */
export const referenceItemSchema = z.object({ id: idSchema, text: z.string() });
export type ReferenceItem = z.infer<typeof referenceItemSchema>;

export const hearAboutUsSchema = referenceItemSchema;
export const problemStringSchema = referenceItemSchema;
export const cancellationStringSchema = referenceItemSchema;
export const reassignmentStringSchema = referenceItemSchema;
export const rescheduleStringSchema = referenceItemSchema;
export const addressTypeSchema = referenceItemSchema;
export const orderSourceSchema = referenceItemSchema;

export const lookupKindSchema = z.enum(LOOKUP_KINDS);

/** A slot id is its Karachi start time 'HH:mm'; with the date it fixes the pickup. */
/** A slot as HH:mm; anything else is 'Enter a valid time', never the pattern. */
export const timeSlotIdSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, FORM_VALIDATION.INVALID_TIME);
export const orderTimeSlotSchema = z.object({ id: timeSlotIdSchema, dateTime: dateTimeSchema });
export type OrderTimeSlot = z.infer<typeof orderTimeSlotSchema>;

/** Late orders panel row; lateTimedelta is the delay in whole minutes. */
export const lateOrderSchema = z.object({
  id: idSchema,
  number: z.string(),
  pickup: dateTimeSchema,
  assignedRider: namedRefSchema.nullable(),
  lateTimedelta: z.number().int().nonnegative(),
});
export type LateOrder = z.infer<typeof lateOrderSchema>;

/** Orders panel counts of the dashboards. */
export const orderStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  inProgress: z.number().int().nonnegative(),
  unverified: z.number().int().nonnegative(),
  escalated: z.number().int().nonnegative(),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

export const onTimeRateSchema = z.object({
  date: z.iso.date(),
  percentageOnTimeCollections: z.number().min(0).max(100),
});
export type OnTimeRate = z.infer<typeof onTimeRateSchema>;

export const dashboardStatsSchema = z.object({
  onTimeReachedPercentage: z.number().min(0).max(100),
  onTimeCollectedPercentage: z.number().min(0).max(100),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** Order state option of GET /orders/{vertical}/states/ (value is the camelCase state). */
export const orderStateOptionSchema = z.object({ value: z.string(), label: z.string() });
export type OrderStateOption = z.infer<typeof orderStateOptionSchema>;

export const referenceItemListSchema = z.array(referenceItemSchema);
export const orderTimeSlotListSchema = z.array(orderTimeSlotSchema);
export const lateOrderListSchema = z.array(lateOrderSchema);
export const onTimeRateListSchema = z.array(onTimeRateSchema);
