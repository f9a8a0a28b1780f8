import { VERTICALS } from '@dastak/core/states';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { tz } from './columns';

/**
 * Daily roll-ups of the reporting dashboard (docs/decisions/0040-report-rollups.md). Every row
 * is keyed by (vertical, region, Karachi day): the order's pickup day, or for ratings the day
 * the answer came in. Triggers on the raw tables mark a changed key in report_dirty_days in
 * the change's own transaction; the report-rollups job recomputes the marked keys from the raw
 * tables and deletes the marks it consumed. No foreign keys: the job rewrites them wholesale.
 */

/** A (vertical, region, day) whose roll-up rows are stale. Append-only; duplicates harmless. */
export const reportDirtyDays = pgTable('report_dirty_days', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  vertical: text({ enum: VERTICALS }).notNull(),
  regionId: integer().notNull(),
  day: date({ mode: 'string' }).notNull(),
});

const key = {
  vertical: text({ enum: VERTICALS }).notNull(),
  regionId: integer().notNull(),
  day: date({ mode: 'string' }).notNull(),
};

/**
 * Orders of a day by state, with what the by-day reports sum: on-time counts (rules/lateness.ts:
 * `done` = the milestone happened, `on` = by its deadline, `open` = due to happen and not yet),
 * follow-ups, tests and revenue (price after discount).
 */
export const reportDayStates = pgTable(
  'report_day_states',
  {
    ...key,
    state: text().notNull(),
    orders: integer().notNull(),
    followUpOrders: integer().notNull(),
    followUps: integer().notNull(),
    tests: integer().notNull(),
    revenuePkr: integer().notNull(),
    reachedDone: integer().notNull(),
    reachedOn: integer().notNull(),
    reachedOpen: integer().notNull(),
    collectedDone: integer().notNull(),
    collectedOn: integer().notNull(),
    collectedOpen: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vertical, t.day, t.regionId, t.state] }),
    index('report_day_states_region_idx').on(t.regionId, t.day),
  ],
);

/** Minute histograms of the timings (step 0: booking -> first assignment, 1: assigned -> reached). */
export const reportDayMinutes = pgTable(
  'report_day_minutes',
  {
    ...key,
    step: smallint().notNull(),
    minutes: integer().notNull(),
    orders: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vertical, t.day, t.regionId, t.step, t.minutes] })],
);

/** Cancellations and reschedules by the reason string chosen. */
export const reportDayReasons = pgTable(
  'report_day_reasons',
  {
    ...key,
    /** 'cancellation' | 'reschedule' */
    kind: text().notNull(),
    reason: text().notNull(),
    orders: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vertical, t.day, t.regionId, t.kind, t.reason] })],
);

/** Tests of delivered orders, and their revenue after the order's discount. */
export const reportDayTests = pgTable(
  'report_day_tests',
  {
    ...key,
    scanTypeId: integer().notNull(),
    tests: integer().notNull(),
    revenuePkr: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vertical, t.day, t.regionId, t.scanTypeId] })],
);

/** Each rider's orders of a day: delivered, and the reached on-time counts. */
export const reportDayRiders = pgTable(
  'report_day_riders',
  {
    ...key,
    riderId: integer().notNull(),
    completed: integer().notNull(),
    reachedDone: integer().notNull(),
    reachedOn: integer().notNull(),
    reachedOpen: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vertical, t.day, t.regionId, t.riderId] })],
);

/** Order reviews ('review') and surveys ('survey') answered on the day. */
export const reportDayRatings = pgTable(
  'report_day_ratings',
  {
    ...key,
    source: text().notNull(),
    answered: integer().notNull(),
    stars: integer().notNull(),
    starSum: integer().notNull(),
    fives: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vertical, t.day, t.regionId, t.source] })],
);

/** The on-time model the roll-ups were counted with: a change of it rebuilds them (one row). */
export const reportRollupModel = pgTable('report_rollup_model', {
  id: smallint().primaryKey(),
  onTimeGraceMinutes: doublePrecision().notNull(),
  pickupServiceMinutes: doublePrecision().notNull(),
  builtAt: tz().notNull().defaultNow(),
});
