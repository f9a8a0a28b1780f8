import type { Paged } from '@dastak/core/entities/common';
import type { WebhookDelivery } from '@dastak/core/entities/webhooks';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/next-page';
import { webhookKeys } from './webhook-keys';

/** GET /webhooks/{id}/deliveries/: newest first, each with its attempts. */
export function getWebhookDeliveries(
  id: number,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<WebhookDelivery>> {
  return api.get('/webhooks/:id/deliveries/', { params: { id }, query: { page }, signal });
}

export const webhookDeliveriesQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam, signal }) => getWebhookDeliveries(id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // The relay works in the background: the log refreshes while it is open.
    refetchInterval: 5_000,
  });

export function useWebhookDeliveriesQuery(id: number) {
  return useInfiniteQuery(webhookDeliveriesQueryOptions(id));
}
