import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { INSTANCE_ID } from '../../jobs/job-leases.repository';
import { startPeriodicJob } from '../../jobs/periodic-job';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, sign } from './webhook-signer';
import * as repo from './webhooks.repository';

/** Delivery (docs/decisions/0067-webhooks.md): only this job talks to subscribers, never a request. */
export const POST_TIMEOUT_MS = 5_000;
/** Retries go on for a day from the event, then the delivery is failed for good. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
const BATCH = 20;
/** POSTs in flight at once: a batch's subscribers are independent (one row per subscription and order). */
const CONCURRENCY = 10;
/** A claim older than this belongs to a dead or hung instance: a batch takes at most ~10 s. */
const STALE_CLAIM_MS = 60_000;
/** Batches per tick, so one tick ends and the period holds. */
const DRAIN_BATCHES = 10;

/** 10 s, 20 s, 40 s, ... doubling up to an hour between attempts. */
export const backoffMs = (attempts: number) =>
  Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

export interface WebhookRelayOptions {
  /** Names this instance in the claims (default: this process's INSTANCE_ID). */
  holder?: string;
  /** On the embedded database one server runs at a time: on start every 'sending' row is a crash's. */
  soleInstance?: boolean;
  timeoutMs?: number;
  /** The wait before the next attempt after `attempts` failed ones (tests shorten it). */
  backoff?: (attempts: number) => number;
}

type Claimed = Awaited<ReturnType<typeof repo.claimDue>>[number];

/** What one POST came to: 2xx is delivered; anything else (a redirect too) is a failed attempt. */
async function post(url: string, secret: string, row: Claimed, timeoutMs: number) {
  const started = performance.now();
  const t = Math.floor(Date.now() / 1000);
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Dastak-Webhooks/1',
        [SIGNATURE_HEADER]: sign(secret, row.body, t),
        [EVENT_ID_HEADER]: row.eventId,
        'Dastak-Event-Type': row.type,
      },
      body: row.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    statusCode = res.status;
    // The answer's body is not ours to read; drop it so the connection is freed.
    await res.body?.cancel().catch(() => {});
    if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    error =
      e.name === 'TimeoutError'
        ? `No answer within ${timeoutMs / 1000} s`
        : (e.cause?.code ?? e.cause?.message ?? e.message);
  }
  return { statusCode, error, durationMs: Math.round(performance.now() - started) };
}

async function deliver(
  db: Db,
  row: Claimed,
  holder: string,
  opts: Required<Pick<WebhookRelayOptions, 'timeoutMs' | 'backoff'>>,
  log: FastifyBaseLogger,
) {
  // Another instance took it over while earlier POSTs of the batch ran.
  if (!(await repo.renewClaim(db, row.id, holder))) return;
  const target = await repo.subscriptionSecret(db, row.subscriptionId);
  if (!target) return; // deleted meanwhile: its deliveries went with it
  const outcome = await post(target.url, target.secret, row, opts.timeoutMs);
  if (outcome.error === null) {
    if (!(await repo.settleAttempt(db, row.id, holder, outcome, { delivered: true }))) {
      log.warn({ deliveryId: row.id }, 'webhook delivered after its claim went stale');
    }
    return;
  }
  const age = await repo.ageMs(db, row.id);
  const retryInMs =
    age >= RETRY_WINDOW_MS ? null : Math.min(opts.backoff(row.attempts), RETRY_WINDOW_MS - age);
  await repo.settleAttempt(db, row.id, holder, outcome, { delivered: false, retryInMs });
  // The body holds order data; log only ids.
  log.warn(
    {
      deliveryId: row.id,
      subscriptionId: row.subscriptionId,
      attempts: row.attempts,
      err: outcome.error,
      givenUp: retryInMs === null,
    },
    'webhook delivery failed',
  );
}

/**
 * Sends one batch of due deliveries; returns how many were claimed. Several instances may run it
 * at once (ADR 0035): each delivery is claimed by one, renewed before its POST, settled only by
 * its holder.
 */
export async function relayWebhooksOnce(
  db: Db,
  log: FastifyBaseLogger,
  opts: WebhookRelayOptions = {},
): Promise<number> {
  const holder = opts.holder ?? INSTANCE_ID;
  const settings = {
    timeoutMs: opts.timeoutMs ?? POST_TIMEOUT_MS,
    backoff: opts.backoff ?? backoffMs,
  };
  const due = await repo.claimDue(db, BATCH, holder);
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const row = due[next++]!;
      await deliver(db, row, holder, settings, log).catch((err) =>
        log.error({ err, deliveryId: row.id }, 'webhook delivery crashed'),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  return due.length;
}

/** Requeues what a dead instance left half-sent, then drains what is due, every period. */
export function startWebhookRelay(
  db: Db,
  log: FastifyBaseLogger,
  opts: WebhookRelayOptions & { periodMs?: number } = {},
) {
  return startPeriodicJob({
    name: 'webhook-relay',
    periodMs: opts.periodMs ?? 1000,
    log,
    immediate: true,
    before: opts.soleInstance ? () => repo.requeueStuck(db, 0) : undefined,
    run: async () => {
      const requeued = await repo.requeueStuck(db, STALE_CLAIM_MS);
      if (requeued) log.warn({ requeued }, 'webhooks: requeued deliveries of a stale claim');
      let handled = 0;
      for (let i = 0, n = BATCH; i < DRAIN_BATCHES && n === BATCH; i += 1) {
        n = await relayWebhooksOnce(db, log, opts);
        handled += n;
      }
      return handled;
    },
  });
}
