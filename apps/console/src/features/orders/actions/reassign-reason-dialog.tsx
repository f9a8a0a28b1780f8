import { orderReassignSchema } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ReasonFields } from './reason-fields';

const formSchema = orderReassignSchema.pick({ reassignmentStringId: true, reason: true });
type FormInput = z.input<typeof formSchema>;
export type ReassignReason = z.output<typeof formSchema>;

/** The reassignment reason dialog that Re-assign Order opens (spec §2.7). */
export function ReassignReasonDialog({
  opened,
  onClose,
  vertical,
  riderName,
  loading,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  vertical: Vertical;
  riderName: string;
  loading: boolean;
  onConfirm: (reason: ReassignReason) => void;
}) {
  const empty: FormInput = { reassignmentStringId: undefined as unknown as number, reason: '' };
  const { control, handleSubmit, reset } = useForm<FormInput, unknown, ReassignReason>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const close = () => {
    reset(empty);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Reason for re-assignment" centered>
      <form onSubmit={handleSubmit(onConfirm)} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            The order goes to <b>{riderName}</b>; the current rider is released.
          </Text>
          <ReasonFields
            control={control}
            kind="reassignment"
            vertical={vertical}
            reasonName="reassignmentStringId"
            detailsName="reason"
            detailsPlaceholder="Why is the order moving to another rider?"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={loading}>
              Re-assign Order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
