import { timestamp } from 'drizzle-orm/pg-core';

/** Shared column helpers. Column names are snake_case via the drizzle `casing` option. */
export const tz = () => timestamp({ withTimezone: true, mode: 'date' });

export const timestamps = {
  created: tz().notNull().defaultNow(),
  modified: tz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
