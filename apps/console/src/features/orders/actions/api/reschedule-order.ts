import type { OrderReschedule } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { api } from '../../../../lib/api-client';
import { type OrderActionReply, useOrderMutation } from './use-order-mutation';

/** POST /orders/{vertical}/{id}/reschedule/ {date, time_slot, reason, reschedule_string_id} */
export function rescheduleOrder(vertical: Vertical, id: number, body: OrderReschedule) {
  return api.post<OrderActionReply>(`/orders/${vertical}/${id}/reschedule/`, body);
}

export const useRescheduleOrderMutation = (vertical: Vertical, id: number) =>
  useOrderMutation((body: OrderReschedule) => rescheduleOrder(vertical, id, body));
