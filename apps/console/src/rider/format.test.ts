import { describe, expect, it } from 'vitest';
import { clock } from './format';

describe('clock', () => {
  it("shows Karachi's time, and in Urdu as a left-to-right island so a range keeps its order", () => {
    const at = '2026-11-30T08:00:00Z'; // 1:00 PM in Karachi
    expect(clock(at, 'en')).toMatch(/^1:00\s?PM$/i);
    const ur = clock(at, 'ur');
    expect(ur.startsWith('\u2066') && ur.endsWith('\u2069')).toBe(true);
    expect(ur.slice(1, -1)).toMatch(/1:00/);
  });
});
