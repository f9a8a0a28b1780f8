import { SUCCESS } from '@dastak/core/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { showSuccessToast } from '../../../lib/toast';
import { useRequestPasswordResetMutation } from '../api/request-password-reset';
import {
  type PasswordResetRequestFormValues,
  passwordResetRequestFormSchema,
} from '../auth-form-schemas';

export function PasswordResetRequestForm({ onSuccess }: { onSuccess: () => void }) {
  const request = useRequestPasswordResetMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequestFormValues>({
    resolver: zodResolver(passwordResetRequestFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const submit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        showSuccessToast(SUCCESS.PASSWORD_RESET_REQUESTED);
        onSuccess();
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          Request password reset
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
