import { RATE_LIMITS } from '@dastak/core/constants';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  type ApiKeyCreate,
  type ApiKeyCreated,
  apiKeyCreateSchema,
} from '@dastak/core/entities/api-keys';
import { API_KEY_MESSAGES, API_KEY_SCOPE_LABELS } from '@dastak/core/messages/api-keys';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { showServerErrors } from '../../../lib/form-server-errors';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateApiKeyMutation } from '../api/create-api-key';

const EMPTY: ApiKeyCreate = {
  name: '',
  scopes: [],
  rateLimitPerMinute: RATE_LIMITS.API_KEYS.PER_KEY_DEFAULT,
};

/**
 * Create an API key: name, scopes, its requests a minute. On success the dialog shows the key
 * once, with a copy button; closing it forgets the key (the server keeps only its hash).
 */
export function CreateApiKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiKeyMutation();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ApiKeyCreate>({
    resolver: zodResolver(apiKeyCreateSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const close = () => {
    setCreated(null);
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (key) => {
        showSuccessToast(API_KEY_MESSAGES.CREATED);
        setCreated(key);
      },
      onError: (error) =>
        showServerErrors(error, ['name', 'scopes', 'rateLimitPerMinute'], setError),
    }),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your new API key' : 'Create API key'}
      centered
      size="lg"
    >
      {created ? (
        <SecretShownOnce
          secret={created.key}
          warningTitle="Shown once"
          warning={API_KEY_MESSAGES.SHOWN_ONCE}
          intro={
            <Text size="sm">
              <b>{created.name}</b>: send it as <Code>Authorization: Bearer &lt;key&gt;</Code>.
            </Text>
          }
          copyLabel="Copy key"
          testId="api-key-secret"
          onDone={close}
        />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Create API key">
          <Stack gap="md">
            <TextInput
              label="Name"
              withAsterisk
              maxLength={API_KEY_NAME_MAX}
              placeholder="e.g. Lab information system"
              error={errors.name?.message}
              {...register('name')}
            />
            <Controller
              control={control}
              name="scopes"
              render={({ field, fieldState }) => (
                <Checkbox.Group
                  label="Scopes"
                  description="What the key may do: nothing else, and no staff screen."
                  withAsterisk
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                >
                  <Stack gap={6} mt="xs">
                    {API_KEY_SCOPES.map((scope) => (
                      <Checkbox
                        key={scope}
                        value={scope}
                        label={API_KEY_SCOPE_LABELS[scope]}
                        description={scope}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
            <Controller
              control={control}
              name="rateLimitPerMinute"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Requests per minute"
                  description="The key's own budget; past it the key is answered 429 until the minute is over."
                  min={RATE_LIMITS.API_KEYS.PER_KEY_MIN}
                  max={RATE_LIMITS.API_KEYS.PER_KEY_MAX}
                  allowDecimal={false}
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Group justify="flex-end" gap="lg">
              <Anchor component="button" type="button" size="sm" c="dimmed" onClick={close}>
                Cancel
              </Anchor>
              <Button type="submit" loading={create.isPending}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
