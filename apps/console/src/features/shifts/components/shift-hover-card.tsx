import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { Button, Divider, Group, HoverCard, Stack, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { type ReactElement, useState } from 'react';
import { formatShiftTime, weekdayName } from '../shift-time';

const NAMES_SHOWN = 8;

/** The hover popup of a shift (spec §2.11): id, weekday, times, riders, Copy and Delete. */
export function ShiftHoverCard({
  shift,
  canChange,
  onCopy,
  onDelete,
  children,
}: {
  shift: ShiftSchedule;
  canChange: boolean;
  onCopy: () => void;
  onDelete: () => void;
  children: ReactElement;
}) {
  // Remounting closes the card: a dialog opened from it must not sit under it.
  const [generation, setGeneration] = useState(0);
  const act = (action: () => void) => () => {
    setGeneration((g) => g + 1);
    action();
  };
  const names = shift.riders.map((r) => `${r.rider.firstName} ${r.rider.lastName}`.trim());
  return (
    <HoverCard
      key={generation}
      width={260}
      shadow="md"
      openDelay={150}
      closeDelay={120}
      position="right-start"
      withinPortal
    >
      <HoverCard.Target>{children}</HoverCard.Target>
      <HoverCard.Dropdown data-shift-card={shift.id}>
        <Stack gap={4}>
          <Text fw={700} size="sm">
            Shift {shift.id}
          </Text>
          <Text size="sm">{weekdayName(shift.weekday)}</Text>
          <Text size="sm">
            Start: {formatShiftTime(shift.startTime)} · End: {formatShiftTime(shift.endTime)}
          </Text>
          <Text size="sm">
            {shift.riders.length} {shift.riders.length === 1 ? 'rider' : 'riders'}
          </Text>
          {names.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="shift-rider-names">
              {names.slice(0, NAMES_SHOWN).join(', ')}
              {names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : ''}
            </Text>
          )}
          {canChange && (
            <>
              <Divider my={4} />
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconCopy size={14} />}
                  onClick={act(onCopy)}
                >
                  Copy
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconTrash size={14} color="var(--mantine-color-red-8)" />}
                  onClick={act(onDelete)}
                >
                  Delete
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
