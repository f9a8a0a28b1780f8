import { ADDITIONAL_NOTES_MAX } from '@dastak/core/constants';
import { orderReassignSchema } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ReasonSelect } from './reason-select';

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
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, ReassignReason>({
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
          <Controller
            control={control}
            name="reassignmentStringId"
            render={({ field }) => (
              <ReasonSelect
                kind="reassignment"
                vertical={vertical}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.reassignmentStringId?.message}
              />
            )}
          />
          <Textarea
            label="Details"
            placeholder="Why is the order moving to another rider?"
            autosize
            minRows={3}
            maxRows={6}
            maxLength={ADDITIONAL_NOTES_MAX}
            error={errors.reason?.message}
            {...register('reason')}
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
