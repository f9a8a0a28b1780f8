import { parseKarachi, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { type PickupRangeErrors, zeroSeconds } from '@dastak/core/rules/order-filters';
import { Stack } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';

/**
 * The pickers work in wall-clock strings ('YYYY-MM-DD HH:mm:ss'); pickup times are Karachi time
 * whatever zone the browser is in, so the strings are Karachi wall time both ways.
 */
const toWallTime = (date: Date | null) =>
  date ? toKarachiIso(date).slice(0, 19).replace('T', ' ') : null;
const fromWallTime = (text: string | null) => parseKarachi(text);

const VALUE_FORMAT = 'DD MMM YYYY hh:mm A';

/** Pickup from and to (spec §2.3, §5): each field carries its own message when they cross. */
export function PickupRangeFields({
  from,
  to,
  errors,
  onChange,
}: {
  from: Date | null;
  to: Date | null;
  errors: PickupRangeErrors;
  onChange: (range: { pickupFrom: Date | null; pickupTo: Date | null }) => void;
}) {
  return (
    <Stack gap="sm">
      <DateTimePicker
        label="Pickup From"
        placeholder="Pick date and time"
        valueFormat={VALUE_FORMAT}
        clearable
        value={toWallTime(from)}
        error={errors.pickupFrom}
        onChange={(value) => onChange({ pickupFrom: fromWallTime(value), pickupTo: to })}
      />
      <DateTimePicker
        label="Pickup To"
        placeholder="Pick date and time"
        valueFormat={VALUE_FORMAT}
        clearable
        value={toWallTime(to)}
        error={errors.pickupTo}
        onChange={(value) => {
          const date = fromWallTime(value);
          // Pickup to is kept to the minute (spec §5).
          onChange({ pickupFrom: from, pickupTo: date ? zeroSeconds(date) : null });
        }}
      />
    </Stack>
  );
}
