import { z } from 'zod';
import { ADDITIONAL_NOTES_MAX } from '../constants';
import { VALIDATION } from '../messages';
import { BULK_REASSIGN_MESSAGES } from '../messages/bulk-reassign';
import { whenMissing } from '../zod-messages';
import { dateTimeSchema, idSchema, idSchemaWith, namedRefSchema, verticalSchema } from './common';
import { orderStateSchema } from './orders';
import { assignableRiderGroupSchema } from './riders';

/** Bulk reassignment of a rider's pending pickups, shared by the server and console. */

/** One pending pickup of the rider and the rider the joint solver proposes for it. */
export const bulkReassignLineSchema = z.object({
  orderId: idSchema,
  number: z.string(),
  vertical: verticalSchema,
  state: orderStateSchema,
  /** Slot start. */
  pickup: dateTimeSchema,
  timeSlotMinutes: z.number().int(),
  /** The patient's area: the order's region and address. */
  area: z.string(),
  address: z.string(),
  proposedRider: namedRefSchema.nullable(),
  /** Why no rider is proposed (null when one is). */
  reason: z.string().nullable(),
  /**
   * The riders a dispatcher may pick instead: exactly the single re-assign's suggested riders for
   * this order, in its groups and their order.
   */
  candidates: z.array(namedRefSchema.extend({ group: assignableRiderGroupSchema })),
  /** Opaque: the commit refuses the line when the order changed since. */
  version: z.string(),
});
export type BulkReassignLine = z.infer<typeof bulkReassignLineSchema>;

export const bulkReassignProposalSchema = z.object({
  rider: namedRefSchema,
  lines: z.array(bulkReassignLineSchema),
});
export type BulkReassignProposal = z.infer<typeof bulkReassignProposalSchema>;

/** POST /riders/{riderId}/reassign-all/: the kept lines (dropped ones are not sent). */
export const bulkReassignCommitSchema = z.object({
  lines: z
    .array(
      z.object({
        orderId: idSchemaWith(VALIDATION.REQUIRED),
        riderId: idSchemaWith(VALIDATION.REQUIRED),
        version: z
          .string({ error: whenMissing(VALIDATION.REQUIRED) })
          .min(1)
          .max(100),
      }),
      { error: whenMissing(VALIDATION.REQUIRED) },
    )
    .min(1, BULK_REASSIGN_MESSAGES.NO_LINES)
    .max(200),
  reassignmentStringId: idSchemaWith(VALIDATION.REQUIRED),
  reason: z.string().max(ADDITIONAL_NOTES_MAX).default(''),
});
export type BulkReassignCommit = z.input<typeof bulkReassignCommitSchema>;

export const bulkReassignReplySchema = z.object({
  detail: z.string(),
  orders: z.array(
    z.object({
      id: idSchema,
      number: z.string(),
      state: orderStateSchema,
      pickup: dateTimeSchema,
      assignedRider: namedRefSchema.nullable(),
    }),
  ),
});
export type BulkReassignReply = z.infer<typeof bulkReassignReplySchema>;
