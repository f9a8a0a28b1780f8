import { orderCancelSchema } from '@dastak/core/entities/order-requests';
import { ORDER_SUCCESS } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showSuccessToast } from '../../../lib/toast';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useCancelOrderMutation } from './api/cancel-order';
import { ReasonFields } from './reason-fields';

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
  useReturnFocus(opened);
  const cancel = useCancelOrderMutation(vertical, orderId);
  const empty: FormInput = {
    reason: '',
    cancellationStringId: undefined as unknown as number,
    isUnverified,
  };
  const { control, handleSubmit, reset } = useForm<FormInput, unknown, FormOutput>({
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
          <ReasonFields
            control={control}
            kind="cancellation"
            vertical={vertical}
            reasonName="cancellationStringId"
            detailsName="reason"
            detailsPlaceholder="Why is the order being cancelled?"
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
