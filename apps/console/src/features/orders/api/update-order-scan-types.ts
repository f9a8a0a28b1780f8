import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ifMatch } from '../../../lib/edit-conflict';
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

/**
 * POST /orders/update-order-scan-types/{orderId}/ (spec §7), with If-Match: the version of the
 * order the dialog was opened on (409 if it changed since, ADR 0056).
 */
export function updateOrderScanTypes(
  orderId: number,
  body: OrderScanTypesUpdate,
  version: number,
): Promise<OrderActionReply> {
  return api.post('/orders/update-order-scan-types/:orderId/', {
    params: { orderId },
    body,
    headers: ifMatch(version),
  });
}

export function useUpdateOrderScanTypesMutation(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: OrderScanTypesUpdate; version: number }) =>
      updateOrderScanTypes(orderId, body, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
