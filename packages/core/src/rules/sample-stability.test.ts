import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BLOOD_STABILITY_HOURS,
  formatHoursMinutes,
  sampleCountdown,
  sampleExpiry,
} from './sample-stability';

const at = new Date('2026-11-28T05:00:00Z');

describe('sampleExpiry', () => {
  it('takes the shortest window among the tests, the default where a test has none', () => {
    const e = sampleExpiry(at, [
      { vertical: 'blood', stabilityHours: 8 },
      { vertical: 'blood', stabilityHours: 2 },
      { vertical: 'blood', stabilityHours: null },
    ]);
    expect(e?.toISOString()).toBe('2026-11-28T07:00:00.000Z');
    const d = sampleExpiry(at, [{ vertical: 'blood', stabilityHours: null }]);
    expect(d?.getTime()).toBe(at.getTime() + DEFAULT_BLOOD_STABILITY_HOURS * 3_600_000);
  });

  it('gives X-ray orders no expiry: there is no sample to carry', () => {
    expect(sampleExpiry(at, [{ vertical: 'xray', stabilityHours: 4 }])).toBeNull();
    expect(sampleExpiry(at, [])).toBeNull();
  });
});

describe('formatHoursMinutes', () => {
  it('writes minutes under an hour, hours and padded minutes past it', () => {
    expect(formatHoursMinutes(45)).toBe('45 min');
    expect(formatHoursMinutes(1374)).toBe('22 h 54 min');
  });
});

describe('sampleCountdown', () => {
  it('counts down in hours and minutes, rounding down', () => {
    const c = sampleCountdown('2026-11-28T07:05:59Z', at);
    expect(c).toEqual({ minutesLeft: 125, tone: 'ok', label: 'Sample good for 2 h 05 min' });
  });

  it('is at risk under half an hour, expired past the instant', () => {
    expect(sampleCountdown('2026-11-28T05:29:00Z', at).tone).toBe('atRisk');
    expect(sampleCountdown('2026-11-28T05:29:00Z', at).label).toBe('Sample good for 29 min');
    const gone = sampleCountdown('2026-11-28T04:48:00Z', at);
    expect(gone.tone).toBe('expired');
    expect(gone.label).toBe('Sample expired 12 mins ago');
    expect(sampleCountdown(at, at).label).toBe('Sample expired 1 min ago');
    expect(sampleCountdown('2026-11-27T14:42:00Z', at).label).toBe(
      'Sample expired 14 h 18 min ago',
    );
  });
});
