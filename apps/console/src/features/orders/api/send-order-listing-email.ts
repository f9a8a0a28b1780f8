import { SUCCESS } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';

/**
 * GET /orders/{vertical}/send-order-listing-email/ with the list's current filter parameters:
 * the server mails the CSV of that view to the signed-in user through the outbox.
 */
export function sendOrderListingEmail(
  vertical: Vertical,
  params: Record<string, string>,
): Promise<{ detail: string }> {
  return api.get('/orders/:vertical/send-order-listing-email/', {
    params: { vertical },
    query: params,
  });
}

export function useSendOrderListingEmail(vertical: Vertical) {
  return useMutation({
    mutationFn: (params: Record<string, string>) => sendOrderListingEmail(vertical, params),
    onSuccess: () => showSuccessToast(SUCCESS.ORDER_LISTING_EMAIL),
  });
}
