import { z } from 'zod';
import { STABILITY_MESSAGES } from '../messages/sample-stability';
import { STABILITY_HOURS_MAX, STABILITY_HOURS_MIN } from '../rules/sample-stability';
import { idSchema, verticalFilterSchema } from './common';

/** A test (scan type): code, name and price in PKR. */
export const scanTypeSchema = z.object({
  id: idSchema,
  name: z.string(),
  code: z.string(),
  value: z.number().int().nonnegative(),
  isCovid: z.boolean(),
  /** False when the test cannot be taken at home (spec §5, TEST_NOT_ALLOWED). */
  isAllowed: z.boolean(),
  label: z.string(),
  /** The patient must fast before the test (ADR 0047); sent by the test search only. */
  requiresFasting: z.boolean().optional(),
  /**
   * Hours from collection to the lab before the sample spoils; null: the vertical's default
   * (rules/sample-stability.ts). Sent by the test search and the catalogue edit only.
   */
  stabilityHours: z.number().int().nullable().optional(),
});
export type ScanType = z.infer<typeof scanTypeSchema>;

/** An order line: the test and how many of it. */
export const orderScanTypeSchema = z.object({
  count: z.number().int().positive(),
  scanType: scanTypeSchema,
});
export type OrderScanType = z.infer<typeof orderScanTypeSchema>;

/** GET /orders/scan-types/ (search text, vertical). */
export const scanTypeSearchQuerySchema = z.object({
  search: z.string().trim().default(''),
  vertical: verticalFilterSchema,
});
export type ScanTypeSearchQuery = z.infer<typeof scanTypeSearchQuerySchema>;

/** PATCH /orders/scan-types/{id}/ (ADR 0048): a test's sample stability window; null resets it. */
export const scanTypeUpdateSchema = z.object({
  stabilityHours: z
    .number({ error: STABILITY_MESSAGES.HOURS_RANGE })
    .int({ error: STABILITY_MESSAGES.HOURS_RANGE })
    .min(STABILITY_HOURS_MIN, { error: STABILITY_MESSAGES.HOURS_RANGE })
    .max(STABILITY_HOURS_MAX, { error: STABILITY_MESSAGES.HOURS_RANGE })
    .nullable(),
});
export type ScanTypeUpdate = z.infer<typeof scanTypeUpdateSchema>;

export const scanTypeListSchema = z.array(scanTypeSchema);
