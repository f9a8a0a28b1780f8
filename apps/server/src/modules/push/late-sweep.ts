import { PUSH_LATE_LOOKBACK_MINUTES, PUSH_LATE_SWEEP_MS } from '@dastak/core/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { startPeriodicJob } from '../../jobs/periodic-job';
import { claimLateOrders } from './push.repository';
import { isPushRegistered, notifyOrderLate } from './push-notifier';

/**
 * Late with no rider (docs/decisions/0029-web-push.md): an order is late once its slot start plus
 * the on-time grace of ADR 0009 has passed; if it is still waiting for a rider then, the
 * dispatchers of its region get one push. Each order is claimed in push_late_notices, so it is
 * announced once, across sweeps, restarts and instances.
 */
export async function runLatePushSweepOnce(
  db: Db,
  now: Date,
  graceMinutes: number,
): Promise<number> {
  // With no sender armed (no app on this database) claiming would swallow the alerts.
  if (!isPushRegistered(db)) return 0;
  const late = await claimLateOrders(
    db,
    now,
    graceMinutes * 60_000,
    PUSH_LATE_LOOKBACK_MINUTES * 60_000,
  );
  for (const order of late) notifyOrderLate(db, order, now);
  return late.length;
}

/** Runs the sweep every PUSH_LATE_SWEEP_MS until stopped; a failed run is logged, not fatal. */
export function startLatePushSweep(
  db: Db,
  log: FastifyBaseLogger,
  opts: { graceMinutes: number; periodMs?: number },
) {
  return startPeriodicJob({
    name: 'late-push-sweep',
    periodMs: opts.periodMs ?? PUSH_LATE_SWEEP_MS,
    log,
    run: async () => {
      const n = await runLatePushSweepOnce(db, new Date(), opts.graceMinutes);
      if (n) log.info({ orders: n }, 'late orders announced by web push');
    },
  });
}
