import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type Mailer, outboxMessageKey } from '../modules/notifications/mailer';
import * as outboxRepo from '../modules/notifications/notifications.repository';
import type { SmsSender } from '../modules/notifications/sms-sender';
import { INSTANCE_ID } from './job-leases.repository';
import { startPeriodicJob } from './periodic-job';

const MAX_ATTEMPTS = 5;
const BATCH = 20;
/** At most this many messages a tick, so one tick ends and the job's period holds. */
const DRAIN_MAX = 1000;

/** Who sends each kind of outbox row: 'email' through the mailer, 'sms' through the SMS sender. */
export interface OutboxSenders {
  mailer: Mailer;
  sms?: SmsSender;
}

/** A bare mailer (the callers from before SMS) relays email only. */
const sendersOf = (s: Mailer | OutboxSenders): OutboxSenders => ('mailer' in s ? s : { mailer: s });

/** Sends one claimed row by its kind; an unknown kind (or SMS without a sender) fails the row. */
async function sendRow(
  senders: OutboxSenders,
  row: { kind: string; payload: unknown },
  key: string,
) {
  if (row.kind === 'email') {
    return senders.mailer.send(row.payload as outboxRepo.EmailMessage, key);
  }
  if (row.kind === 'sms' && senders.sms) {
    return senders.sms.send(row.payload as outboxRepo.SmsMessage, key);
  }
  throw new Error(`unknown outbox kind ${row.kind}`);
}

export interface RelayOptions {
  /** Names this instance in the outbox's claims (default: this process's INSTANCE_ID). */
  holder?: string;
  /**
   * Requeue every 'sending' message on start, stale or not: only when no other instance can be
   * relaying, i.e. on the embedded database, which one process at a time opens.
   */
  soleInstance?: boolean;
}

/**
 * Relays one batch of due outbox messages; returns how many were handled. Several instances may
 * run it at once (docs/decisions/0035-instances-and-exactly-once.md): each message is claimed by
 * one of them, the claim is renewed right before the send, and only its holder marks it.
 */
export async function relayOutboxOnce(
  db: Db,
  senders: Mailer | OutboxSenders,
  log: FastifyBaseLogger,
  opts: RelayOptions = {},
): Promise<number> {
  const send = sendersOf(senders);
  const holder = opts.holder ?? INSTANCE_ID;
  const due = await outboxRepo.claimDue(db, BATCH, holder);
  for (const row of due) {
    // The sends before it in the batch took so long that another instance took it over.
    if (!(await outboxRepo.renewClaim(db, row.id, holder))) continue;
    try {
      const result = await sendRow(send, row, outboxMessageKey(row));
      // A crash came between the send and markSent; the sink kept the first copy.
      if (result === 'already-sent') log.warn({ outboxId: row.id }, 'outbox: message already sent');
      if (!(await outboxRepo.markSent(db, row.id, holder))) {
        log.warn({ outboxId: row.id }, 'outbox message sent after its claim went stale');
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // Exponential backoff: 30 s, 1 min, 2 min, 4 min, then give up.
      const retryInMs = row.attempts < MAX_ATTEMPTS ? 30_000 * 2 ** (row.attempts - 1) : null;
      await outboxRepo.markFailed(db, row.id, holder, message, retryInMs);
      // The payload holds addresses, phone numbers and links; log only the id and kind.
      log.warn(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: message },
        'outbox delivery failed',
      );
    }
  }
  return due.length;
}

/**
 * Polls the outbox until stopped, starting at once. Every tick first requeues what a dead
 * instance left half-sent (a stale claim), so a live instance finishes it.
 */
export function startOutboxRelay(
  db: Db,
  senders: Mailer | OutboxSenders,
  log: FastifyBaseLogger,
  intervalMs = 1000,
  opts: RelayOptions = {},
) {
  return startPeriodicJob({
    name: 'outbox-relay',
    periodMs: intervalMs,
    log,
    immediate: true,
    before: opts.soleInstance ? () => outboxRepo.requeueStuck(db, 0) : undefined,
    run: async () => {
      const requeued = await outboxRepo.requeueStuck(db);
      if (requeued) log.warn({ requeued }, 'outbox: requeued messages of a stale claim');
      // Drain what is due, batch after batch: a burst of customer texts (an auto-assignment
      // round) must not hold a password-reset email back by a second per 20 messages.
      let handled = 0;
      for (let n = BATCH; n === BATCH && handled < DRAIN_MAX; handled += n) {
        n = await relayOutboxOnce(db, senders, log, opts);
      }
      return handled;
    },
  });
}
