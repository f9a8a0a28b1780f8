import { z } from 'zod';
import { BREAK_DURATIONS_MINUTES } from '../constants';
import { FORM_VALIDATION, VALIDATION } from '../messages';
import { SHIFT_MESSAGES } from '../messages/shifts';
import { SHIFT_STATES } from '../states';
import { whenMissing } from '../zod-messages';
import {
  apiDateSchema,
  dateTimeSchema,
  idParamSchema,
  idSchema,
  idSchemaWith,
  latitudeSchema,
  longitudeSchema,
  paged,
  pageQuerySchema,
  timeOfDaySchema,
} from './common';
import { versionSchema } from './versioning';

/** Monday 0 to Sunday 6; a missing or wrong day reads 'Select week day'. */
export const weekdaySchema = z
  .number({ error: VALIDATION.SELECT_WEEK_DAY })
  .int({ error: VALIDATION.SELECT_WEEK_DAY })
  .min(0, VALIDATION.SELECT_WEEK_DAY)
  .max(6, VALIDATION.SELECT_WEEK_DAY);

export const shiftRiderSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
});

/** A rider placed on a weekly shift, with the hotspot to start from. */
export const shiftRiderAssignmentSchema = z.object({
  id: idSchema,
  shiftSchedule: idSchema,
  rider: shiftRiderSchema,
  hotspot: idSchema.nullable(),
  allowBreak: z.boolean(),
});
export type ShiftRiderAssignment = z.infer<typeof shiftRiderAssignmentSchema>;

/**
 * The end of a shift's day: a shift may run to midnight, so an end time is a time of day or
 * 24:00 (PostgreSQL's time type holds it; a dated shift then ends at the next day's 00:00).
 * Without it the 23:00 slot could never be offered (ADR 0057).
 */
export const SHIFT_DAY_END = '24:00';
const DAY_END = /^24:00(:00(\.0+)?)?$/;
export const isShiftDayEnd = (time: string) => DAY_END.test(time);

/** A shift's end time: HH:mm[:ss], or 24:00[:00] for midnight at the end of the day. */
export const shiftEndTimeSchema = z
  .string({ error: FORM_VALIDATION.INVALID_TIME })
  .refine((v) => isShiftDayEnd(v) || timeOfDaySchema.safeParse(v).success, {
    error: FORM_VALIDATION.INVALID_TIME,
  });

/** A weekly shift; start and end are Karachi times of day (the end may be 24:00). */
export const shiftScheduleSchema = z.object({
  id: idSchema,
  weekday: weekdaySchema,
  startTime: timeOfDaySchema,
  endTime: shiftEndTimeSchema,
  region: idSchema,
  cityName: z.string().nullable(),
  riders: z.array(shiftRiderAssignmentSchema),
  version: versionSchema,
});
export type ShiftSchedule = z.infer<typeof shiftScheduleSchema>;

/** 'HH:mm' and 'HH:mm:ss' compare equal when they name the same time. */
const secondsOfDay = (time: string) => {
  const [h = 0, m = 0, s = 0] = time.split(':').map((part) => Number.parseFloat(part));
  return h * 3600 + m * 60 + s;
};

type TimeRange = { startTime?: string | undefined; endTime?: string | undefined };

/**
 * Start after end puts a message on both fields (spec §5); so does a zero-length shift, which
 * would make no dated shift and offer no slot (ADR 0057).
 */
export const timeRangeIssues = (
  startTime: string,
  endTime: string,
): { startTime: string; endTime: string } | null => {
  const start = secondsOfDay(startTime);
  const end = secondsOfDay(endTime);
  if (start > end) {
    return {
      startTime: VALIDATION.SHIFT_START_AFTER_END,
      endTime: VALIDATION.SHIFT_END_BEFORE_START,
    };
  }
  if (start === end) {
    return {
      startTime: SHIFT_MESSAGES.SAME_START_AND_END,
      endTime: SHIFT_MESSAGES.SAME_START_AND_END,
    };
  }
  return null;
};

const checkTimeRange = (range: TimeRange, ctx: z.core.$RefinementCtx<TimeRange>) => {
  if (!range.startTime || !range.endTime) return;
  // A time that is not one has its own message; there is no range to compare.
  if (!timeOfDaySchema.safeParse(range.startTime).success) return;
  if (!shiftEndTimeSchema.safeParse(range.endTime).success) return;
  const issues = timeRangeIssues(range.startTime, range.endTime);
  if (!issues) return;
  ctx.addIssue({ code: 'custom', message: issues.startTime, path: ['startTime'] });
  ctx.addIssue({ code: 'custom', message: issues.endTime, path: ['endTime'] });
};

