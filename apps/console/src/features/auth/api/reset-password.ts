import type { PasswordReset } from '@dastak/core/entities/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emitAuthEvent } from '../../../lib/auth-events';

/** A bad or expired link answers 400 with a detail, which the api client toasts. */
export function resetPassword(input: PasswordReset) {
  return api.post('/auth/password-reset/', { body: input, auth: false });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => emitAuthEvent('passwordResetCompleted'),
  });
}
