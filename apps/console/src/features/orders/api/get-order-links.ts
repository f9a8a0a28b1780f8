import type { CustomerLink } from '@dastak/core/entities/feedback';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** While a text message waits for the outbox relay, look again now and then to show its fate. */
export const MESSAGE_POLL_MS = 5_000;

export const hasMessageInFlight = (links: readonly CustomerLink[] | undefined): boolean =>
  !!links?.some((l) => l.messages.some((m) => m.state === 'pending' || m.state === 'sending'));

/** GET /orders/{vertical}/{id}/links/: the links texted to the customer, newest first. */
export function getOrderLinks(
  vertical: Vertical,
  orderId: number,
  signal?: AbortSignal,
): Promise<CustomerLink[]> {
  return api.get('/orders/:vertical/:id/links/', { params: { vertical, id: orderId }, signal });
}

export const orderLinksQueryOptions = (vertical: Vertical, orderId: number) =>
  queryOptions({
    queryKey: orderKeys.links(orderId),
    queryFn: ({ signal }) => getOrderLinks(vertical, orderId, signal),
    refetchInterval: (query) => (hasMessageInFlight(query.state.data) ? MESSAGE_POLL_MS : false),
  });

export function useOrderLinksQuery(vertical: Vertical, orderId: number) {
  return useQuery(orderLinksQueryOptions(vertical, orderId));
}
