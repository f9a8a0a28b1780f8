import type { Vertical } from '@dastak/core/states';
import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** POST /orders/{vertical}/{id}/request/ {rider_ids: [id]}: the console assigns one rider. */
export function assignOrder(vertical: Vertical, id: number, riderId: number) {
  return api.post('/orders/:vertical/:id/request/', {
    params: { vertical, id },
    body: {
      riderIds: [riderId],
    },
  });
}

export const useAssignOrderMutation = (vertical: Vertical, id: number) =>
  useOrderMutation((riderId: number) => assignOrder(vertical, id, riderId));
