import type { Vertical } from '@dastak/core/states';
import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/**
 * POST /orders/{vertical}/{id}/offline-in-progress/, /delivered/ and /verified/: three calls of
 * one shape (no body), so one file.
 */
export type OrderMark = 'offline-in-progress' | 'delivered' | 'verified';

export function markOrderState(vertical: Vertical, id: number, mark: OrderMark) {
  return api.post(`/orders/:vertical/:id/${mark}/`, { params: { vertical, id } });
}

export const useMarkOrderStateMutation = (vertical: Vertical, id: number) =>
  useOrderMutation((mark: OrderMark) => markOrderState(vertical, id, mark));
