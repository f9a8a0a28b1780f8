import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import type { OrderActionReply } from './update-order';

export type OrderScanTypesUpdate = {
  /** The total shown (after the order's discount), PKR; the server refuses another price. */
  value?: number;
  /** Percent off; absent keeps the order's discount. */
  discount?: number;
  /** Test codes; a code repeated counts twice. */
  scanType: string[];
};

/** POST /orders/update-order-scan-types/{orderId}/ (spec §7). */
export function updateOrderScanTypes(
  orderId: number,
  body: OrderScanTypesUpdate,
): Promise<OrderActionReply> {
  return api.post<OrderActionReply>(`/orders/update-order-scan-types/${orderId}/`, body);
}

export function useUpdateOrderScanTypesMutation(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderScanTypesUpdate) => updateOrderScanTypes(orderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
