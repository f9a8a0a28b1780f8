import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import {
  discountForTotal,
  discountPercent,
  enteredDiscount,
  formatDiscount,
  orderTotal,
  sumTestValues,
  validateDiscount,
} from './order-total';

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

  it('reads the discount entered: none for empty or invalid input', () => {
    expect(enteredDiscount('12.5')).toBe(12.5);
    expect(enteredDiscount(0)).toBe(0);
    for (const none of ['', '  ', null, undefined, 'abc', 101]) {
      expect(enteredDiscount(none)).toBeUndefined();
    }
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

describe('discountForTotal', () => {
  it('finds the whole or short percent that gives the total', () => {
    expect(discountForTotal([500, 800], 1170)).toBe(10);
    expect(discountForTotal([500, 800], 1300)).toBe(0);
    expect(discountForTotal([500, 800], 0)).toBe(100);
    expect(discountForTotal([1000], 875)).toBe(12.5);
    expect(discountForTotal([], 0)).toBe(0);
  });

  it('gives a percent under which orderTotal is exactly the total', () => {
    for (const [values, total] of [
      [[500, 800], 1000],
      [[333], 1],
      [[98_765, 43_210], 99_999],
      [[7], 3],
    ] as const) {
      const percent = discountForTotal(values, total);
      expect(percent).not.toBeNull();
      expect(orderTotal(values, percent)).toBe(total);
    }
  });

  it('has none for a total above the sum or below 0', () => {
    expect(discountForTotal([500, 800], 1301)).toBeNull();
    expect(discountForTotal([500], -1)).toBeNull();
    expect(discountForTotal([], 5)).toBeNull();
  });
});

describe('formatDiscount', () => {
  it('shows at most 2 decimals', () => {
    expect(formatDiscount(0)).toBe('0%');
    expect(formatDiscount(10)).toBe('10%');
    expect(formatDiscount(12.5)).toBe('12.5%');
    expect(formatDiscount(23.076923)).toBe('23.08%');
  });
});
