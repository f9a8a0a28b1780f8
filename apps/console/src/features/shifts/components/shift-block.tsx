import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatShiftTime, minutesOfDay, shiftRange, weekdayName } from '../shift-time';
import { ShiftHoverCard } from './shift-hover-card';

export const HOUR_PX = 26;
/** Room on the left of a day column for the demand rail. */
export const RAIL_PX = 8;

/** One weekly shift placed on its day column by time; a link to its detail. */
export function ShiftBlock({
  shift,
  lane,
  lanes,
  running,
  canChange,
  onCopy,
  onDelete,
}: {
  shift: ShiftSchedule;
  lane: number;
  lanes: number;
  running: boolean;
  canChange: boolean;
  onCopy: () => void;
  onDelete: () => void;
}) {
  const start = minutesOfDay(shift.startTime);
  const end = Math.max(minutesOfDay(shift.endTime), start);
  const height = Math.max(((end - start) / 60) * HOUR_PX, 22);
  const compact = height < 44;
  const riders = shift.riders.length;
  const riderText = `${riders} ${riders === 1 ? 'rider' : 'riders'}`;
  const inner = `(100% - ${RAIL_PX + 2}px)`;
  return (
    <ShiftHoverCard shift={shift} canChange={canChange} onCopy={onCopy} onDelete={onDelete}>
      <UnstyledButton
        component={Link}
        to={`/shifts/detail/${shift.id}`}
        data-shift-id={shift.id}
        data-running={running || undefined}
        style={{
          position: 'absolute',
          top: (start / 60) * HOUR_PX,
          height,
          left: `calc(${RAIL_PX}px + ${inner} * ${lane / lanes})`,
          width: `calc(${inner} / ${lanes} - 2px)`,
          zIndex: 2,
          overflow: 'hidden',
          borderRadius: 4,
          padding: compact ? '2px 4px' : '4px 6px',
          background: running ? 'var(--mantine-color-orange-1)' : 'var(--mantine-color-blue-1)',
          border: `1px solid var(--mantine-color-${running ? 'orange-6' : 'blue-3'})`,
          borderLeft: `4px solid var(--mantine-color-${running ? 'orange-6' : 'blue-6'})`,
          boxShadow: running ? '0 0 0 2px var(--mantine-color-orange-2)' : undefined,
        }}
      >
        {compact ? (
          // An hour or less: one line, the popup has the rest.
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Text size="xs" fw={600} lh={1.25} truncate>
              {shiftRange(shift)}
            </Text>
            <Group gap={1} wrap="nowrap" c="dimmed" style={{ flexShrink: 0 }}>
              <IconUser size={11} aria-hidden />
              <Text size="xs" lh={1.25}>
                {riders}
              </Text>
            </Group>
          </Group>
        ) : (
          <>
            {lanes > 1 ? (
              // Side by side there is no room for the range on one line: start above end.
              <Text size="xs" fw={600} lh={1.25}>
                {formatShiftTime(shift.startTime)} –<br />
                {formatShiftTime(shift.endTime)}
              </Text>
            ) : (
              <Text size="xs" fw={600} lh={1.25} truncate>
                {shiftRange(shift)}
              </Text>
            )}
            <Text size="xs" c="dimmed" lh={1.25} truncate>
              {riderText}
            </Text>
            {running && (
              <Badge size="xs" color="red.9" variant="filled" mt={2}>
                Now
              </Badge>
            )}
          </>
        )}
        {/* The link's name is what it shows; this adds which shift it is for screen readers. */}
        <VisuallyHidden>
          , shift {shift.id}, {weekdayName(shift.weekday)}
          {running ? ', running now' : ''}
        </VisuallyHidden>
      </UnstyledButton>
    </ShiftHoverCard>
  );
}
