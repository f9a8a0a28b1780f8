import type { RiderCreate } from '@dastak/core/entities/riders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { riderKeys } from './rider-keys';

export type RiderCreated = { detail: string; id: number };

/**
 * POST /entity/rider-create/ (CAN_ADD_RIDER). Spec §5: password2 is a copy of password1 and
 * phone_verified is always true from the console.
 */
export function createRider(input: Omit<RiderCreate, 'password2'>): Promise<RiderCreated> {
  return api.post('/entity/rider-create/', {
    body: {
      ...input,
      password2: input.password1,
      phoneVerified: true,
    },
  });
}

export function useCreateRiderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: riderKeys.lists() }),
  });
}
