import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FORM_VALIDATION, VALIDATION } from '../messages';
import { SHIFT_MESSAGES } from '../messages/shifts';
import { fieldErrors } from './common';
import {
  copyShiftSchema,
  riderShiftBreakSchema,
  riderShiftScheduleCreateSchema,
  shiftScheduleCreateSchema,
  shiftScheduleUpdateSchema,
} from './shifts';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('shift schedule', () => {
  const shift = { weekday: 0, region: 1, startTime: '09:00', endTime: '17:00' };

  it('accepts start before end', () => {
    expect(shiftScheduleCreateSchema.safeParse(shift).success).toBe(true);
  });

  it('refuses a zero-length shift on both fields, however the times are written', () => {
    const same = {
      startTime: [SHIFT_MESSAGES.SAME_START_AND_END],
      endTime: [SHIFT_MESSAGES.SAME_START_AND_END],
    };
    expect(
      errorsOf(shiftScheduleCreateSchema, { ...shift, startTime: '17:00:00', endTime: '17:00' }),
    ).toEqual(same);
    expect(errorsOf(shiftScheduleUpdateSchema, { startTime: '09:30', endTime: '09:30' })).toEqual(
      same,
    );
  });

  it('takes 24:00 as an end (midnight at the end of the day), never as a start', () => {
    for (const endTime of ['24:00', '24:00:00']) {
      expect(
        shiftScheduleCreateSchema.safeParse({ ...shift, startTime: '22:00', endTime }).success,
      ).toBe(true);
    }
    expect(
      shiftScheduleCreateSchema.safeParse({ ...shift, startTime: '00:00', endTime: '24:00' })
        .success,
    ).toBe(true);
    expect(errorsOf(shiftScheduleCreateSchema, { ...shift, startTime: '24:00' }).startTime).toEqual(
      [FORM_VALIDATION.INVALID_TIME],
    );
    for (const endTime of ['24:01', '24:00:01', '25:00']) {
      expect(errorsOf(shiftScheduleCreateSchema, { ...shift, endTime }).endTime).toEqual([
        FORM_VALIDATION.INVALID_TIME,
      ]);
    }
  });

  it('puts a message on both fields when start is after end', () => {
    expect(errorsOf(shiftScheduleCreateSchema, { ...shift, startTime: '18:00' })).toEqual({
      startTime: [VALIDATION.SHIFT_START_AFTER_END],
      endTime: [VALIDATION.SHIFT_END_BEFORE_START],
    });
    expect(
      errorsOf(shiftScheduleUpdateSchema, { startTime: '10:00:30', endTime: '10:00' }),
    ).toEqual({
      startTime: [VALIDATION.SHIFT_START_AFTER_END],
      endTime: [VALIDATION.SHIFT_END_BEFORE_START],
    });
  });

  it('checks a partial update only when both times are given', () => {
    expect(shiftScheduleUpdateSchema.safeParse({ endTime: '08:00' }).success).toBe(true);
  });
});

describe('shift actions', () => {
  it("copy needs a weekday ('Select week day')", () => {
    expect(errorsOf(copyShiftSchema, {}).weekday).toEqual([VALIDATION.SELECT_WEEK_DAY]);
    expect(errorsOf(copyShiftSchema, { weekday: 7 }).weekday).toEqual([VALIDATION.SELECT_WEEK_DAY]);
    expect(copyShiftSchema.parse({ weekday: 6 })).toEqual({ weekday: 6 });
  });

  it("a break needs a duration ('Break Duration required')", () => {
    expect(errorsOf(riderShiftBreakSchema, {}).breakDurationMins).toEqual([
      VALIDATION.BREAK_DURATION_REQUIRED,
    ]);
    expect(errorsOf(riderShiftBreakSchema, { breakDurationMins: null }).breakDurationMins).toEqual([
      VALIDATION.BREAK_DURATION_REQUIRED,
    ]);
    expect(riderShiftBreakSchema.parse({ breakDurationMins: 30 })).toEqual({
      breakDurationMins: 30,
    });
  });

  it('an off-list break duration names the durations allowed', () => {
    expect(SHIFT_MESSAGES.BREAK_DURATION_INVALID).toBe(
      'Break duration must be one of 15, 30, 45, 60 minutes',
    );
    for (const breakDurationMins of [20, 0, -15, 15.5, '30']) {
      expect(errorsOf(riderShiftBreakSchema, { breakDurationMins }).breakDurationMins).toEqual([
        SHIFT_MESSAGES.BREAK_DURATION_INVALID,
      ]);
    }
  });

  it("a shift rider needs a hotspot ('Please select hotspot!')", () => {
    expect(
      errorsOf(riderShiftScheduleCreateSchema, { shiftSchedule: 1, rider: 2 }).hotspot,
    ).toEqual([VALIDATION.SELECT_HOTSPOT]);
  });
});
