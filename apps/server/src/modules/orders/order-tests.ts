import { ORDER_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { sumTestValues } from '@dastak/core/rules/order-total';
import type { Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/http-errors';
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
  if (codes.length === 0) throw badRequest(emptyMessage, { [field]: [emptyMessage] });
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  const found = new Map(
    (await findScanTypesByCode(tx, [...counts.keys()])).map((s) => [s.code, s]),
  );
  const tests = [...counts.keys()].map((code) => {
    const test = found.get(code);
    if (!test?.isActive || test.vertical !== vertical) {
      throw badRequest(ORDER_MESSAGES.UNKNOWN_TEST, { [field]: [ORDER_MESSAGES.UNKNOWN_TEST] });
    }
    if (!test.isAllowed) {
      throw badRequest(VALIDATION.TEST_NOT_ALLOWED, { [field]: [VALIDATION.TEST_NOT_ALLOWED] });
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
    total: sumTestValues(tests.map((t) => t.value * t.count)),
    isCovid: tests.some((t) => t.isCovid),
    isFasting: tests.some((t) => t.requiresFasting),
    names: tests.map((t) => t.name),
  };
}
