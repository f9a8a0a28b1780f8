import { EMPTY } from '@dastak/core/messages';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** Coordinates as the server sends them, 6 decimals (spec §9). */
export const formatCoordinates = (latitude: number, longitude: number) =>
  `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

/**
 * A tick or a cross, named for assistive technology ('Present' / 'Absent'); N/A when the value
 * is not known (a shift with no ping yet, spec §8).
 */
export function YesNoMark({ value, yes, no }: { value: boolean | null; yes: string; no: string }) {
  if (value === null) return <Text size="sm">{EMPTY.NA}</Text>;
  return (
    <ThemeIcon
      variant="light"
      color={value ? 'teal' : 'gray'}
      radius="xl"
      size={26}
      role="img"
      aria-label={value ? yes : no}
      title={value ? yes : no}
    >
      {value ? <IconCheck size={16} /> : <IconX size={14} />}
    </ThemeIcon>
  );
}

/** Time over date, both Karachi; a missing value is N/A (spec §8). */
export function DateTimeCell({ value }: { value: string | null }) {
  if (!value) return <Text size="sm">{EMPTY.NA}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatTime12(value)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDisplayDate(value)}
      </Text>
    </Stack>
  );
}
