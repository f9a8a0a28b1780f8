import {
  dateTimeSchema,
  idParamSchema,
  namedRefSchema,
  verticalSchema,
} from '@dastak/core/entities/common';
import { orderAssignSchema } from '@dastak/core/entities/order-requests';
import { orderStateSchema } from '@dastak/core/entities/orders';
import { z } from 'zod';

/** Route-level schemas of the order actions; the request bodies themselves are core's. */

export const orderPathSchema = z.object({ vertical: verticalSchema, id: idParamSchema });
export const orderIdPathSchema = z.object({ id: idParamSchema });

/** The short answer of an action: the toast text and the order as it now stands. */
export const orderActionReplySchema = z.object({
  detail: z.string(),
  id: z.number().int(),
  number: z.string(),
  state: orderStateSchema,
  pickup: dateTimeSchema,
  assignedRider: namedRefSchema.nullable(),
});

/** The console sends one rider id; a bare integer is accepted as well as a list (spec §5). */
export const riderIdsBodySchema = z.object({
  riderIds: z.preprocess(
    (v) => (typeof v === 'number' ? [v] : v),
    orderAssignSchema.shape.riderIds,
  ),
});
