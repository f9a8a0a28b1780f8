import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns';

/**
 * Rate-limit counters shared by every server on one PostgreSQL database
 * (docs/decisions/0052-rate-limits.md): one row per key (a hash of what is counted, such as an
 * account and a client address), its hits in the window that started with its first hit, and
 * when that window ends. Rows past their end are pruned; PGlite keeps its counters in memory.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  expiresAt: tz().notNull(),
});
