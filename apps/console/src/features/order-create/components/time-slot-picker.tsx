import type { OrderTimeSlot } from '@dastak/core/entities/lookups';
import { FASTING_MESSAGES } from '@dastak/core/messages/fasting';
import { isMorningSlot, morningSlotsFirst } from '@dastak/core/rules/fasting-slots';
import { formatTime12 } from '@dastak/core/rules/format';
import { Alert, Select, Text } from '@mantine/core';
import { IconSunrise } from '@tabler/icons-react';

const option = (s: OrderTimeSlot) => ({ value: s.id, label: formatTime12(s.dateTime) });

/**
 * 'Available Time Slot'. For a fasting patient (ADR 0047) the morning slots come first, under
 * their own heading; FastingSlotWarning stays while a later slot is chosen: it steers, it does
 * not block.
 */
export function TimeSlotPicker({
  slots,
  loading,
  ready,
  fasting,
  value,
  error,
  onChange,
}: {
  slots: OrderTimeSlot[];
  loading: boolean;
  /** Region and date are chosen: the slots were (or are being) asked for. */
  ready: boolean;
  fasting: boolean;
  value: string | null;
  error?: string;
  onChange: (slotId: string | null) => void;
}) {
  const ordered = fasting ? morningSlotsFirst(slots) : slots;
  const morning = ordered.filter((s) => isMorningSlot(s.id));
  const later = ordered.filter((s) => !isMorningSlot(s.id));
  const data =
    fasting && morning.length > 0 && later.length > 0
      ? [
          { group: FASTING_MESSAGES.MORNING_SLOT_GROUP, items: morning.map(option) },
          { group: FASTING_MESSAGES.LATER_SLOT_GROUP, items: later.map(option) },
        ]
      : ordered.map(option);
  return (
    <Select
      label="Available Time Slot"
      withAsterisk
      placeholder={
        !ready
          ? 'Pick region and date'
          : loading
            ? 'Loading slots...'
            : slots.length
              ? 'Select time slot'
              : 'No slots available'
      }
      data={data}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** Shown under the pickup fields while the order is fasting, whichever slot is chosen. */
export function FastingSlotWarning({ slotId }: { slotId: string | null }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      icon={<IconSunrise size={18} />}
      data-testid="fasting-warning"
    >
      <Text size="sm">{FASTING_MESSAGES.MORNING_SLOT_WARNING}</Text>
      {slotId !== null && !isMorningSlot(slotId) && (
        <Text size="sm" fw={600}>
          {FASTING_MESSAGES.LATE_SLOT_CHOSEN}
        </Text>
      )}
    </Alert>
  );
}
