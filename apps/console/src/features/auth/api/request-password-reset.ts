import type { PasswordResetRequest } from '@dastak/core/entities/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emitAuthEvent } from '../../../lib/auth-events';

export function requestPasswordReset(input: PasswordResetRequest) {
  return api.post('/auth/password-reset-request/', { body: input, auth: false });
}

export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => emitAuthEvent('passwordResetInitiated'),
  });
}