const requiredTime = z.string({ error: whenMissing(VALIDATION.REQUIRED) }).pipe(timeOfDaySchema);
const requiredEndTime = z
  .string({ error: whenMissing(VALIDATION.REQUIRED) })
  .pipe(shiftEndTimeSchema);

/** POST /shift/shift-schedules/ */
export const shiftScheduleCreateSchema = z
  .object({
    weekday: weekdaySchema,
    region: idSchema,
    startTime: requiredTime,
    endTime: requiredEndTime,
  })
  .superRefine(checkTimeRange);
export type ShiftScheduleCreate = z.infer<typeof shiftScheduleCreateSchema>;

/** PATCH /shift/shift-schedules/{id}/ */
export const shiftScheduleUpdateSchema = z
  .object({
    weekday: weekdaySchema.optional(),
    startTime: requiredTime.optional(),
    endTime: requiredEndTime.optional(),
  })
  .superRefine(checkTimeRange);
export type ShiftScheduleUpdate = z.infer<typeof shiftScheduleUpdateSchema>;

const hotspotRefSchema = idSchemaWith(VALIDATION.SELECT_HOTSPOT);

/** POST /shift/rider-shift-schedules/ */
export const riderShiftScheduleCreateSchema = z.object({
  shiftSchedule: idSchema,
  rider: idSchema,
  hotspot: hotspotRefSchema,
  allowBreak: z.boolean().default(true),
});
export type RiderShiftScheduleCreate = z.infer<typeof riderShiftScheduleCreateSchema>;

/** PUT /shift/rider-shift-schedules/{id}/ */
export const riderShiftScheduleUpdateSchema = z.object({
  hotspot: hotspotRefSchema,
  allowBreak: z.boolean().default(true),
});
export type RiderShiftScheduleUpdate = z.infer<typeof riderShiftScheduleUpdateSchema>;

/** POST /shift/copy-shift-schedule/{id}/ */
export const copyShiftSchema = z.object({ weekday: weekdaySchema });
export type CopyShift = z.infer<typeof copyShiftSchema>;

/**
 * PUT /shift/rider-shifts/{id}/: gives the one break; durations come from a fixed list. None
 * given is spec §5's 'Break Duration required'; any other value names the list (ADR 0057).
 */
export const riderShiftBreakSchema = z.object({
  breakDurationMins: z
    .number({
      error: (iss) =>
        iss.input == null
          ? VALIDATION.BREAK_DURATION_REQUIRED
          : SHIFT_MESSAGES.BREAK_DURATION_INVALID,
    })
    .refine(
      (v) => (BREAK_DURATIONS_MINUTES as readonly number[]).includes(v),
      SHIFT_MESSAGES.BREAK_DURATION_INVALID,
    ),
});
export type RiderShiftBreak = z.infer<typeof riderShiftBreakSchema>;

export const shiftStateSchema = z.enum(SHIFT_STATES);

/** One dated occurrence of a weekly shift for one rider. */
export const riderShiftSchema = z.object({
  id: idSchema,
  startDatetime: dateTimeSchema,
  endDatetime: dateTimeSchema,
  state: shiftStateSchema,
  rider: idSchema,
  shiftSchedule: idSchema.nullable(),
  breakAlreadyGiven: z.boolean(),
});
export type RiderShift = z.infer<typeof riderShiftSchema>;

/**
 * A row of the attendance list. A shift the rider has sent no ping for has no start position:
 * inside hotspot and online % are null and read N/A (spec §8). Online % counts the slots over so
 * far (rules/online-slots.ts), null before any counts. allowBreak is the rider's assignment's
 * (false once the rider is off the weekly shift): the Break button asks rules/shift-break.ts.
 */
