import { describe, expect, it } from 'vitest';
import {
  formatApiDate,
  formatDateField,
  formatDelay,
  formatDisplayDate,
  formatKm,
  formatTime12,
  formatTimeShort,
  groupThousands,
  relativeTime,
  toSixDecimals,
} from './format';

describe('date formats (Karachi)', () => {
  const at = new Date('2025-03-10T20:05:00Z'); // 01:05 on 11 Mar in Karachi

  it('formats the §9 patterns', () => {
    expect(formatDisplayDate(at)).toBe('11 Mar 2025');
    expect(formatApiDate(at)).toBe('2025-03-11');
    expect(formatTime12(at)).toBe('01:05 AM');
    expect(formatDateField(at)).toBe('11/03/2025');
    expect(formatTimeShort('2025-03-11T13:05:00+05:00')).toBe('01:05');
    expect(formatTime12('2025-03-11T13:05:00+05:00')).toBe('01:05 PM');
  });

  it('gives an empty string for an empty or unreadable date-time', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatTime12('')).toBe('');
    expect(formatDateField('not a date')).toBe('');
    expect(formatApiDate(new Date(Number.NaN))).toBe('');
  });
});

describe('groupThousands', () => {
  it('writes whole amounts as en-PK does', () => {
    for (const n of [0, 7, 999, 1000, 2200, 100000, 1234567, -45000, 2199.6]) {
      expect(groupThousands(n)).toBe(Math.round(n).toLocaleString('en-PK'));
    }
  });
});

describe('formatKm', () => {
  it('shows km with one decimal', () => {
    expect(formatKm(1234)).toBe('1.2 km');
    expect(formatKm(1250)).toBe('1.3 km');
    expect(formatKm(0)).toBe('0.0 km');
    expect(formatKm(15_000)).toBe('15.0 km');
  });

  it('shows N/A when missing', () => {
    expect(formatKm(null)).toBe('N/A');
    expect(formatKm(undefined)).toBe('N/A');
  });
});

describe('toSixDecimals', () => {
  it('rounds coordinates to 6 decimals', () => {
    expect(toSixDecimals(24.860734567)).toBe(24.860735);
    expect(toSixDecimals(67.0011)).toBe(67.0011);
    expect(toSixDecimals(-33.1234564)).toBe(-33.123456);
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

  it('reads past and future in whole units', () => {
    expect(relativeTime(minutes(-5), now)).toBe('5 mins ago');
    expect(relativeTime(minutes(-1), now)).toBe('1 min ago');
    expect(relativeTime(minutes(120), now)).toBe('in 2 hours');
    expect(relativeTime(minutes(-61), now)).toBe('1 hour ago');
    expect(relativeTime(minutes(-3 * 24 * 60), now)).toBe('3 days ago');
    expect(relativeTime(minutes(0), now)).toBe('just now');
    expect(relativeTime(null, now)).toBe('');
  });

  it('formats late-order delays', () => {
    expect(formatDelay(12.7)).toBe('Delayed by 12 mins');
    expect(formatDelay(1)).toBe('Delayed by 1 min');
  });
});
