import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { riderKeys } from './rider-keys';

type DetailResponse = { detail: string };

/** GET /entity/rider_force_deliver/{id}/: delivers every collected order a blood rider holds. */
export function forceDeliverRider(id: number): Promise<DetailResponse> {
  return api.get('/entity/rider_force_deliver/:id/', { params: { id } });
}

export function useForceDeliverRiderMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => forceDeliverRider(id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: riderKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: riderKeys.orderHistory(id) }),
        queryClient.invalidateQueries({ queryKey: riderKeys.lists() }),
      ]),
  });
}
