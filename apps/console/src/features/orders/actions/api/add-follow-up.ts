import type { FollowUp } from '@dastak/core/entities/order-requests';
import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/** POST /activity/follow-up/ {order, reason} */
export function addFollowUp(body: FollowUp) {
  return api.post('/activity/follow-up/', { body });
}

export const useAddFollowUpMutation = () => useOrderMutation(addFollowUp);
