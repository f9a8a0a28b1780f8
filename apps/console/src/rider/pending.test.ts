import { describe, expect, it } from 'vitest';
import type { OutboxItem } from './outbox/outbox';
import { effectiveState } from './pending';

const item = (kind: OutboxItem['kind'], orderId: number | null): OutboxItem => ({
  key: `${kind}-${orderId}`,
  seq: 1,
  userId: 7,
  kind,
  path: '/',
  body: {},
  orderId,
  orderNumber: null,
  queuedAt: '2026-11-29T10:00:00Z',
  attempts: 0,
  notBefore: 0,
  lastError: null,
});

describe('what a task shows while its actions wait to send', () => {
  it('shows the state the queued actions lead to, marked waiting', () => {
    const order = { id: 1, state: 'assigned' as const };
    expect(effectiveState(order, [])).toEqual({ state: 'assigned', waiting: false });
    expect(effectiveState(order, [item('reached', 1)])).toEqual({
      state: 'reached',
      waiting: true,
    });
    expect(effectiveState(order, [item('reached', 1), item('collected', 1)]).state).toBe(
      'collected',
    );
    expect(effectiveState(order, [item('problem', 1)]).state).toBe('problem');
  });

  it("another order's actions and a feedback change nothing", () => {
    const order = { id: 1, state: 'collected' as const };
    expect(effectiveState(order, [item('reached', 2), item('feedback', 1)])).toEqual({
      state: 'collected',
      waiting: false,
    });
  });

  it('a queued delivery shows every sample in hand as delivered', () => {
    const order = { id: 1, state: 'collected' as const };
    expect(effectiveState(order, [item('deliver', null)])).toEqual({
      state: 'delivered',
      waiting: true,
    });
    expect(effectiveState({ id: 2, state: 'assigned' }, [item('deliver', null)]).state).toBe(
      'assigned',
    );
  });
});
