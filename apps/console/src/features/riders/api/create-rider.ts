import type { RiderCreate } from '@dastak/core/entities/riders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { riderKeys } from './rider-keys';

export type RiderCreated = { detail: string; id: number };

/** POST /entity/rider-create/ (CAN_ADD_RIDER); phone_verified is always true from the console. */
export function createRider(input: RiderCreate): Promise<RiderCreated> {
  return api.post<RiderCreated>('/entity/rider-create/', { ...input, phoneVerified: true });
}

export function useCreateRiderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: riderKeys.lists() }),
  });
}
