import type { OrderUpdate } from '@dastak/core/entities/order-requests';
import type { Order } from '@dastak/core/entities/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** The server's short answer to an order action: the toast text and the order as it stands. */
export type OrderActionReply = Pick<
  Order,
  'id' | 'number' | 'state' | 'pickup' | 'assignedRider'
> & {
  detail: string;
};

export type OrderUpdateData = OrderUpdate['data'];

/** PATCH /orders/update/{id}/: needsReview, isFollowUpAddressed or additionalNotes, inside data. */
export function updateOrder(orderId: number, data: OrderUpdateData): Promise<OrderActionReply> {
  return api.patch<OrderActionReply>(`/orders/update/${orderId}/`, { data });
}

export function useUpdateOrderMutation(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: OrderUpdateData) => updateOrder(orderId, data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
