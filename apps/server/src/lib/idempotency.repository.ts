import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema/outbox';

/** Idempotency-Key bookkeeping for creates (DESIGN: API conventions). */

type KeyRef = { key: string; userId: number; route: string };

/**
 * Inserts the key row first thing in the create's transaction. On PostgreSQL a concurrent insert
 * of the same key waits here until the first transaction ends: if it committed we get false
 * (replay its answer), if it rolled back we get true (our turn).
 */
export async function claimIdempotencyKey(tx: DbOrTx, ref: KeyRef, requestHash: string) {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...ref, requestHash })
    .onConflictDoNothing({
      target: [idempotencyKeys.key, idempotencyKeys.userId, idempotencyKeys.route],
    })
    .returning({ id: idempotencyKeys.id });
  return rows.length > 0;
}

export async function findIdempotencyKey(tx: DbOrTx, ref: KeyRef) {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.key, ref.key),
        eq(idempotencyKeys.userId, ref.userId),
        eq(idempotencyKeys.route, ref.route),
      ),
    );
  return row;
}

export async function saveIdempotentResponse(
  tx: DbOrTx,
  ref: KeyRef,
  statusCode: number,
  response: unknown,
) {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(
      and(
        eq(idempotencyKeys.key, ref.key),
        eq(idempotencyKeys.userId, ref.userId),
        eq(idempotencyKeys.route, ref.route),
      ),
    );
}

/** Deletes keys made before `cutoff` (the location-retention job, every hour; ADR 0062). */
export async function deleteIdempotencyKeysBefore(db: DbOrTx, cutoff: Date) {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created, cutoff))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
