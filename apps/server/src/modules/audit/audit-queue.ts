import type { DbOrTx } from '../../db/client';
import * as repo from './audit.repository';

/**
 * Detail opens are written off the request (ADR 0054): the row joins a queue that is flushed on
 * the next turn of the event loop as one multi-row insert, so the customer and order detail
 * answer without waiting for it. Bounded: past QUEUE_MAX waiting rows the caller waits for the
 * flush (back-pressure, never a dropped event). The app flushes it on close, before the database
 * closes; only a crash (kill -9) can lose the rows of the last turn.
 */
const QUEUE_MAX = 1_000;
const BATCH_MAX = 500;

interface Queue {
  rows: repo.AuditEventInsert[];
  flushing: Promise<void> | null;
}
const queues = new Map<DbOrTx, Queue>();

export function enqueueAuditRow(db: DbOrTx, row: repo.AuditEventInsert): Promise<void> {
  let q = queues.get(db);
  if (!q) {
    q = { rows: [], flushing: null };
    queues.set(db, q);
  }
  q.rows.push(row);
  q.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => drain(db, q));
  return q.rows.length >= QUEUE_MAX ? q.flushing : Promise.resolve();
}

async function drain(db: DbOrTx, q: Queue) {
  try {
    while (q.rows.length) await repo.insertAuditEvents(db, q.rows.splice(0, BATCH_MAX));
  } catch (err) {
    // Nothing to answer any more: say so where an operator looks, and keep the server up.
    console.error('audit: could not write queued audit events', err);
  } finally {
    q.flushing = null;
    if (q.rows.length) q.flushing = drain(db, q);
  }
}

/** Waits until every queued row of `db` is written (app close; tests and benches). */
export async function flushAuditQueue(db: DbOrTx) {
  const q = queues.get(db);
  while (q?.flushing) await q.flushing;
  queues.delete(db);
}
