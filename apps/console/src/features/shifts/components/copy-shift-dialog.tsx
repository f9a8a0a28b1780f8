import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { WEEKDAYS } from '@dastak/core/states';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { useCopyShiftScheduleMutation } from '../api/copy-shift-schedule';
import { shiftRange, weekdayName } from '../shift-time';

/** Copy a shift, riders and all, to another day: the source's own day is not on offer. */
export function CopyShiftDialog({
  shift,
  onClose,
}: {
  shift: ShiftSchedule | null;
  onClose: () => void;
}) {
  const copy = useCopyShiftScheduleMutation();
  const [weekday, setWeekday] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setWeekday(null);
    setError(undefined);
    onClose();
  };

  const submit = () => {
    if (!shift) return;
    if (weekday === null) {
      setError(VALIDATION.SELECT_WEEK_DAY);
      return;
    }
    copy.mutate(
      { id: shift.id, weekday: Number(weekday) },
      {
        onSuccess: () => {
          showSuccessToast(SUCCESS.SHIFT_COPIED);
          close();
        },
      },
    );
  };

  const options = WEEKDAYS.map((name, day) => ({ value: String(day), label: name })).filter(
    (option) => Number(option.value) !== shift?.weekday,
  );

  return (
    <Modal opened={shift !== null} onClose={close} title="Copy shift" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {shift && (
            <Text size="sm">
              Shift {shift.id}: {weekdayName(shift.weekday)} {shiftRange(shift)},{' '}
              {shift.riders.length} riders
            </Text>
          )}
          <Select
            label="Week day"
            placeholder="Select week day"
            data={options}
            value={weekday}
            onChange={(value) => {
              setWeekday(value);
              setError(undefined);
            }}
            error={error}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={copy.isPending}>
              Copy
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default CopyShiftDialog;
