import { isShiftDayEnd, SHIFT_DAY_END } from '@dastak/core/entities/shifts';
import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import { Group } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { TimeErrors } from '../shift-time-rules';

/**
 * A time field cannot hold 24:00, so the end field shows midnight at the end of the day as 00:00
 * and takes 00:00 as it (a shift never ends at the start of its own day); the values in and out
 * are the API's, 24:00 included (ADR 0057).
 */
const endFieldValue = (endTime: string) => (isShiftDayEnd(endTime) ? '00:00' : endTime);
const endFromField = (value: string) => (value.startsWith('00:00') ? SHIFT_DAY_END : value);

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
        value={endFieldValue(endTime)}
        description={readOnly ? undefined : SHIFT_MESSAGES.MIDNIGHT_END_HINT}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={errors.endTime}
        onChange={(event) =>
          onChange({ startTime, endTime: endFromField(event.currentTarget.value) })
        }
      />
    </Group>
  );
}