export const attendanceRecordSchema = z.object({
  id: idSchema,
  rider: z.object({ id: idSchema, name: z.string(), phone: z.string() }),
  isPresent: z.boolean(),
  riderDidStartInsideHotspot: z.boolean().nullable(),
  hotspotLatitude: latitudeSchema.nullable(),
  hotspotLongitude: longitudeSchema.nullable(),
  hotspotRecordedAt: dateTimeSchema.nullable(),
  shift: riderShiftSchema.pick({ id: true, startDatetime: true, endDatetime: true, state: true }),
  riderShiftOnTimePercentage: z.number().min(0).max(100),
  riderShiftOnlinePercentage: z.number().min(0).max(100).nullable(),
  /** Metres; shown in km with one decimal. */
  distanceTravelled: z.number().nonnegative().nullable(),
  breakAlreadyGiven: z.boolean(),
  allowBreak: z.boolean(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/** A 5-minute slot of GET /shift/rider-shift-attendance/; slots without data are absent. */
export const attendanceSlotSchema = z.object({
  startDatetimeslot: dateTimeSchema,
  endDatetimeslot: dateTimeSchema,
  isPresent: z.boolean(),
});
export type AttendanceSlot = z.infer<typeof attendanceSlotSchema>;

/** GET /shift/rider-shift-attendance/ (by riderShift): the online grid of one shift. */
export const riderShiftAttendanceQuerySchema = z.object({
  riderShift: idParamSchema,
});

/** Attendance list filters (spec §7), also used by the listing email. */
export const attendanceListQuerySchema = pageQuerySchema.extend({
  region: idParamSchema.optional(),
  shift: idParamSchema.optional(),
  rider: idParamSchema.optional(),
  startDatetime: dateTimeSchema.optional(),
  endDatetime: dateTimeSchema.optional(),
  ordering: z.string().default('-created'),
});
export type AttendanceListQuery = z.infer<typeof attendanceListQuerySchema>;

/** GET /shift/shift-schedules/ */
export const shiftScheduleListQuerySchema = z.object({
  region: idParamSchema.optional(),
  weekday: z.coerce.number().int().min(0).max(6).optional(),
});

/** GET /shift/shifts/?region=: the weekly shifts of a region for the attendance shift select. */
export const shiftOptionSchema = shiftScheduleSchema.pick({
  id: true,
  weekday: true,
  startTime: true,
  endTime: true,
  region: true,
});
export type ShiftOption = z.infer<typeof shiftOptionSchema>;

/**
 * GET /shift/shift-schedules/demand/?region=&week_start=YYYY-MM-DD (beyond the spec): per Karachi
 * hour of the week, riders on shift against orders booked, and the orders those riders can
 * collect in the hour; overbooked when bookings exceed it.
 */
export const shiftDemandQuerySchema = z.object({
  region: idParamSchema,
  weekStart: apiDateSchema.optional(),
});
export const shiftDemandHourSchema = z.object({
  hour: z.number().int().min(0).max(23),
  ridersScheduled: z.number().int().nonnegative(),
  ordersBooked: z.number().int().nonnegative(),
  capacity: z.number().int().nonnegative(),
  overbooked: z.boolean(),
});
export const shiftDemandSchema = z.object({
  region: idSchema,
  weekStart: z.iso.date(),
  days: z.array(
    z.object({
      weekday: z.number().int().min(0).max(6),
      date: z.iso.date(),
      hours: z.array(shiftDemandHourSchema),
    }),
  ),
});
export type ShiftDemand = z.infer<typeof shiftDemandSchema>;

/** PUT /shift/rider-shifts/{id}/ answer. */
export const riderShiftBreakResultSchema = z.object({
  detail: z.string(),
  riderShift: riderShiftSchema,
  breakEndsAt: dateTimeSchema,
});

/** GET /rider-app/shift/: the rider's shift in progress, else the next one today (null: none). */
export const riderAppShiftSchema = z
  .object({
    id: idSchema,
    startDatetime: dateTimeSchema,
    endDatetime: dateTimeSchema,
    state: shiftStateSchema,
    breakAlreadyGiven: z.boolean(),
    /** When the break given on this shift ends (null before one is given). */
    breakEndsAt: dateTimeSchema.nullable(),
    hotspot: z
      .object({
        id: idSchema,
        name: z.string(),
        latitude: latitudeSchema,
        longitude: longitudeSchema,
      })
      .nullable(),
  })
  .nullable();
export type RiderAppShift = z.infer<typeof riderAppShiftSchema>;

export const shiftRiderAssignmentListSchema = z.array(shiftRiderAssignmentSchema);
export const shiftScheduleListSchema = z.array(shiftScheduleSchema);
export const shiftOptionListSchema = z.array(shiftOptionSchema);
export const attendanceRecordPageSchema = paged(attendanceRecordSchema);
export const attendanceSlotListSchema = z.array(attendanceSlotSchema);
