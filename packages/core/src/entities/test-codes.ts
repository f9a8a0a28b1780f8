import type { z } from 'zod';
import { TEST_LINES_MAX, TEST_QUANTITY_MAX } from '../constants';
import { TEST_LIMIT_MESSAGES } from '../messages/test-limits';

/**
 * Bounds an order's list of test codes (a repeated code is a count: ['CBC', 'CBC'] is 2 x CBC):
 * each code at most TEST_QUANTITY_MAX times and at most TEST_LINES_MAX different codes. Used by
 * every body that carries tests (create, edit tests, partial orders), so no path takes 5,000 x CBC.
 */
export function testCodesSchema<T extends z.ZodType<string[]>>(list: T) {
  return list.superRefine((codes, ctx) => {
    const counts = new Map<string, number>();
    for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
    if (counts.size > TEST_LINES_MAX) {
      ctx.addIssue({ code: 'custom', message: TEST_LIMIT_MESSAGES.LINES_MAX });
    }
    for (const n of counts.values()) {
      if (n > TEST_QUANTITY_MAX) {
        ctx.addIssue({ code: 'custom', message: TEST_LIMIT_MESSAGES.QUANTITY_MAX });
        break;
      }
    }
  });
}
