import type { AttendanceRecord } from '@dastak/core/entities/shifts';
import { EMPTY } from '@dastak/core/messages';
import { formatKm } from '@dastak/core/rules/format';
import { truncateRiderName } from '@dastak/core/rules/truncate';
import { ActionIcon, Anchor, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconChartGridDots, IconCoffee } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { DataColumn } from '../../../components/data-table/data-table';
import { ListFooter, type ListLoadProps } from '../../../components/data-table/list-footer';
import { DateTimeCell, formatCoordinates, YesNoMark } from './attendance-cells';
import { PercentDonut } from './percent-donut';

export type RowAction = 'chart' | 'map' | 'break';

/** Spec §4 'Shift': a break only while the shift is in progress, and only once. */
export const canGiveBreak = (row: AttendanceRecord) =>
  row.shift.state === 'in-progress' && !row.breakAlreadyGiven;

function columns(
  onAction: (action: RowAction, row: AttendanceRecord) => void,
  mayChangeShift: boolean,
): DataColumn<AttendanceRecord>[] {
  return [
    {
      key: 'rider',
      header: 'Rider',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {truncateRiderName(row.rider.name)}
          </Text>
          <Text size="xs" c="dimmed">
            {row.rider.phone}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'attendance',
      header: 'Attendance',
      render: (row) => <YesNoMark value={row.isPresent} yes="Present" no="Absent" />,
    },
    {
      key: 'hotspot',
      header: 'Inside Hotspot',
      render: (row) => (
        <YesNoMark
          value={row.riderDidStartInsideHotspot}
          yes="Inside hotspot"
          no="Not inside hotspot"
        />
      ),
    },
    {
      key: 'location',
      header: 'Location',
      render: (row) =>
        row.hotspotLatitude != null && row.hotspotLongitude != null ? (
          <Anchor
            component="button"
            type="button"
            size="xs"
            aria-label={`Show location of ${row.rider.name} on the map`}
            onClick={() => onAction('map', row)}
            style={{ textAlign: 'left' }}
          >
            {formatCoordinates(row.hotspotLatitude, row.hotspotLongitude)
              .split(', ')
              .map((part) => (
                <span key={part} style={{ display: 'block' }}>
                  {part}
                </span>
              ))}
          </Anchor>
        ) : (
          <Text size="sm">{EMPTY.NA}</Text>
        ),
    },
    {
      key: 'location-time',
      header: 'Location Time',
      render: (row) => <DateTimeCell value={row.hotspotRecordedAt} />,
    },
    {
      key: 'start',
      header: 'Shift Start',
      render: (row) => <DateTimeCell value={row.shift.startDatetime} />,
    },
    {
      key: 'end',
      header: 'Shift End',
      render: (row) => <DateTimeCell value={row.shift.endDatetime} />,
    },
    {
      key: 'on-time',
      header: 'On-Time %',
      render: (row) => <PercentDonut label="On-Time" value={row.riderShiftOnTimePercentage} />,
    },
    {
      key: 'online',
      header: 'Online %',
      render: (row) => <PercentDonut label="Online" value={row.riderShiftOnlinePercentage} />,
    },
    {
      key: 'distance',
      header: 'Distance Travelled',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatKm(row.distanceTravelled)}
        </Text>
      ),
    },
    {
      key: 'chart',
      header: 'Online chart',
      render: (row) => (
        <ActionIcon
          variant="light"
          size={30}
          aria-label={`Online chart of ${row.rider.name}`}
          title="Online chart"
          onClick={() => onAction('chart', row)}
        >
          <IconChartGridDots size={16} />
        </ActionIcon>
      ),
    },
    {
      key: 'break',
      header: 'Break',
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Button
            size="xs"
            variant="light"
            color="orange"
            px={8}
            leftSection={<IconCoffee size={14} />}
            aria-label={`Give break to ${row.rider.name}`}
            disabled={!mayChangeShift || !canGiveBreak(row)}
            onClick={() => onAction('break', row)}
          >
            Give break
          </Button>
          {row.breakAlreadyGiven && (
            <Text size="xs" c="dimmed">
              Break given
            </Text>
          )}
        </Stack>
      ),
    },
  ];
}

export function AttendanceTable({
  rows,
  onAction,
  mayChangeShift,
  ...load
}: {
  rows: AttendanceRecord[];
  onAction: (action: RowAction, row: AttendanceRecord) => void;
  mayChangeShift: boolean;
} & ListLoadProps) {
  const cols = useMemo(() => columns(onAction, mayChangeShift), [onAction, mayChangeShift]);
  // The shared DataTable's roomier spacing would push Break out of sight at 1440 wide: twelve
  // columns sit closer here.
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={1000}>
        <Table aria-label="Attendance" verticalSpacing={6} horizontalSpacing={8}>
          <Table.Thead>
            <Table.Tr>
              {cols.map((column) => (
                <Table.Th key={column.key} w={column.width} fz="sm">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.shift.id}>
                {cols.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListFooter empty={rows.length === 0} emptyText={EMPTY.NO_RIDERS} {...load} />
    </Paper>
  );
}
