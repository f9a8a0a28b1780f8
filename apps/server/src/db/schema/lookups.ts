import { LOOKUP_KINDS, SCOPES } from '@dastak/core/states';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Every reference list of spec §3 in one table: hear about us, problem, cancellation,
 * reassignment and reschedule strings, address types, order sources. `scope` is 'common' for
 * lists shared by both verticals; a vertical's list is its own rows plus the common ones.
 */
export const lookups = pgTable(
  'lookups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text({ enum: LOOKUP_KINDS }).notNull(),
    scope: text({ enum: SCOPES }).notNull().default('common'),
    text: text().notNull(),
    sortOrder: smallint().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lookups_kind_scope_text_uq').on(t.kind, t.scope, t.text),
    // GET /orders/problem-strings/ etc.: one kind, its scopes, in display order.
    index('lookups_kind_scope_sort_idx').on(t.kind, t.scope, t.sortOrder),
  ],
);
