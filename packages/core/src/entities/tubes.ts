import { z } from 'zod';
import { HANDOVER_LABELS_MAX, TUBES_PER_ORDER_MAX } from '../constants';
import { TUBE_MESSAGES } from '../messages/tubes';
import { isValidTubeLabel, normalizeTubeLabel } from '../rules/tube-labels';
import { dateTimeSchema } from './common';

/** Sample tubes by their barcode label (docs/decisions/0062-tube-labels-and-idempotent-rider-writes.md). */

/** One label as scanned or typed: trimmed, upper-cased, then 4–40 of [A-Z0-9-]. */
export const tubeLabelSchema = z
  .string({ error: TUBE_MESSAGES.LABEL_INVALID })
  .transform(normalizeTubeLabel)
  .refine(isValidTubeLabel, TUBE_MESSAGES.LABEL_INVALID);

const distinct = (labels: string[]) => new Set(labels).size === labels.length;

/** The tubes scanned at collection: 0–10, each once. */
export const collectedTubeLabelsSchema = z
  .array(tubeLabelSchema)
  .max(TUBES_PER_ORDER_MAX, TUBE_MESSAGES.LABELS_TOO_MANY)
  .refine(distinct, TUBE_MESSAGES.LABELS_REPEATED);

/** The tubes scanned at the centre's handover (a repeated scan counts once). */
export const handedOverLabelsSchema = z.array(tubeLabelSchema).max(HANDOVER_LABELS_MAX);

/** A tube on an order's detail: handedOverAt null while it is with the rider (or went missing). */
export const orderTubeSchema = z.object({
  label: z.string(),
  collectedAt: dateTimeSchema,
  handedOverAt: dateTimeSchema.nullable(),
  /** 'missing': the handover at the centre did not account for it. */
  flag: z.enum(['missing']).nullable(),
});
export type OrderTube = z.infer<typeof orderTubeSchema>;

/** The deliver reply's comparison of the tubes in hand with the scans at the centre. */
export const tubeCheckSchema = z.object({
  checked: z.array(z.string()),
  handedOver: z.array(z.string()),
  missing: z.array(z.string()),
  unknown: z.array(z.string()),
});
