import type { PublicLinkKind } from '@dastak/core/states';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/outbox';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** Written in the caller's transaction: the email goes out only if the change commits. */
export async function enqueueEmail(db: DbOrTx, message: EmailMessage) {
  await db.insert(outbox).values({ kind: 'email', payload: message });
}

/**
 * A message stays 'sending' only while one send is under way (relayOutboxOnce renews the claim
 * right before each send, and an SMTP send is bounded to about two minutes by the mailer's
 * timeouts). A claim older than this was left by an instance that died or hung: another instance
 * may take the message over. Long enough that a live sender is never overtaken, short enough
 * that a crashed instance's mail goes out within minutes.
 */
export const STALE_CLAIM_MS = 5 * 60_000;

const msAfterNow = (ms: number) => sql`now() + ${ms}::double precision * interval '1 millisecond'`;

/**
 * Takes a batch of due messages for `holder`; SKIP LOCKED lets several instances relay at once
 * without taking the same row. Times are the database's, so instances' clocks need not agree.
 */
export async function claimDue(db: DbOrTx, limit: number, holder: string) {
  return db
    .update(outbox)
    .set({
      state: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      claimedAt: sql`now()`,
      claimedBy: holder,
    })
    .where(
      inArray(
        outbox.id,
        db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.state, 'pending'), lte(outbox.runAt, sql`now()`)))
          .orderBy(outbox.id)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** Rows `holder` still holds as 'sending' (a requeue after a stale claim takes them away). */
const heldBy = (id: number, holder: string) =>
  and(eq(outbox.id, id), eq(outbox.state, 'sending'), eq(outbox.claimedBy, holder));

/** Refreshes the claim just before the send; false: the message is no longer this holder's. */
export async function renewClaim(db: DbOrTx, id: number, holder: string) {
  const rows = await db
    .update(outbox)
    .set({ claimedAt: sql`now()` })
    .where(heldBy(id, holder))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export async function markSent(db: DbOrTx, id: number, holder: string) {
  const rows = await db
    .update(outbox)
    .set({ state: 'sent', sentAt: sql`now()`, lastError: null })
    .where(heldBy(id, holder))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** Back to the queue after `retryInMs`, or failed for good when null. */
export async function markFailed(
  db: DbOrTx,
  id: number,
  holder: string,
  error: string,
  retryInMs: number | null,
) {
  await db
    .update(outbox)
    .set(
      retryInMs !== null
        ? {
            state: 'pending',
            runAt: msAfterNow(retryInMs),
            lastError: error,
            claimedAt: null,
            claimedBy: null,
          }
        : { state: 'failed', lastError: error },
    )
    .where(heldBy(id, holder));
}

/**
 * Messages whose claim went stale (their instance crashed or hung mid-send) go back to the
 * queue; a fresh claim is another instance at work and is left alone. Returns how many.
 */
export async function requeueStuck(db: DbOrTx, staleMs = STALE_CLAIM_MS) {
  const rows = await db
    .update(outbox)
    .set({ state: 'pending', claimedAt: null, claimedBy: null })
    .where(
      and(
        eq(outbox.state, 'sending'),
        or(isNull(outbox.claimedAt), lt(outbox.claimedAt, msAfterNow(-staleMs))),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}

/** A text message to a customer: the SMS text plus the public link it carries (ADR 0038). */
export interface SmsMessage {
  to: string;
  text: string;
  url: string;
  kind: PublicLinkKind;
}

/** Written in the caller's transaction, tied to its link: the SMS goes out only on commit. */
export async function enqueueSms(db: DbOrTx, message: SmsMessage, linkId: string) {
  const [row] = await db
    .insert(outbox)
    .values({ kind: 'sms', payload: message, linkId })
    .returning({ id: outbox.id });
  return row!.id;
}
