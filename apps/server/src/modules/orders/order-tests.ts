import { ORDER_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { discountForTotal, orderTotal } from '@dastak/core/rules/order-total';
import type { Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../db/client';
import { invalid } from '../../lib/domain-errors';
import { findScanTypesByCode } from './order-references.repository';
import type { OrderLine } from './orders.repository';

/**
 * Resolves test codes to order lines (a repeated code counts twice) and the facts derived from
 * them. Unknown, inactive or other-vertical codes and tests not allowed at home are 400s.
 */
export async function resolveTests(
  tx: DbOrTx,
  vertical: Vertical,
  codes: readonly string[],
  field: string,
  emptyMessage: string,
) {
  if (codes.length === 0) throw invalid(emptyMessage, { [field]: [emptyMessage] });
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  const found = new Map(
    (await findScanTypesByCode(tx, [...counts.keys()])).map((s) => [s.code, s]),
  );
  const tests = [...counts.keys()].map((code) => {
    const test = found.get(code);
    if (!test?.isActive || test.vertical !== vertical) {
      throw invalid(ORDER_MESSAGES.UNKNOWN_TEST, { [field]: [ORDER_MESSAGES.UNKNOWN_TEST] });
    }
    if (!test.isAllowed) {
      throw invalid(VALIDATION.TEST_NOT_ALLOWED, { [field]: [VALIDATION.TEST_NOT_ALLOWED] });
    }
    return { ...test, count: counts.get(code) ?? 1 };
  });
  const lines: OrderLine[] = tests.map((t) => ({
    scanTypeId: t.id,
    count: t.count,
    value: t.value,
  }));
  return {
    lines,
    isCovid: tests.some((t) => t.isCovid),
    isFasting: tests.some((t) => t.requiresFasting),
    names: tests.map((t) => t.name),
  };
}

/**
 * The order's price from the server's own test prices (ADR 0016): the tests total minus the
 * discount, rounded (core orderTotal). A `value` the client sent must be exactly that total;
 * with no discount at all, the value alone names it (the spec's create payload carries only
 * the value). Anything else is a 400 on `value`.
 */
export function priceOrder(
  lines: readonly OrderLine[],
  p: { discount: number | undefined; value: number | undefined },
): { discountPercent: number; givenValue: number } {
  const values = lines.map((line) => line.value * line.count);
  const mismatch = () =>
    invalid(ORDER_MESSAGES.TOTAL_MISMATCH, { value: [ORDER_MESSAGES.TOTAL_MISMATCH] });
  const discount = p.discount ?? (p.value === undefined ? 0 : discountForTotal(values, p.value));
  if (discount === null) throw mismatch();
  const total = orderTotal(values, discount);
  if (p.value !== undefined && p.value !== total) throw mismatch();
  return { discountPercent: discount, givenValue: total };
}
