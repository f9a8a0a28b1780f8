import type { DetailResponse, LogoutRequest } from '@dastak/core/entities/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emitAuthEvent } from '../../../lib/auth-events';
import { endSession, getRefreshToken } from '../../../lib/session';

export function logout(refreshToken: string): Promise<DetailResponse> {
  // Silent: the user asked to leave, and leaves whether or not the server heard about it.
  const body: LogoutRequest = { refreshToken };
  return api.post('/auth/logout/', { body, silent: true });
}

/** Revokes the refresh token on the server, then forgets the session locally regardless. */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      emitAuthEvent('logoutAttempt');
      const refreshToken = getRefreshToken();
      if (refreshToken) await logout(refreshToken);
    },
    onSuccess: () => emitAuthEvent('logoutSuccess'),
    onError: () => emitAuthEvent('logoutFail'),
    onSettled: () => {
      endSession();
      queryClient.clear();
    },
  });
}
