import type { AttendanceSlot } from '@dastak/core/entities/shifts';
import { EMPTY } from '@dastak/core/messages';
import { ATTENDANCE_MESSAGES } from '@dastak/core/messages/attendance';
import { attendanceGrid, SLOTS_PER_HOUR } from '@dastak/core/rules/attendance-grid';
import { formatTime12 } from '@dastak/core/rules/format';
import { formatPercent } from '@dastak/core/rules/on-time';
import { onlineTally, type ShiftSpan, type SlotState } from '@dastak/core/rules/online-slots';
import { Box, Group, Table, Text } from '@mantine/core';
import { useMemo } from 'react';

/** Column heads: minutes past the row's hour start. */
const MINUTE_MARKS = Array.from({ length: SLOTS_PER_HOUR }, (_, i) => i * 5);

const LOOK: Record<SlotState, { label: string; background: string; border?: string }> = {
  online: { label: 'Online', background: 'var(--mantine-color-teal-6)' },
  offline: { label: 'Offline', background: 'var(--mantine-color-red-2)' },
  'not-yet': {
    label: 'Not yet',
    background: 'var(--mantine-color-gray-0)',
    border: '1px dashed var(--mantine-color-gray-5)',
  },
};

const Swatch = ({ state }: { state: SlotState }) => (
  <Group gap={6}>
    <Box
      w={14}
      h={14}
      style={{ background: LOOK[state].background, border: LOOK[state].border, borderRadius: 3 }}
    />
    <Text size="xs">{LOOK[state].label}</Text>
  </Group>
);

/**
 * The 5-minute online grid of one rider shift (spec §9): an hour a row, 12 cells to a row, from
 * the first slot to an hour after the last one, and over every slot of the shift; a slot without
 * data is absent. A slot of a running shift not over yet is 'not yet', not offline, and the
 * caption counts what the Online % donut counts (rules/online-slots.ts). Slots outside the shift
 * (a ping in the 15 minutes before it) are drawn faint and counted by neither.
 */
export function OnlineChartGrid({
  slots,
  shift,
  now,
}: {
  slots: readonly AttendanceSlot[];
  /** The rider shift, for its slots and the caption's count. */
  shift: ShiftSpan;
  now: number;
}) {
  const rows = useMemo(() => attendanceGrid(slots, { span: shift, now }), [slots, shift, now]);
  const tally = useMemo(
    () =>
      onlineTally(
        shift,
        slots.filter((s) => s.isPresent).map((s) => s.startDatetimeslot),
        now,
      ),
    [slots, shift, now],
  );
  const percent = tally.percent === null ? EMPTY.NA : formatPercent(tally.percent);
  return (
    <Box>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" data-online-caption>
          {ATTENDANCE_MESSAGES.onlineCaption({ ...tally, percent })}
        </Text>
        <Group gap="md">
          <Swatch state="online" />
          <Swatch state="offline" />
          {tally.toCome > 0 && <Swatch state="not-yet" />}
        </Group>
      </Group>
      <Table
        aria-label="Online chart"
        withRowBorders={false}
        verticalSpacing={3}
        horizontalSpacing={3}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={84}>
              <Text size="xs" fw={600}>
                Hour
              </Text>
            </Table.Th>
            {MINUTE_MARKS.map((minutes) => (
              <Table.Th key={minutes} ta="center">
                <Text size="xs" c="dimmed">
                  +{minutes}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.start.getTime()}>
              <Table.Th scope="row">
                <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatTime12(row.start)}
                </Text>
              </Table.Th>
              {row.cells.map((cell) => {
                const look = LOOK[cell.state];
                const text = `${formatTime12(cell.start)} ${look.label}${cell.inShift ? '' : ' (off shift)'}`;
                return (
                  <Table.Td key={cell.start.getTime()} p={2}>
                    <Box
                      data-present={cell.isPresent}
                      data-state={cell.state}
                      data-in-shift={cell.inShift}
                      title={text}
                      aria-label={text}
                      role="img"
                      h={22}
                      style={{
                        background: look.background,
                        border: look.border,
                        borderRadius: 3,
                        opacity: cell.inShift ? 1 : 0.4,
                      }}
                    />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
