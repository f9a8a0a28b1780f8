import { createECDH } from 'node:crypto';
import type { PushSubscriptionBody } from '@dastak/core/entities/push';
import { PUSH_MESSAGES } from '@dastak/core/messages';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../lib/domain-errors';
import * as repo from './push.repository';

/** Loopback hosts a plain-http endpoint may use when PUSH_ALLOW_HTTP is on (tests). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Refuses what no push service would hand out: the server POSTs to this address later. */
export function checkEndpoint(endpoint: string, allowHttp: boolean) {
  const url = new URL(endpoint);
  const ok = url.protocol === 'https:' || (allowHttp && LOOPBACK.has(url.hostname));
  if (!ok || url.username || url.password) {
    throw invalid(PUSH_MESSAGES.ENDPOINT_NOT_HTTPS, {
      endpoint: [PUSH_MESSAGES.ENDPOINT_NOT_HTTPS],
    });
  }
}

/** p256dh must be a point on P-256 and auth 16 bytes, or every later send would fail. */
function checkKeys(keys: { p256dh: string; auth: string }) {
  const errors: Record<string, string[]> = {};
  try {
    const point = Buffer.from(keys.p256dh, 'base64url');
    if (point.length !== 65) throw new Error('length');
    // Throws on a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.alloc(32, 1));
    ecdh.computeSecret(point);
  } catch {
    errors['keys.p256dh'] = [PUSH_MESSAGES.KEY_INVALID];
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) {
    errors['keys.auth'] = [PUSH_MESSAGES.KEY_INVALID];
  }
  if (Object.keys(errors).length > 0) throw invalid(PUSH_MESSAGES.KEY_INVALID, errors);
}

export async function subscribe(
  db: Db,
  userId: number,
  body: PushSubscriptionBody,
  allowHttp: boolean,
) {
  checkEndpoint(body.endpoint, allowHttp);
  checkKeys(body.keys);
  return db.transaction(async (tx) => {
    const id = await repo.upsertSubscription(tx, userId, body.endpoint, body.keys);
    if (body.regionIds) await repo.replaceRegions(tx, id, [...new Set(body.regionIds)]);
    return { detail: PUSH_MESSAGES.SUBSCRIBED, regionIds: await repo.regionsOf(tx, id) };
  });
}

export async function unsubscribe(db: Db, userId: number, endpoint: string) {
  // Another user's endpoint answers as an unknown one: no probing of who subscribed what.
  if (!(await repo.deleteUserSubscription(db, userId, endpoint))) throw notFound();
  return { detail: PUSH_MESSAGES.UNSUBSCRIBED };
}
