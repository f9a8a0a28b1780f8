import { describe, expect, it } from 'vitest';
import { formatDelay } from './format';
import { lateMinutes, minutesPastPickup, pickupCountdown } from './pickup-lateness';

const pickup = new Date('2025-03-11T10:00:00+05:00');
const at = (ms: number) => new Date(pickup.getTime() + ms);
const MIN = 60_000;
const active = { state: 'assigned', pickup, collectedAt: null as Date | null };

/** The number in a text, or null when there is no text. */
const numberIn = (text: string | null) => (text === null ? null : Number(text.match(/\d+/)?.[0]));

describe('pickup lateness: one number for Delayed-by and the countdown', () => {
  // Boundaries: exactly at pickup, either side of each whole minute, and the 114/115 case.
  const offsets = [
    -61 * MIN,
    -60 * MIN - 1,
    -60 * MIN,
    -30.5 * MIN,
    -1,
    0,
    1,
    MIN - 1,
    MIN,
    MIN + 1,
    114 * MIN + 30_000,
    115 * MIN - 1,
    115 * MIN,
  ];

  it.each(offsets)('at %d ms from pickup both texts show the same minutes', (offset) => {
    const now = at(offset);
    const late = lateMinutes(active, now);
    const countdown = pickupCountdown(pickup, now);
    const delayed = late === null ? null : formatDelay(late);
    // Delayed-by shows exactly when the countdown says late, with the same number.
    expect(delayed !== null).toBe(countdown.late);
    if (countdown.late) expect(numberIn(delayed)).toBe(numberIn(countdown.label));
  });

  it('114.5 minutes past pickup reads 114 in both', () => {
    const now = at(114 * MIN + 30_000);
    expect(formatDelay(lateMinutes(active, now)!)).toBe('Delayed by 114 mins');
    expect(pickupCountdown(pickup, now).label).toBe('114 mins late');
  });

  it('counts down the last hour and is not late until a whole minute has passed', () => {
    expect(pickupCountdown(pickup, at(-61 * MIN)).label).toBe('More than 60 mins');
    expect(pickupCountdown(pickup, at(-60 * MIN))).toMatchObject({ percent: 100, late: false });
    expect(pickupCountdown(pickup, at(-30 * MIN))).toMatchObject({
      percent: 50,
      label: '30 mins left',
    });
    expect(pickupCountdown(pickup, at(0))).toMatchObject({ label: '0 mins left', late: false });
    expect(pickupCountdown(pickup, at(MIN - 1)).late).toBe(false);
    expect(pickupCountdown(pickup, at(MIN))).toMatchObject({
      label: '1 min late',
      late: true,
      percent: 0,
    });
    expect(minutesPastPickup(pickup, at(MIN - 1))).toBe(0);
  });

  it('is never late once collected or out of the active states', () => {
    const now = at(30 * MIN);
    expect(lateMinutes(active, now)).toBe(30);
    expect(lateMinutes({ ...active, collectedAt: now }, now)).toBeNull();
    expect(lateMinutes({ ...active, state: 'delivered' }, now)).toBeNull();
    expect(lateMinutes(active, at(0))).toBeNull();
  });
});
