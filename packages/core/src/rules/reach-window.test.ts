import { describe, expect, it } from 'vitest';
import { RIDER_REACH_LEAD_MINUTES_DEFAULT } from '../constants';
import { RIDER_MESSAGES } from '../messages';
import { isTooEarlyToReach, reachOpensAt, reachOpensLabel } from './reach-window';

const at = (iso: string) => new Date(iso);

describe('reach window (ADR 0055)', () => {
  const pickup = at('2025-03-14T08:00:00+05:00');

  it('opens the default lead before the slot, and not a minute earlier', () => {
    expect(RIDER_REACH_LEAD_MINUTES_DEFAULT).toBe(60);
    const lead = RIDER_REACH_LEAD_MINUTES_DEFAULT;
    expect(reachOpensAt(pickup, lead)).toEqual(at('2025-03-14T07:00:00+05:00'));
    expect(isTooEarlyToReach(pickup, at('2025-03-14T06:59:59+05:00'), lead)).toBe(true);
    expect(isTooEarlyToReach(pickup, at('2025-03-14T07:00:00+05:00'), lead)).toBe(false);
    // Late riders are never refused.
    expect(isTooEarlyToReach(pickup, at('2025-03-14T09:30:00+05:00'), lead)).toBe(false);
  });

  it('honours another lead', () => {
    expect(isTooEarlyToReach(pickup, at('2025-03-14T07:45:00+05:00'), 10)).toBe(true);
    expect(isTooEarlyToReach(pickup, at('2025-03-14T07:50:00+05:00'), 10)).toBe(false);
  });

  it('reads in Karachi time, saying the day when it is not today', () => {
    const opens = reachOpensAt(pickup, 60);
    expect(reachOpensLabel(opens, at('2025-03-14T05:00:00+05:00'))).toBe('07:00');
    // The rider, at 22:45 the night before an 08:00 slot.
    expect(reachOpensLabel(opens, at('2025-03-13T22:45:00+05:00'))).toBe('07:00 tomorrow');
    // 23:30 UTC is already the 14th in Karachi.
    expect(reachOpensLabel(opens, at('2025-03-13T23:30:00Z'))).toBe('07:00');
    expect(reachOpensLabel(opens, at('2025-03-12T10:00:00+05:00'))).toBe('07:00 on 2025-03-14');
    expect(RIDER_MESSAGES.reachTooEarly('07:00')).toBe(
      'Too early: you can mark this order reached from 07:00',
    );
  });
});
