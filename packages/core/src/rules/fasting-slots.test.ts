import { describe, expect, it } from 'vitest';
import { isMorningSlot, morningSlotsFirst } from './fasting-slots';

describe('fasting slots', () => {
  it('counts slots starting before 11:00 as the morning', () => {
    expect(isMorningSlot('07:00')).toBe(true);
    expect(isMorningSlot('10:45')).toBe(true);
    expect(isMorningSlot('11:00')).toBe(false);
    expect(isMorningSlot('16:30')).toBe(false);
  });

  it('puts morning slots first, each part in its own order', () => {
    const ids = ['12:00', '09:30', '18:00', '08:00', '10:45'];
    expect(morningSlotsFirst(ids.map((id) => ({ id }))).map((s) => s.id)).toEqual([
      '09:30',
      '08:00',
      '10:45',
      '12:00',
      '18:00',
    ]);
  });
});
