import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { SUCCESS } from '@dastak/core/messages';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showSuccessToast } from '../../../lib/toast';
import { useDeleteShiftScheduleMutation } from '../api/delete-shift-schedule';

/** 'You want to delete this shift(id)?' (spec §2.11). */
export function DeleteShiftDialog({
  shift,
  onClose,
  onDeleted,
}: {
  shift: Pick<ShiftSchedule, 'id'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteShiftScheduleMutation();
  // Keeps the text while the dialog fades out after the shift is gone.
  const shown = useRef(shift);
  if (shift) shown.current = shift;
  return (
    <ConfirmDialog
      opened={shift !== null}
      title="Delete shift"
      text={`You want to delete this shift(${shown.current?.id ?? ''})?`}
      confirmLabel="Delete"
      color="red"
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!shift) return;
        remove.mutate(shift.id, {
          onSuccess: () => {
            showSuccessToast(SUCCESS.SHIFT_DELETED);
            onClose();
            onDeleted?.();
          },
        });
      }}
    />
  );
}

export default DeleteShiftDialog;
