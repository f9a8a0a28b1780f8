import { z } from 'zod';
import { TIME_SLOT_LENGTHS } from '../constants';
import { INPUT_MESSAGES } from '../messages';
import { dateTimeSchema, idParamSchema, idSchema, verticalSchema } from './common';
import { timeSlotsQuerySchema } from './order-requests';
import { riderTaskSchema, scoredRiderSchema } from './riders';

/**
 * Response and request shapes of the dispatch routes. They extend the rider entities with what
 * the server adds (a score breakdown, the centre id); the console reads them as is.
 */

export const scoreBreakdownSchema = z.object({
  travel: z.number(),
  lateness: z.number(),
  load: z.number(),
  cellCoverage: z.number(),
  skills: z.number(),
});

export const suggestedRiderSchema = scoredRiderSchema.extend({
  breakdown: scoreBreakdownSchema,
  estimatedArrival: dateTimeSchema.nullable(),
  lateMinutes: z.number().nonnegative(),
  /**
   * Minutes past a held sample's expiry at which taking this order would bring the rider to the
   * collection centre (ADR 0048); such a rider is among the late riders.
   */
  sampleLateMinutes: z.number().nonnegative(),
});

const group = z.array(suggestedRiderSchema);
export const suggestedRidersSchema = z.object({
  availableRiders: group,
  lateRiders: group,
  outOfCapacityRiders: group,
  deliveringRiders: group,
  outOfRegionRiders: group,
  offDutyRiders: group,
});

export const suggestedRidersParamsSchema = z.object({
  vertical: verticalSchema,
  orderId: idParamSchema,
});

export const riderTasksQuerySchema = z.object({ riderId: idParamSchema });

export const dispatchTaskSchema = riderTaskSchema.extend({
  collectionCenter: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export const dispatchTaskListSchema = z.array(dispatchTaskSchema);

const slotLengthSchema = z.coerce
  .number()
  .int()
  .refine((n) => (TIME_SLOT_LENGTHS as readonly number[]).includes(n), {
    error: INPUT_MESSAGES.SLOT_LENGTH_INVALID,
  })
  // The refine is code; the API document names the values it allows.
  .meta({ enum: [...TIME_SLOT_LENGTHS] });

export const timeSlotsBodySchema = timeSlotsQuerySchema.extend({
  slotLength: slotLengthSchema.optional(),
});
export const timeSlotsQueryParamsSchema = z.object({ slotLength: slotLengthSchema.optional() });
