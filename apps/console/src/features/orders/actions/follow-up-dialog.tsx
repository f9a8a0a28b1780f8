import { COMMENT_MAX } from '@dastak/core/constants';
import { followUpSchema } from '@dastak/core/entities/order-requests';
import { SUCCESS } from '@dastak/core/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { showSuccessToast } from '../../../lib/toast';
import { useAddFollowUpMutation } from './api/add-follow-up';

const formSchema = followUpSchema.pick({ reason: true });
type FormValues = { reason: string };

/** Follow Up Comments (spec §2.7): up to 250 characters, 'Confirm Follow Up'. */
export function FollowUpDialog({
  opened,
  onClose,
  orderId,
}: {
  opened: boolean;
  onClose: () => void;
  orderId: number;
}) {
  const followUp = useAddFollowUpMutation();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const length = watch('reason').length;

  const close = () => {
    reset({ reason: '' });
    onClose();
  };

  const submit = handleSubmit(({ reason }) =>
    followUp.mutate(
      { order: orderId, reason },
      {
        onSuccess: () => {
          showSuccessToast(SUCCESS.FOLLOW_UP_SAVED);
          close();
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title="Follow Up Comments" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Comments"
            withAsterisk
            placeholder="What did the customer say?"
            autosize
            minRows={4}
            maxRows={8}
            maxLength={COMMENT_MAX}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <Text size="xs" c="dimmed" ta="right" aria-live="polite">
            {length}/{COMMENT_MAX}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={followUp.isPending}>
              Confirm Follow Up
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
