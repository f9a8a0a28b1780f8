import { describe, expect, it } from 'vitest';
import {
  endOfKarachiDay,
  karachiDateString,
  parseKarachi,
  startOfKarachiDay,
  toKarachiIso,
} from './karachi-time';

describe('Karachi time', () => {
  const lateEvening = new Date('2025-03-10T20:30:00Z'); // 01:30 on the 11th in Karachi

  it('takes the day from Karachi, not UTC', () => {
    expect(karachiDateString(lateEvening)).toBe('2025-03-11');
    expect(startOfKarachiDay(lateEvening).toISOString()).toBe('2025-03-10T19:00:00.000Z');
    expect(endOfKarachiDay(lateEvening).toISOString()).toBe('2025-03-11T18:59:59.999Z');
  });

  it('writes ISO with +05:00, milliseconds only when present', () => {
    expect(toKarachiIso(lateEvening)).toBe('2025-03-11T01:30:00+05:00');
    expect(toKarachiIso(new Date('2025-03-10T20:30:00.250Z'))).toBe(
      '2025-03-11T01:30:00.250+05:00',
    );
  });

  it('parses offsets, Z, and bare Karachi wall times', () => {
    expect(parseKarachi('2025-03-11T01:30:00+05:00')?.toISOString()).toBe(
      '2025-03-10T20:30:00.000Z',
    );
    expect(parseKarachi('2025-03-10T20:30:00Z')?.toISOString()).toBe('2025-03-10T20:30:00.000Z');
    expect(parseKarachi('2025-03-11T01:30')?.toISOString()).toBe('2025-03-10T20:30:00.000Z');
    expect(parseKarachi('2025-03-11')?.toISOString()).toBe('2025-03-10T19:00:00.000Z');
  });

  it('returns null for anything else', () => {
    for (const bad of ['', null, undefined, 'soon', '2025-13-45', '11/03/2025']) {
      expect(parseKarachi(bad)).toBeNull();
    }
  });
});
