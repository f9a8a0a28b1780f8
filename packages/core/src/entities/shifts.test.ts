import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION } from '../messages';
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

  it('accepts start before or equal to end', () => {
    expect(shiftScheduleCreateSchema.safeParse(shift).success).toBe(true);
    expect(
      shiftScheduleCreateSchema.safeParse({ ...shift, startTime: '17:00:00', endTime: '17:00' })
        .success,
    ).toBe(true);
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
    expect(riderShiftBreakSchema.parse({ breakDurationMins: 30 })).toEqual({
      breakDurationMins: 30,
    });
  });

  it("a shift rider needs a hotspot ('Please select hotspot!')", () => {
    expect(
      errorsOf(riderShiftScheduleCreateSchema, { shiftSchedule: 1, rider: 2 }).hotspot,
    ).toEqual([VALIDATION.SELECT_HOTSPOT]);
  });
});
