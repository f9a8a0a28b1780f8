import { VERTICALS } from '@dastak/core/states';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Blood tests and X-ray/scan types (spec §3 scanType {id, name, code, value, isCovid, isAllowed, label}). */
export const scanTypes = pgTable(
  'scan_types',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    name: text().notNull(),
    /** Price in whole PKR. */
    value: integer().notNull(),
    vertical: text({ enum: VERTICALS }).notNull(),
    /** A covid test needs a covid rider and counts against covid slot capacity. */
    isCovid: boolean().notNull().default(false),
    /** False: not available in home sampling; the patient must visit a branch (spec §5). */
    isAllowed: boolean().notNull().default(true),
    /** Department/category shown as a tag, e.g. 'Haematology', 'Radiology'. */
    label: text().notNull().default(''),
    requiresFasting: boolean().notNull().default(false),
    /** Hint for the agent, e.g. '10-12 hours fasting' or 'Stop biotin 48 hours before'. */
    preparation: text(),
    /**
     * Hours a collected sample stays fit for the lab (ADR 0048); null: the vertical's
     * default (core rules/sample-stability.ts). Checked 1..168 by the PATCH route's schema.
     */
    stabilityHours: integer(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  // GET /orders/scan-types/?vertical&search: a few hundred rows, so a vertical index suffices.
  (t) => [index('scan_types_vertical_idx').on(t.vertical)],
);
