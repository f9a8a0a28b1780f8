import type { LoginResponse as CoreLoginResponse, LoginRequest } from '@dastak/core/entities/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emitAuthEvent } from '../../../lib/auth-events';
import { startSession } from '../../../lib/session';
import type { SessionUser } from '../../../lib/session-user';
import { getDeviceId } from '../../../lib/storage';

export type LoginInput = Omit<LoginRequest, 'playerId'>;
export type LoginResponse = Omit<CoreLoginResponse, 'user'> & { user: SessionUser };

export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post('/auth/login/', {
    body: {
      email: input.email,
      password: input.password,
      playerId: getDeviceId(),
    } satisfies LoginRequest,
    auth: false,
  });
}

/** A failed login is toasted by the api client with the server's detail (spec §8). */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => {
      emitAuthEvent('loginAttempt');
      return login(input);
    },
    onSuccess: (data) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      startSession(data);
      emitAuthEvent('loginSuccess');
    },
    onError: () => emitAuthEvent('loginFail'),
  });
}
