import { BREAK_DURATIONS_MINUTES } from '@dastak/core/constants';
import type { AttendanceRecord } from '@dastak/core/entities/shifts';
import { VALIDATION } from '@dastak/core/messages';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useGiveBreak } from '../api/give-break';

const DURATION_OPTIONS = BREAK_DURATIONS_MINUTES.map((m) => ({
  value: String(m),
  label: `${m} minutes`,
}));

/** 'Give break' (spec §4 'Shift', §5): a duration from the fixed list, required. */
export function BreakDialog({
  row,
  onClose,
}: {
  row: AttendanceRecord | null;
  onClose: () => void;
}) {
  const [duration, setDuration] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const giveBreak = useGiveBreak();
  // Each opening starts empty.
  useEffect(() => {
    if (row) {
      setDuration(null);
      setError(null);
    }
  }, [row]);

  const submit = () => {
    if (!row) return;
    if (!duration) {
      setError(VALIDATION.BREAK_DURATION_REQUIRED);
      return;
    }
    giveBreak.mutate(
      { riderShift: row.shift.id, minutes: Number(duration) },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal opened={row !== null} onClose={onClose} title="Give break" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {row && (
            <Text size="sm">
              A break for <b>{row.rider.name}</b>; it can be given once a shift.
            </Text>
          )}
          <Select
            label="Break Duration"
            placeholder="Select duration"
            data={DURATION_OPTIONS}
            value={duration}
            error={error}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => {
              setDuration(value);
              if (value) setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={giveBreak.isPending}>
              Give break
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
