import { SHIFT_STATES } from '@dastak/core/states';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, tz, version } from './columns';
import { hotspots, regions } from './locations';
import { users } from './users';

/** A weekly slot of a region (weekday Monday 0 to Sunday 6), times in Asia/Karachi. */
export const shiftSchedules = pgTable(
  'shift_schedules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    /** Optimistic concurrency (ADR 0056): the edit count and who made the last edit. */
    version: version(),
    modifiedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('shift_schedules_weekday_ck', sql`${t.weekday} between 0 and 6`),
    check('shift_schedules_times_ck', sql`${t.startTime} <= ${t.endTime}`),
    // The weekly grid of a region.
    index('shift_schedules_region_weekday_idx').on(t.regionId, t.weekday, t.startTime),
  ],
);

/** Riders on a weekly slot, each with the hotspot they start from. */
export const riderShiftSchedules = pgTable(
  'rider_shift_schedules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    shiftScheduleId: integer()
      .notNull()
      .references(() => shiftSchedules.id, { onDelete: 'cascade' }),
    riderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hotspotId: integer().references(() => hotspots.id, { onDelete: 'set null' }),
    allowBreak: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    // 'Rider already added'.
    uniqueIndex('rider_shift_schedules_shift_rider_uq').on(t.shiftScheduleId, t.riderId),
    index('rider_shift_schedules_rider_idx').on(t.riderId),
  ],
);

/**
 * One dated occurrence of a rider's weekly slot, made by the shift-generation job; it carries
 * the attendance figures. regionId is copied from the schedule for the attendance filters.
 */
export const riderShifts = pgTable(
  'rider_shifts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    riderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shiftScheduleId: integer().references(() => shiftSchedules.id, { onDelete: 'set null' }),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
    hotspotId: integer().references(() => hotspots.id, { onDelete: 'set null' }),
    startDatetime: tz().notNull(),
    endDatetime: tz().notNull(),
    state: text({ enum: SHIFT_STATES }).notNull().default('scheduled'),
    breakDurationMins: smallint(),
    breakStartedAt: tz(),
    breakAlreadyGiven: boolean().notNull().default(false),
    isPresent: boolean().notNull().default(false),
    riderDidStartInsideHotspot: boolean(),
    hotspotLatitude: doublePrecision(),
    hotspotLongitude: doublePrecision(),
    hotspotRecordedAt: tz(),
    onTimePercentage: doublePrecision(),
    onlinePercentage: doublePrecision(),
    distanceTravelledMetres: integer(),
    /**
     * The ping roll-up's running state (docs/decisions/0037-attendance.md): the last point counted
     * into the distance, the shift's 5-minute slots with a ping (online % = these over the shift's
     * slots), and the newest slot written, so a ping in that slot need not write it again.
     */
    trailLatitude: doublePrecision(),
    trailLongitude: doublePrecision(),
    trailRecordedAt: tz(),
    onlineSlots: integer().notNull().default(0),
    lastSlotStart: tz(),
    ...timestamps,
  },
  (t) => [
    // The generation job is idempotent per rider and start.
    uniqueIndex('rider_shifts_rider_start_uq').on(t.riderId, t.startDatetime),
    // Attendance list: region + start/end range (+ shift, rider), and the live shift lookups.
    index('rider_shifts_region_start_idx').on(t.regionId, t.startDatetime),
    index('rider_shifts_schedule_start_idx').on(t.shiftScheduleId, t.startDatetime),
  ],
);

/** 5-minute attendance slots of a rider shift (spec §9); slots without data are absent. */
export const riderShiftAttendance = pgTable(
  'rider_shift_attendance',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    riderShiftId: integer()
      .notNull()
      .references(() => riderShifts.id, { onDelete: 'cascade' }),
    slotStart: tz().notNull(),
    isPresent: boolean().notNull(),
  },
  (t) => [uniqueIndex('rider_shift_attendance_shift_slot_uq').on(t.riderShiftId, t.slotStart)],
);
