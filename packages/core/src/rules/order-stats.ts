import type { OrderStats } from '../entities/lookups';
import type { OrderState } from '../states';

/**
 * The dashboards' Orders panel: which states each count holds (docs/decisions/0025). Every state
 * but cancelled falls in exactly one bucket, and Total is their sum, so the panel adds up;
 * cancelled orders are in no count (they need nothing from anyone).
 */
export const ORDER_STATS_BUCKETS = {
  pending: ['scheduled', 'needsAssignment'],
  inProgress: ['assigned', 'reached', 'collected', 'offlineInProgress'],
  completed: ['delivered'],
  unverified: ['unverified'],
  escalated: ['problem'],
} as const satisfies Record<Exclude<keyof OrderStats, 'total'>, readonly OrderState[]>;

type Bucket = keyof typeof ORDER_STATS_BUCKETS;

/** The panel's counts from a count per state. */
export function orderStatsOf(perState: Partial<Record<OrderState, number>>): OrderStats {
  const stats: OrderStats = {
    total: 0,
    pending: 0,
    completed: 0,
    inProgress: 0,
    unverified: 0,
    escalated: 0,
  };
  for (const [bucket, states] of Object.entries(ORDER_STATS_BUCKETS) as [
    Bucket,
    readonly OrderState[],
  ][]) {
    for (const state of states) stats[bucket] += perState[state] ?? 0;
    stats.total += stats[bucket];
  }
  return stats;
}
