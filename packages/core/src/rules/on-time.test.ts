import { describe, expect, it } from 'vitest';
import { formatPercent, offTimePercent } from './on-time';

describe('off time', () => {
  it('is 100 minus on time', () => {
    expect(offTimePercent(80)).toBe(20);
    expect(offTimePercent(100)).toBe(0);
    expect(offTimePercent(33.33)).toBeCloseTo(66.67, 10);
  });

  it('is 100 when on time is 0 or less, or missing', () => {
    expect(offTimePercent(0)).toBe(100);
    expect(offTimePercent(-5)).toBe(100);
    expect(offTimePercent(null)).toBe(100);
    expect(offTimePercent(Number.NaN)).toBe(100);
  });

  it('formats to 2 decimals', () => {
    expect(formatPercent(66.666)).toBe('66.67');
    expect(formatPercent(100)).toBe('100.00');
    expect(formatPercent(undefined)).toBe('0.00');
  });
});
