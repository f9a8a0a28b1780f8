import type { OrderReschedule } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** POST /orders/{vertical}/{id}/reschedule/ {date, time_slot, reason, reschedule_string_id} */
export function rescheduleOrder(vertical: Vertical, id: number, body: OrderReschedule) {
  return api.post('/orders/:vertical/:id/reschedule/', { params: { vertical, id }, body });
}

export const useRescheduleOrderMutation = (vertical: Vertical, id: number) =>
  useOrderMutation((body: OrderReschedule) => rescheduleOrder(vertical, id, body));
