import type { OrderUpdate } from '@dastak/core/entities/order-requests';
import type { Order } from '@dastak/core/entities/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ifMatch } from '../../../lib/edit-conflict';
import { orderKeys } from './order-keys';

/** The server's short answer to an order action: the toast text and the order as it stands. */
export type OrderActionReply = Pick<
  Order,
  'id' | 'number' | 'state' | 'pickup' | 'assignedRider'
> & {
  detail: string;
};

export type OrderUpdateData = OrderUpdate['data'];

/**
 * PATCH /orders/update/{id}/: needsReview, isFollowUpAddressed or additionalNotes, inside data.
 * A form's edit (the notes) sends the version it read as If-Match: 409 if the order changed
 * since (ADR 0056). The toggles set a value outright and send none.
 */
export function updateOrder(
  orderId: number,
  data: OrderUpdateData,
  version?: number,
): Promise<OrderActionReply> {
  return api.patch('/orders/update/:id/', {
    ...(version === undefined ? undefined : { headers: ifMatch(version) }),
    params: { id: orderId },
    body: { data },
  });
}

export function useUpdateOrderMutation(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, version }: { data: OrderUpdateData; version?: number }) =>
      updateOrder(orderId, data, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
