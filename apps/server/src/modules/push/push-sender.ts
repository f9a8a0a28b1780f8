import { PUSH_SEND_TIMEOUT_MS, PUSH_TTL_SECONDS } from '@dastak/core/constants';
import type { PushPayload } from '@dastak/core/entities/push';
import webpush from 'web-push';
import type { StoredSubscription } from './push.repository';
import type { VapidKeys } from './vapid-keys';

export type SendOutcome = 'delivered' | 'gone' | 'failed';

/**
 * Sends one Web Push message: web-push encrypts the payload (RFC 8291, aes128gcm) and signs the
 * VAPID JWT (RFC 8292); fetch carries it, because web-push's own transport speaks https only and
 * the tests' push service is plain http on loopback. 404/410 mean the browser dropped the
 * subscription ('gone'); anything else that is not 2xx is a failure to log.
 */
export async function sendPush(
  sub: StoredSubscription,
  payload: PushPayload,
  keys: VapidKeys,
  topic?: string,
): Promise<{ outcome: SendOutcome; status?: number }> {
  const req = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: sub.keys },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
      // A newer message with the same topic replaces an undelivered older one at the service.
      ...(topic ? { topic } : {}),
    },
  );
  const res = await fetch(req.endpoint, {
    method: 'POST',
    headers: req.headers as Record<string, string>,
    body: new Uint8Array(req.body),
    redirect: 'error',
    signal: AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS),
  });
  // The body is not used; read it so the connection can be reused.
  await res.arrayBuffer().catch(() => undefined);
  if (res.ok) return { outcome: 'delivered', status: res.status };
  if (res.status === 404 || res.status === 410) return { outcome: 'gone', status: res.status };
  return { outcome: 'failed', status: res.status };
}
