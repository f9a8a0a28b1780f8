import { ADDITIONAL_NOTES_MAX } from '@dastak/core/constants';
import { orderCancelSchema } from '@dastak/core/entities/order-requests';
import { ORDER_SUCCESS } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showSuccessToast } from '../../../lib/toast';
import { useCancelOrderMutation } from './api/cancel-order';
import { ReasonSelect } from './reason-select';

type FormInput = z.input<typeof orderCancelSchema>;
type FormOutput = z.output<typeof orderCancelSchema>;

/** Order cancellation (spec §2.7): reason select, free text, Cancel Order. */
export function CancelOrderDialog({
  opened,
  onClose,
  vertical,
  orderId,
  isUnverified = false,
  onCancelled,
}: {
  opened: boolean;
  onClose: () => void;
  vertical: Vertical;
  orderId: number;
  isUnverified?: boolean;
  onCancelled?: () => void;
}) {
  const cancel = useCancelOrderMutation(vertical, orderId);
  const empty: FormInput = {
    reason: '',
    cancellationStringId: undefined as unknown as number,
    isUnverified,
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(orderCancelSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });

  const close = () => {
    reset(empty);
    onClose();
  };

  const submit = handleSubmit((values) =>
    cancel.mutate(
      { ...values, isUnverified },
      {
        onSuccess: (data) => {
          showSuccessToast(data?.detail || ORDER_SUCCESS.CANCELLED);
          close();
          onCancelled?.();
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title="Cancel Order" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Controller
            control={control}
            name="cancellationStringId"
            render={({ field }) => (
              <ReasonSelect
                kind="cancellation"
                vertical={vertical}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.cancellationStringId?.message}
              />
            )}
          />
          <Textarea
            label="Details"
            placeholder="Why is the order being cancelled?"
            autosize
            minRows={3}
            maxRows={6}
            maxLength={ADDITIONAL_NOTES_MAX}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              Cancel Order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default CancelOrderDialog;
