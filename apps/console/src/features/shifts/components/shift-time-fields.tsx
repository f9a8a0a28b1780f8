import { Group } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { TimeErrors } from '../shift-time-rules';

/** Start and end time of a shift, each with its own message (spec §5). */
export function ShiftTimeFields({
  startTime,
  endTime,
  errors,
  readOnly = false,
  onChange,
}: {
  startTime: string;
  endTime: string;
  errors: TimeErrors;
  readOnly?: boolean;
  onChange: (next: { startTime: string; endTime: string }) => void;
}) {
  return (
    <Group align="flex-start" grow gap="sm">
      <TimeInput
        label="Start time"
        withAsterisk={!readOnly}
        readOnly={readOnly}
        value={startTime}
        error={errors.startTime}
        onChange={(event) => onChange({ startTime: event.currentTarget.value, endTime })}
      />
      <TimeInput
        label="End time"
        withAsterisk={!readOnly}
        readOnly={readOnly}
        value={endTime}
        error={errors.endTime}
        onChange={(event) => onChange({ startTime, endTime: event.currentTarget.value })}
      />
    </Group>
  );
}
