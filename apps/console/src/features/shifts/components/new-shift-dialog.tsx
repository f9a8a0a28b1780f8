import { SUCCESS } from '@dastak/core/messages';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateShiftScheduleMutation } from '../api/create-shift-schedule';
import { weekdayName } from '../shift-time';
import { checkShiftTimes, type TimeErrors, timeErrorsFrom } from '../shift-time-rules';
import { ShiftTimeFields } from './shift-time-fields';

/** Spec §9's save actions: SAVE stays on the schedule, SAVE_AND_ADD_RIDER opens the detail. */
type SaveAction = 'SAVE' | 'SAVE_AND_ADD_RIDER';

/** 'New shift schedule' for one day of the region's week (spec §2.11). */
export function NewShiftDialog({
  region,
  weekday,
  onClose,
}: {
  region: number;
  weekday: number | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateShiftScheduleMutation();
  const [times, setTimes] = useState({ startTime: '', endTime: '' });
  const [errors, setErrors] = useState<TimeErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState<SaveAction | null>(null);

  const close = () => {
    setTimes({ startTime: '', endTime: '' });
    setErrors({});
    setSubmitted(false);
    onClose();
  };

  const change = (next: typeof times) => {
    setTimes(next);
    // Before the first Save only the start/end clash shows; after it, every message.
    const found = checkShiftTimes(next.startTime, next.endTime);
    setErrors(submitted ? found : next.startTime && next.endTime ? found : {});
  };

  const save = (action: SaveAction) => {
    if (weekday === null) return;
    setSubmitted(true);
    const found = checkShiftTimes(times.startTime, times.endTime);
    setErrors(found);
    if (found.startTime || found.endTime) return;
    setPending(action);
    create.mutate(
      { weekday, region, ...times },
      {
        onSuccess: (shift) => {
          showSuccessToast(SUCCESS.SHIFT_CREATED);
          close();
          if (action === 'SAVE_AND_ADD_RIDER') navigate(`/shifts/detail/${shift.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(timeErrorsFrom(error.errors));
        },
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Modal opened={weekday !== null} onClose={close} title="New shift schedule" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save('SAVE');
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Day: <b>{weekday === null ? '' : weekdayName(weekday)}</b>
          </Text>
          <ShiftTimeFields {...times} errors={errors} onChange={change} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              variant="light"
              loading={pending === 'SAVE_AND_ADD_RIDER'}
              disabled={pending === 'SAVE'}
              onClick={() => save('SAVE_AND_ADD_RIDER')}
            >
              Save & Add Rider
            </Button>
            <Button
              type="submit"
              loading={pending === 'SAVE'}
              disabled={pending !== null && pending !== 'SAVE'}
            >
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default NewShiftDialog;
