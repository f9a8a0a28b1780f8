import type { PushSubscriptionBody } from '@dastak/core/entities/push';
import { api } from '../../../lib/api-client';

/**
 * POST /push/subscriptions/ (CAN_VIEW_DASHBOARD): stores this browser's subscription for the
 * signed-in user, following the given regions (ADR 0029). Idempotent: the same endpoint updates.
 */
export function savePushSubscription(
  body: PushSubscriptionBody,
): Promise<{ detail: string; regionIds: number[] }> {
  return api.post('/push/subscriptions/', { body, silent: true });
}
