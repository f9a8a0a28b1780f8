import type { OrderReassign } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** POST /orders/{vertical}/{id}/reassign/ {rider_ids, reassignment_string_id, reason} */
export function reassignOrder(vertical: Vertical, id: number, body: OrderReassign) {
  return api.post('/orders/:vertical/:id/reassign/', { params: { vertical, id }, body });
}

export const useReassignOrderMutation = (vertical: Vertical, id: number) =>
  useOrderMutation((body: OrderReassign) => reassignOrder(vertical, id, body));
