import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookCreateInput,
  type WebhookWithSecret,
  webhookCreateSchema,
} from '@dastak/core/entities/webhooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { showServerErrors } from '../../../lib/form-server-errors';
import { useCreateWebhookMutation } from '../api/create-webhook';

const EMPTY: WebhookCreateInput = { url: '', events: [...WEBHOOK_EVENTS], description: '' };

/** Add a subscription: an https address, its events and a note; then its secret, once. */
export function WebhookCreateDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const create = useCreateWebhookMutation();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<WebhookCreateInput>({
    resolver: zodResolver(webhookCreateSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit((values) =>
    create.mutate(webhookCreateSchema.parse(values), {
      // The secret dialog that follows says what the toast would.
      onSuccess: (created) => {
        reset(EMPTY);
        onCreated(created);
      },
      onError: (error) => showServerErrors(error, ['url', 'events', 'description'], setError),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Add webhook" centered size="lg">
      <form onSubmit={submit} noValidate aria-label="Add webhook">
        <Stack gap="md">
          <TextInput
            label="Address"
            withAsterisk
            placeholder="https://lis.example.com/dastak-events"
            description="Events are POSTed here as JSON, signed with the subscription's secret"
            error={errors.url?.message}
            {...register('url')}
          />
          <Controller
            control={control}
            name="events"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Events"
                withAsterisk
                value={field.value as string[]}
                onChange={field.onChange}
                error={fieldState.error?.message}
              >
                <SimpleGrid cols={2} mt="xs" spacing="xs">
                  {WEBHOOK_EVENTS.map((e) => (
                    <Checkbox key={e} value={e} label={WEBHOOK_EVENT_LABELS[e]} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
          <TextInput
            label="Description"
            placeholder="e.g. the lab's LIS"
            error={errors.description?.message}
            {...register('description')}
          />
          <Group justify="flex-end">
            <Button variant="subtle" color="gray" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create webhook
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
