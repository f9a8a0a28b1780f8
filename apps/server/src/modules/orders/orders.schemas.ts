import { idParamSchema, verticalSchema } from '@dastak/core/entities/common';
import { orderAssignSchema } from '@dastak/core/entities/order-requests';
import { z } from 'zod';

/** Route-level schemas of the order actions; their bodies and replies are core's. */

export const orderPathSchema = z.object({ vertical: verticalSchema, id: idParamSchema });
export const orderIdPathSchema = z.object({ id: idParamSchema });

/** The console sends one rider id; a bare integer is accepted as well as a list (spec §5). */
export const riderIdsBodySchema = z.object({
  riderIds: z.preprocess(
    (v) => (typeof v === 'number' ? [v] : v),
    orderAssignSchema.shape.riderIds,
  ),
});
