import type { CustomerLink } from '@dastak/core/entities/feedback';
import type { Vertical } from '@dastak/core/states';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * POST /orders/{vertical}/{id}/links/{ref}/resend/: texts the link again (a new message). An
 * expired or already answered link answers 409, whose detail the api client toasts.
 */
export function resendOrderLink(
  vertical: Vertical,
  orderId: number,
  ref: number,
): Promise<CustomerLink> {
  return api.post('/orders/:vertical/:id/links/:ref/resend/', {
    params: { vertical, id: orderId, ref },
    body: {},
  });
}

export function useResendOrderLinkMutation(vertical: Vertical, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: number) => resendOrderLink(vertical, orderId, ref),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.links(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.activities(orderId) }),
      ]),
  });
}
