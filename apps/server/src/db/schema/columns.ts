import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Shared column helpers. Column names are snake_case via the drizzle `casing` option. */
export const tz = () => timestamp({ withTimezone: true, mode: 'date' });

export const timestamps = {
  created: tz().notNull().defaultNow(),
  modified: tz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * The edit count of a record that staff edit in forms (docs/decisions/0056): every edit adds
 * one, and an edit sent with If-Match only updates the version it read. An integer, not
 * `modified`: JavaScript dates hold milliseconds and PostgreSQL microseconds.
 */
export const version = () => integer().notNull().default(1);
