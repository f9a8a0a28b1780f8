import type { OrderCancel } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** POST /orders/{vertical}/{id}/cancel/ {reason, cancellation_string_id, is_unverified} */
export function cancelOrder(vertical: Vertical, id: number, body: OrderCancel) {
  return api.post('/orders/:vertical/:id/cancel/', { params: { vertical, id }, body });
}

export const useCancelOrderMutation = (vertical: Vertical, id: number) =>
  useOrderMutation((body: OrderCancel) => cancelOrder(vertical, id, body));
