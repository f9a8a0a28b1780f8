import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { partialOrderKeys } from './partial-order-keys';

type CancelReply = PartialOrderDetail & { detail: string };

/** PATCH /orders/partial-order/{id}/ {state: CANCELLED} (spec §4): the delete icon. */
export function cancelPartialOrder(id: number): Promise<CancelReply> {
  return api.patch('/orders/partial-order/:id/', { params: { id }, body: { state: 'CANCELLED' } });
}

/** The list refetches on success, and the cancelled row leaves it (the server lists open ones). */
export function useCancelPartialOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPartialOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partialOrderKeys.all }),
  });
}
