import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** The NOTIFY channel every instance LISTENs on (docs/decisions/0026-realtime-stream.md). */
export const REALTIME_CHANNEL = 'dastak_realtime';

/**
 * What travels on the channel: ids and positions only, well under NOTIFY's 8000-byte payload.
 * Rider and order rows are re-read by the receiving instance, so an event always shows the
 * committed row, never a half-written one.
 */
export type RealtimeNotice =
  /** A rider's newest fix: rider, region, latitude, longitude, when (ISO). */
  | { k: 'p'; r: number; g: number; la: number; lo: number; t: string }
  /** Riders whose state, duty, connectivity, flags or counts changed. */
  | { k: 'r'; ids: number[] }
  /** Orders that changed (state, fields, region) or were created. */
  | { k: 'o'; ids: number[] }
  /** A user whose sessions ended or whose permissions or state changed (ADR 0053). */
  | { k: 'a'; u: number };

/**
 * Publishes inside the caller's transaction: PostgreSQL (and PGlite) deliver a NOTIFY only when
 * the transaction commits, and never when it rolls back, so listeners see committed changes only.
 * Called outside a transaction it is delivered at once.
 */
async function notify(tx: DbOrTx, notice: RealtimeNotice) {
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(notice)})`);
}

export function publishRiderPosition(
  tx: DbOrTx,
  p: { riderId: number; regionId: number; latitude: number; longitude: number; at: Date },
) {
  return notify(tx, {
    k: 'p',
    r: p.riderId,
    g: p.regionId,
    la: p.latitude,
    lo: p.longitude,
    t: p.at.toISOString(),
  });
}

export async function publishRidersChanged(tx: DbOrTx, riderIds: readonly number[]) {
  if (riderIds.length) await notify(tx, { k: 'r', ids: [...new Set(riderIds)] });
}

export async function publishOrdersChanged(tx: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length) await notify(tx, { k: 'o', ids: [...new Set(orderIds)] });
}

/** Every instance drops the user's verified tokens: their next request reads them again. */
export function publishSessionsChanged(tx: DbOrTx, userId: number) {
  return notify(tx, { k: 'a', u: userId });
}
