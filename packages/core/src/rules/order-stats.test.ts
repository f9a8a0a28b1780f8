import { describe, expect, it } from 'vitest';
import { ORDER_STATES } from '../states';
import { ORDER_STATS_BUCKETS, orderStatsOf } from './order-stats';

describe('order stats buckets', () => {
  it('puts every state but cancelled in exactly one bucket', () => {
    const bucketed = Object.values(ORDER_STATS_BUCKETS).flat();
    expect(new Set(bucketed).size).toBe(bucketed.length);
    expect(ORDER_STATES.filter((s) => !bucketed.includes(s as never))).toEqual(['cancelled']);
  });

  it('sums the buckets into the total', () => {
    expect(
      orderStatsOf({
        scheduled: 1,
        needsAssignment: 2,
        assigned: 3,
        offlineInProgress: 1,
        delivered: 4,
        problem: 1,
        unverified: 2,
        cancelled: 9,
      }),
    ).toEqual({
      total: 14,
      pending: 3,
      inProgress: 4,
      completed: 4,
      unverified: 2,
      escalated: 1,
    });
  });
});
