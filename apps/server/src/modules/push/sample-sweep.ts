import { PUSH_LATE_LOOKBACK_MINUTES, PUSH_LATE_SWEEP_MS } from '@dastak/core/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { startPeriodicJob } from '../../jobs/periodic-job';
import { listSamplesInTransit } from '../dashboards/public';
import type { DispatchConfig } from '../dispatch/public';
import { claimSampleNotices } from './push.repository';
import { isPushRegistered, notifySampleAtRisk } from './push-notifier';

/**
 * Samples at risk of expiring (docs/decisions/0048-sample-stability.md): every sweep
 * walks the samples on the road as the dashboard lists them (the route model's arrival at the
 * centre against the expiry) and pushes each one at risk, once, to the dispatchers of its region.
 * Each is claimed in push_sample_notices, across sweeps, restarts and instances; one that expired
 * more than PUSH_LATE_LOOKBACK_MINUTES ago is news to no one and is left to the dashboard.
 */
export async function runSamplePushSweepOnce(
  db: Db,
  now: Date,
  config: DispatchConfig,
): Promise<number> {
  // With no sender armed (no app on this database) claiming would swallow the alerts.
  if (!isPushRegistered(db)) return 0;
  const since = now.getTime() - PUSH_LATE_LOOKBACK_MINUTES * 60_000;
  const atRisk = (await listSamplesInTransit(db, 'blood', { regions: [] }, config, now)).filter(
    (s) => s.atRisk && Date.parse(s.sampleExpiresAt) > since,
  );
  const claimed = await claimSampleNotices(
    db,
    atRisk.map((s) => s.id),
    now,
  );
  for (const s of atRisk) {
    if (!claimed.has(s.id)) continue;
    notifySampleAtRisk(
      db,
      {
        id: s.id,
        number: s.number,
        regionId: s.regionId,
        riderName: s.assignedRider.name,
        expiresAt: new Date(s.sampleExpiresAt),
      },
      now,
    );
  }
  return claimed.size;
}

/** Runs the sweep every PUSH_LATE_SWEEP_MS until stopped; a failed run is logged, not fatal. */
export function startSamplePushSweep(
  db: Db,
  log: FastifyBaseLogger,
  opts: { config: DispatchConfig; periodMs?: number },
) {
  return startPeriodicJob({
    name: 'sample-push-sweep',
    periodMs: opts.periodMs ?? PUSH_LATE_SWEEP_MS,
    log,
    run: async () => {
      const n = await runSamplePushSweepOnce(db, new Date(), opts.config);
      if (n) log.info({ samples: n }, 'samples at risk announced by web push');
    },
  });
}
