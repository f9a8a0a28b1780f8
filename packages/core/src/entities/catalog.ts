import { z } from 'zod';
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
  /** The patient must fast before the test (issue 17); sent by the test search only. */
  requiresFasting: z.boolean().optional(),
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
