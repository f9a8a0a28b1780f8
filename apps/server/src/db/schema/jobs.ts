import { pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns';

/**
 * One row per periodic job that must run once per period across instances
 * (docs/decisions/0035-instances-and-exactly-once.md): the instance that moves next_run_at
 * forward runs that period, the others skip it.
 */
export const jobLeases = pgTable('job_leases', {
  name: text().primaryKey(),
  nextRunAt: tz().notNull(),
  holder: text().notNull(),
  updatedAt: tz().notNull().defaultNow(),
});
