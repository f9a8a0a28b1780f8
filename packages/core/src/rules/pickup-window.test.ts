import { describe, expect, it } from 'vitest';
import { RESCHEDULE_LEAD_MINUTES, RESCHEDULE_MAX_DAYS_AHEAD } from '../constants';
import { pickupDateBounds, pickupFit, pickupWindow } from './pickup-window';

// 10:00 in Karachi on 2026-11-22.
const now = new Date('2026-11-22T10:00:00+05:00');

describe('pickupWindow', () => {
  it('starts at now plus the lead and ends after the last allowed Karachi day', () => {
    const w = pickupWindow('reschedule', now);
    expect(w.earliest.toISOString()).toBe(
      new Date(now.getTime() + RESCHEDULE_LEAD_MINUTES * 60_000).toISOString(),
    );
    const lastDay = new Date(now.getTime() + RESCHEDULE_MAX_DAYS_AHEAD * 86_400_000);
    const endOfLastDay = new Date(
      `${lastDay.toISOString().slice(0, 10)}T23:59:59.999+05:00`,
    ).getTime();
    expect(w.end.getTime()).toBe(endOfLastDay + 1);
  });

  it('fits a pickup: too soon inside the lead, too far after the last day, else ok', () => {
    const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
    expect(pickupFit('reschedule', minutes(30), now)).toBe('soon');
    expect(pickupFit('reschedule', minutes(RESCHEDULE_LEAD_MINUTES), now)).toBe('ok');
    // A late slot of the last day is offered by the slots call, so it must be accepted.
    const lastEvening = new Date(pickupWindow('reschedule', now).end.getTime() - 60 * 60_000);
    expect(pickupFit('reschedule', lastEvening, now)).toBe('ok');
    expect(pickupFit('reschedule', pickupWindow('reschedule', now).end, now)).toBe('far');
    expect(pickupFit('create', minutes(-1), now)).toBe('soon');
  });
});

describe('pickupDateBounds', () => {
  it('offers the Karachi dates from the lead to the last allowed day', () => {
    // 23:30 in Karachi: the lead of an hour already falls on the next day.
    const late = new Date('2026-11-22T23:30:00+05:00');
    expect(pickupDateBounds('reschedule', late)).toEqual({
      minDate: '2026-11-23',
      maxDate: '2027-01-21',
    });
  });
});
