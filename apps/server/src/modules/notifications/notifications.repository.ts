import { and, eq, inArray, lte, sql } from 'drizzle-orm';
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

/** Takes a batch of due messages; SKIP LOCKED lets several instances relay without overlap. */
export async function claimDue(db: DbOrTx, limit: number) {
  return db
    .update(outbox)
    .set({ state: 'sending', attempts: sql`${outbox.attempts} + 1` })
    .where(
      inArray(
        outbox.id,
        db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.state, 'pending'), lte(outbox.runAt, new Date())))
          .orderBy(outbox.id)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

export async function markSent(db: DbOrTx, id: number) {
  await db
    .update(outbox)
    .set({ state: 'sent', sentAt: new Date(), lastError: null })
    .where(eq(outbox.id, id));
}

export async function markFailed(db: DbOrTx, id: number, error: string, retryAt: Date | null) {
  await db
    .update(outbox)
    .set(
      retryAt
        ? { state: 'pending', runAt: retryAt, lastError: error }
        : { state: 'failed', lastError: error },
    )
    .where(eq(outbox.id, id));
}

/** Messages left 'sending' by a crash go back to the queue on start. */
export async function requeueStuck(db: DbOrTx) {
  await db.update(outbox).set({ state: 'pending' }).where(eq(outbox.state, 'sending'));
}
