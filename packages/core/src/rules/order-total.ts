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

/** The valid discount entered, or undefined when none (or nothing valid) was entered. */
export function enteredDiscount(input: unknown): number | undefined {
  return validateDiscount(input) === null ? (readDiscount(input) ?? undefined) : undefined;
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

/**
 * A discount percent under which the tests come to exactly `total` (orderTotal), or null when
 * none does (a total above the tests' sum, or below 0). Whole and one- or two-decimal percents
 * are preferred: 1300 -> 1170 is 10%, not 10.000000000000002%.
 */
export function discountForTotal(values: readonly number[], total: number): number | null {
  const sum = sumTestValues(values);
  if (!Number.isFinite(total) || total < 0 || total > sum) return null;
  if (sum === 0) return 0;
  const exact = ((sum - total) * 100) / sum;
  for (const places of [0, 1, 2]) {
    const rounded = Number(exact.toFixed(places));
    if (orderTotal(values, rounded) === total) return rounded;
  }
  return orderTotal(values, exact) === total ? exact : null;
}

/** '10%', '12.5%', '23.08%': a discount shown with at most 2 decimals. */
export function formatDiscount(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}
