import { DISCOUNT_MAX, DISCOUNT_MIN } from '../constants';
import { VALIDATION } from '../messages';

/**
 * The discount field's message, or null when it is acceptable. Empty input means no discount;
 * anything that is not a number is 'Invalid order discount' (spec §5).
 */
export function validateDiscount(input: unknown): string | null {
  const value = readDiscount(input);
  if (value === undefined) return null;
  if (value === null) return VALIDATION.DISCOUNT_INVALID;
  if (value < DISCOUNT_MIN) return VALIDATION.DISCOUNT_MIN;
  if (value > DISCOUNT_MAX) return VALIDATION.DISCOUNT_MAX;
  return null;
}

/** undefined: no discount entered; null: not a number. */
function readDiscount(input: unknown): number | null | undefined {
  if (input === null || input === undefined) return undefined;
  if (typeof input === 'string') {
    const text = input.trim();
    if (text === '') return undefined;
    return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : null;
  }
  return typeof input === 'number' && Number.isFinite(input) ? input : null;
}

/** The discount percent to apply; invalid input is ignored (treated as no discount). */
export function discountPercent(input: unknown): number {
  return validateDiscount(input) === null ? (readDiscount(input) ?? 0) : 0;
}

export function sumTestValues(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

/** Tests total minus the percent discount, rounded to whole PKR. */
export function orderTotal(values: readonly number[], discount: unknown = 0): number {
  const sum = sumTestValues(values);
  return Math.round(sum - (discountPercent(discount) * sum) / 100);
}
