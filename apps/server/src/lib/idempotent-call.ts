import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN } from '@dastak/core/constants';
import { TUBE_MESSAGES } from '@dastak/core/messages/tubes';
import type { Db } from '../db/client';
import { conflict, invalid } from './domain-errors';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  saveIdempotentResponse,
} from './idempotency.repository';

/**
 * The rider app's writes with an Idempotency-Key (docs/decisions/0062): the phone queues each
 * action offline and may send it twice (a reply lost on the way back). The first call's status
 * and reply are kept under (user, key) with a hash of method, path and body, in the transaction
 * of the write itself, so a key is stored if and only if its effect committed. The same key and
 * request replays the reply without applying again; the same key with another request is 409
 * REPLAY_DIFFERS. A refused call (4xx) stores nothing: its effect did not happen, and a retry is
 * judged afresh. Keys older than 48 h are deleted by the location-retention job.
 */

/** All rider-app keys share one scope, so a key reused on another path is caught too. */
const SCOPE = 'rider-app';

export type IdempotentRequest = {
  userId: number;
  /** The raw header value; absent: the call runs as it would without the helper. */
  key: string | string[] | undefined;
  method: string;
  path: string;
  body: unknown;
};

export type IdempotentReply<T> = { status: number; reply: T; replayed: boolean };

const hashOf = (r: IdempotentRequest) =>
  createHash('sha256')
    .update(`${r.method} ${r.path}\n${JSON.stringify(r.body ?? null)}`)
    .digest('hex');

/** The header's key, checked: 8–100 characters; none when absent or empty. */
export function idempotencyKeyOf(raw: string | string[] | undefined) {
  if (raw === undefined || raw === '') return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX) {
    throw invalid(TUBE_MESSAGES.IDEMPOTENCY_KEY_INVALID, {
      idempotencyKey: [TUBE_MESSAGES.IDEMPOTENCY_KEY_INVALID],
    });
  }
  return key;
}

/**
 * Runs `write` once per key. `write` gets the transaction as its database: services that open
 * their own transaction nest in it (a savepoint), so the key and the effect commit together.
 */
export async function idempotentCall<T>(
  db: Db,
  request: IdempotentRequest,
  status: number,
  write: (db: Db) => Promise<T>,
): Promise<IdempotentReply<T>> {
  const key = idempotencyKeyOf(request.key);
  if (!key) return { status, reply: await write(db), replayed: false };
  const ref = { key, userId: request.userId, route: SCOPE };
  const hash = hashOf(request);
  return db.transaction(async (tx) => {
    if (!(await claimIdempotencyKey(tx, ref, hash))) {
      const stored = await findIdempotencyKey(tx, ref);
      if (!stored || stored.requestHash !== hash || stored.statusCode == null) {
        throw conflict(TUBE_MESSAGES.REPLAY_DIFFERS, { code: 'REPLAY_DIFFERS' });
      }
      return { status: stored.statusCode, reply: stored.response as T, replayed: true };
    }
    const reply = await write(tx as unknown as Db);
    await saveIdempotentResponse(tx, ref, status, reply);
    return { status, reply, replayed: false };
  });
}
