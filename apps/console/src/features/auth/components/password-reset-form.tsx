import { SUCCESS } from '@dastak/core/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { showSuccessToast } from '../../../lib/toast';
import { useResetPasswordMutation } from '../api/reset-password';
import { type PasswordResetFormValues, passwordResetFormSchema } from '../auth-form-schemas';

export function PasswordResetForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const reset = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetFormValues>({
    resolver: zodResolver(passwordResetFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          showSuccessToast(SUCCESS.PASSWORD_CHANGED);
          onSuccess();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          autoFocus
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Change password
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
