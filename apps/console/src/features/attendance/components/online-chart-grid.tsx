import type { AttendanceSlot } from '@dastak/core/entities/shifts';
import { attendanceGrid, SLOTS_PER_HOUR } from '@dastak/core/rules/attendance-grid';
import { formatTime12 } from '@dastak/core/rules/format';
import { Box, Group, Table, Text } from '@mantine/core';
import { useMemo } from 'react';

/** Column heads: minutes past the row's hour start. */
const MINUTE_MARKS = Array.from({ length: SLOTS_PER_HOUR }, (_, i) => i * 5);

const PRESENT = 'var(--mantine-color-teal-6)';
const ABSENT = 'var(--mantine-color-red-2)';

const Swatch = ({ color, label }: { color: string; label: string }) => (
  <Group gap={6}>
    <Box w={14} h={14} style={{ background: color, borderRadius: 3 }} />
    <Text size="xs">{label}</Text>
  </Group>
);

/**
 * The 5-minute online grid of one rider shift (spec §9): an hour a row, 12 cells to a row,
 * from the first slot to an hour after the last one; a slot without data is absent.
 */
export function OnlineChartGrid({
  slots,
  shiftSlots,
}: {
  slots: readonly AttendanceSlot[];
  /** How many 5-minute slots the shift has, for the summary line. */
  shiftSlots: number;
}) {
  const rows = useMemo(() => attendanceGrid(slots), [slots]);
  const online = slots.filter((s) => s.isPresent).length;
  return (
    <Box>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          Online in {online} of the shift's {shiftSlots} 5-minute slots
        </Text>
        <Group gap="md">
          <Swatch color={PRESENT} label="Online" />
          <Swatch color={ABSENT} label="Offline" />
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
                const text = `${formatTime12(cell.start)} ${cell.isPresent ? 'Online' : 'Offline'}`;
                return (
                  <Table.Td key={cell.start.getTime()} p={2}>
                    <Box
                      data-present={cell.isPresent}
                      title={text}
                      aria-label={text}
                      role="img"
                      h={22}
                      style={{
                        background: cell.isPresent ? PRESENT : ABSENT,
                        borderRadius: 3,
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
