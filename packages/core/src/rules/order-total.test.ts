import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import { discountPercent, orderTotal, sumTestValues, validateDiscount } from './order-total';

describe('discount validation', () => {
  it('accepts 0 to 100 inclusive, and no discount', () => {
    for (const ok of [0, 100, 50, 12.5, '0', '100', ' 25 ', '', null, undefined]) {
      expect(validateDiscount(ok)).toBeNull();
    }
  });

  it('gives the three spec messages', () => {
    expect(validateDiscount(-1)).toBe(VALIDATION.DISCOUNT_MIN);
    expect(validateDiscount('-1')).toBe(VALIDATION.DISCOUNT_MIN);
    expect(validateDiscount(101)).toBe(VALIDATION.DISCOUNT_MAX);
    expect(validateDiscount('100.01')).toBe(VALIDATION.DISCOUNT_MAX);
    expect(validateDiscount('abc')).toBe(VALIDATION.DISCOUNT_INVALID);
    expect(validateDiscount('12abc')).toBe(VALIDATION.DISCOUNT_INVALID);
    expect(validateDiscount(Number.NaN)).toBe(VALIDATION.DISCOUNT_INVALID);
    expect(validateDiscount({})).toBe(VALIDATION.DISCOUNT_INVALID);
  });

  it('ignores invalid input when applying the discount', () => {
    expect(discountPercent('abc')).toBe(0);
    expect(discountPercent(101)).toBe(0);
    expect(discountPercent('15')).toBe(15);
  });
});

describe('orderTotal', () => {
  it('sums test values', () => {
    expect(sumTestValues([])).toBe(0);
    expect(sumTestValues([1200, 800])).toBe(2000);
  });

  it('applies discount 0 and 100', () => {
    expect(orderTotal([1200, 800], 0)).toBe(2000);
    expect(orderTotal([1200, 800], 100)).toBe(0);
    expect(orderTotal([1200, 800])).toBe(2000);
  });

  it('rounds to whole PKR', () => {
    expect(orderTotal([999], 10)).toBe(899); // 899.1
    expect(orderTotal([1001], 50)).toBe(501); // 500.5 rounds half up
    expect(orderTotal([333], 33.3)).toBe(222); // 222.111
  });

  it('treats an invalid discount as none', () => {
    expect(orderTotal([1000], 'abc')).toBe(1000);
    expect(orderTotal([1000], -1)).toBe(1000);
    expect(orderTotal([1000], 101)).toBe(1000);
  });
});
