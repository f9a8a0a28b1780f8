import type { WebhookSubscription } from '@dastak/core/entities/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** GET /webhooks/: every subscription, with its pending and failed deliveries. */
export function getWebhooks(signal?: AbortSignal): Promise<WebhookSubscription[]> {
  return api.get('/webhooks/', { signal });
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooksQuery() {
  return useQuery(webhooksQueryOptions());
}
