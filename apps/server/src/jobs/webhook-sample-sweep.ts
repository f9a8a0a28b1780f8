import { PUSH_LATE_LOOKBACK_MINUTES, PUSH_LATE_SWEEP_MS } from '@dastak/core/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { listSamplesInTransit } from '../modules/dashboards/public';
import type { DispatchConfig } from '../modules/dispatch/public';
import { claimWebhookSampleNotices, enqueueOrderEvents } from '../modules/webhooks/public';
import { startPeriodicJob } from './periodic-job';

/**
 * 'sample.at_risk' webhooks (docs/decisions/0067-webhooks.md): the samples on the road that the
 * dashboard calls at risk of expiring (ADR 0048), each announced once, claimed in
 * webhook_sample_notices in the transaction that writes its deliveries. It sits in jobs/ because
 * it composes dashboards with webhooks, which the order activities already import.
 */
export async function runWebhookSampleSweepOnce(db: Db, now: Date, config: DispatchConfig) {
  const since = now.getTime() - PUSH_LATE_LOOKBACK_MINUTES * 60_000;
  const atRisk = (await listSamplesInTransit(db, 'blood', { regions: [] }, config, now)).filter(
    (s) => s.atRisk && Date.parse(s.sampleExpiresAt) > since,
  );
  if (atRisk.length === 0) return 0;
  return db.transaction(async (tx) => {
    const claimed = await claimWebhookSampleNotices(
      tx,
      atRisk.map((s) => s.id),
    );
    await enqueueOrderEvents(
      tx,
      atRisk
        .filter((s) => claimed.has(s.id))
        .map((s) => ({
          orderId: s.id,
          type: 'sample.at_risk' as const,
          details: { sampleExpiresAt: s.sampleExpiresAt, cause: s.cause },
        })),
    );
    return claimed.size;
  });
}

export function startWebhookSampleSweep(
  db: Db,
  log: FastifyBaseLogger,
  opts: { config: DispatchConfig; periodMs?: number },
) {
  return startPeriodicJob({
    name: 'webhook-sample-sweep',
    periodMs: opts.periodMs ?? PUSH_LATE_SWEEP_MS,
    log,
    run: async () => {
      const n = await runWebhookSampleSweepOnce(db, new Date(), opts.config);
      if (n) log.info({ samples: n }, 'samples at risk announced to webhooks');
    },
  });
}
