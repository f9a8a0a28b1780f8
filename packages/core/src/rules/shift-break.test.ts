import { describe, expect, test } from 'vitest';
import { BREAK_MESSAGES } from '../messages/attendance';
import { type BreakableShift, breakRefusal } from './shift-break';

const MIN = 60_000;
const start = new Date('2026-01-05T08:00:00+05:00');
const end = new Date('2026-01-05T16:00:00+05:00');
const running: BreakableShift = {
  state: 'in-progress',
  startDatetime: start,
  endDatetime: end,
  breakAlreadyGiven: false,
  allowBreak: true,
};

describe('breakRefusal (spec §4 Shift)', () => {
  test('a break can be given while the shift runs, once, where the assignment allows', () => {
    expect(breakRefusal(running, start)).toBeNull();
    expect(breakRefusal(running, new Date(end.getTime() - 1))).toBeNull();
    expect(breakRefusal({ ...running, breakAlreadyGiven: true }, start)).toBe(
      BREAK_MESSAGES.BREAK_ALREADY_GIVEN,
    );
    expect(breakRefusal({ ...running, allowBreak: false }, start)).toBe(
      BREAK_MESSAGES.BREAK_NOT_ALLOWED,
    );
    // The rider is no longer on the weekly shift: no assignment, no break.
    expect(breakRefusal({ ...running, allowBreak: null }, start)).toBe(
      BREAK_MESSAGES.BREAK_NOT_ALLOWED,
    );
  });

  test('not before the start, even in progress after an early ping; not at or after the end', () => {
    const early = new Date(start.getTime() - 10 * MIN);
    expect(breakRefusal(running, early)).toBe(BREAK_MESSAGES.BREAK_NOT_IN_PROGRESS);
    expect(breakRefusal(running, end)).toBe(BREAK_MESSAGES.BREAK_NOT_IN_PROGRESS);
    for (const state of ['scheduled', 'completed', 'missed'] as const) {
      expect(breakRefusal({ ...running, state }, start.getTime() + MIN)).toBe(
        BREAK_MESSAGES.BREAK_NOT_IN_PROGRESS,
      );
    }
  });
});
