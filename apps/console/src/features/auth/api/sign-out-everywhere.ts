import type { DetailResponse } from '@dastak/core/entities/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

/** POST /auth/sessions/end-all/: every session of the user ends, this one included. */
export function signOutEverywhere(): Promise<DetailResponse> {
  return api.post('/auth/sessions/end-all/', { body: {} });
}

/** Once the server has ended them, this tab forgets its own session too and goes to login. */
export function useSignOutEverywhereMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      endSession();
      queryClient.clear();
    },
  });
}
