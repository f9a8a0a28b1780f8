import type { OrderCreate } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from '../../orders/public';

export type OrderCreated = { detail: string; id: number; number: string; state: string };

/**
 * POST /orders/{vertical}/ with an Idempotency-Key: the key is made once per submission, so a
 * double click (or a retry after a lost answer) books one order.
 */
export function createOrder(vertical: Vertical, body: OrderCreate, idempotencyKey: string) {
  return api.post('/orders/:vertical/', {
    params: { vertical },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateOrderMutation(vertical: Vertical) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: OrderCreate; key: string }) =>
      createOrder(vertical, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
