import { Text } from '@mantine/core';
import { relativePickupText } from '../lib/pickup-text';
import { useMinuteNow } from '../lib/shared-clock';

/** '5 mins ago' / 'in 2 hours', re-rendered on its own each minute (not the whole row). */
export function RelativeTimeText({ value }: { value: string }) {
  const now = useMinuteNow();
  return (
    <Text size="xs" c="dimmed">
      {relativePickupText(value, now)}
    </Text>
  );
}
