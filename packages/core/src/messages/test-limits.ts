/*
 * Kept apart from messages.ts (which holds the spec's messages) so that only the screens that
 * show these texts download them (docs/decisions/0042-feature-messages.md): messages.ts rides in
 * every console screen's shell, and these are for order forms only (ADR 0058 moved them, to keep
 * the orders list within its bundle budget when New Order's typed date added a chunk).
 */
import { TEST_LINES_MAX, TEST_QUANTITY_MAX } from '../constants';

/** The bounds of one order's tests (constants TEST_QUANTITY_MAX, TEST_LINES_MAX). */
export const TEST_LIMIT_MESSAGES = {
  QUANTITY_MAX: `A test can be added at most ${TEST_QUANTITY_MAX} times to one order`,
  LINES_MAX: `An order can have at most ${TEST_LINES_MAX} different tests`,
} as const;
