import { IDEMPOTENCY_KEY_TTL_HOURS } from '@dastak/core/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { deleteIdempotencyKeysBefore } from '../lib/idempotency.repository';
import { deletePingsBefore } from '../modules/attendance/attendance-rollup.repository';
import { startPeriodicJob } from './periodic-job';

export const LOCATION_RETENTION_PERIOD_MS = 60 * 60_000;
/** Rows per delete: one short statement at a time, so pings keep flowing while it prunes. */
export const LOCATION_RETENTION_BATCH = 5_000;
/**
 * Batches per run. At 1,000 riders pinging every 10 s a day adds ~8.6 M pings, 360 k an hour:
 * 200 x 5,000 = 1 M an hour keeps up with that and drains a backlog within a day or so.
 */
const MAX_BATCHES_PER_RUN = 200;

/**
 * Deletes raw rider pings taken more than `days` days before `now`, batch by batch, until none
 * are left or the run's batch budget is spent (the next run goes on). The 5-minute attendance
 * slots and the rider shifts' figures are other tables and stay (docs/decisions/0037).
 */
export async function pruneLocationPings(
  db: Db,
  now: Date,
  days: number,
  opts: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = opts.batch ?? LOCATION_RETENTION_BATCH;
  const maxBatches = opts.maxBatches ?? MAX_BATCHES_PER_RUN;
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60_000);
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await deletePingsBefore(db, cutoff, batch);
    deleted += n;
    if (n < batch) break;
  }
  return deleted;
}

/**
 * Idempotency keys (creates and the rider app's writes, ADR 0062) older than 48 h: a phone's
 * offline queue replays within hours, and the table would otherwise grow with every write.
 */
export function pruneIdempotencyKeys(db: Db, now: Date) {
  return deleteIdempotencyKeysBefore(
    db,
    new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60_000),
  );
}

/** Hourly, once per period across instances (job_leases); the first run one period after start. */
export function startLocationRetention(
  db: Db,
  log: FastifyBaseLogger,
  opts: { days: number; periodMs?: number; holder?: string },
) {
  return startPeriodicJob({
    name: 'location-retention',
    periodMs: opts.periodMs ?? LOCATION_RETENTION_PERIOD_MS,
    log,
    lease: { db, holder: opts.holder },
    run: async () => {
      const deleted = await pruneLocationPings(db, new Date(), opts.days);
      if (deleted) log.info({ deleted, days: opts.days }, 'old rider pings pruned');
      const keys = await pruneIdempotencyKeys(db, new Date());
      if (keys) log.info({ deleted: keys }, 'old idempotency keys pruned');
    },
  });
}
