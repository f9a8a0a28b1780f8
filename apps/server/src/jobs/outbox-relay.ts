import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from '../modules/notifications/mailer';
import * as outboxRepo from '../modules/notifications/notifications.repository';
import { startPeriodicJob } from './periodic-job';

const MAX_ATTEMPTS = 5;
const BATCH = 20;

/** Relays one batch of due outbox messages; returns how many were handled. */
export async function relayOutboxOnce(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
): Promise<number> {
  const due = await outboxRepo.claimDue(db, BATCH);
  for (const row of due) {
    try {
      if (row.kind !== 'email') throw new Error(`unknown outbox kind ${row.kind}`);
      await mailer.send(row.payload as outboxRepo.EmailMessage);
      await outboxRepo.markSent(db, row.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // Exponential backoff: 30 s, 1 min, 2 min, 4 min, then give up.
      const retryAt =
        row.attempts < MAX_ATTEMPTS
          ? new Date(Date.now() + 30_000 * 2 ** (row.attempts - 1))
          : null;
      await outboxRepo.markFailed(db, row.id, message, retryAt);
      // The payload holds addresses and links; log only the id.
      log.warn(
        { outboxId: row.id, attempts: row.attempts, err: message },
        'outbox delivery failed',
      );
    }
  }
  return due.length;
}

/** Polls the outbox until stopped; first it requeues what a crash left half-sent. */
export function startOutboxRelay(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  intervalMs = 1000,
) {
  return startPeriodicJob({
    name: 'outbox-relay',
    periodMs: intervalMs,
    log,
    before: () => outboxRepo.requeueStuck(db),
    run: () => relayOutboxOnce(db, mailer, log),
  });
}
