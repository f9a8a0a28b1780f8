import { api } from '../../../lib/api-client';

/** GET /push/vapid-public-key/ (any staff user): the key browsers subscribe with (ADR 0029). */
export function getVapidPublicKey(): Promise<{ publicKey: string }> {
  // Silent: push is a background nicety; a failure must not toast over the dashboard.
  return api.get('/push/vapid-public-key/', { silent: true });
}
