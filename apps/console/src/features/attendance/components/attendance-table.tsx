import type { AttendanceRecord } from '@dastak/core/entities/shifts';
import { EMPTY } from '@dastak/core/messages';
import { BREAK_MESSAGES } from '@dastak/core/messages/attendance';
import { presenceOf } from '@dastak/core/rules/attendance-marks';
import { formatKm } from '@dastak/core/rules/format';
import { breakRefusal } from '@dastak/core/rules/shift-break';
import { truncateRiderName } from '@dastak/core/rules/truncate';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartGridDots, IconCoffee } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { DataColumn } from '../../../components/data-table/data-table';
import { ListFooter, type ListLoadProps } from '../../../components/data-table/list-footer';
import { useMinuteNow } from '../../../lib/shared-clock';
import { DateTimeCell, formatCoordinates, YesNoMark } from './attendance-cells';
import { PercentDonut } from './percent-donut';

export type RowAction = 'chart' | 'map' | 'break';

/**
 * Why the row's break can not be given now (the server's own 409 words), null when it can: once,
 * only while the shift runs, only where the rider's assignment allows (rules/shift-break.ts).
 */
export const breakRefusalOf = (row: AttendanceRecord, now: number) =>
  breakRefusal(
    {
      state: row.shift.state,
      startDatetime: row.shift.startDatetime,
      endDatetime: row.shift.endDatetime,
      breakAlreadyGiven: row.breakAlreadyGiven,
      allowBreak: row.allowBreak,
    },
    now,
  );

function BreakCell({
  row,
  now,
  mayChangeShift,
  onGive,
}: {
  row: AttendanceRecord;
  now: number;
  mayChangeShift: boolean;
  onGive: () => void;
}) {
  const refusal = breakRefusalOf(row, now);
  const button = (
    <Button
      size="xs"
      variant="light"
      color="orange"
      px={8}
      leftSection={<IconCoffee size={14} />}
      aria-label={`Give break to ${row.rider.name}`}
      disabled={!mayChangeShift || refusal !== null}
      onClick={onGive}
    >
      Give break
    </Button>
  );
  return (
    <Stack gap={2} align="flex-start">
      {mayChangeShift && refusal ? (
        // A disabled button takes no hover: the wrapper carries the reason.
        <Tooltip label={refusal} withArrow multiline maw={240}>
          <Box component="span" data-break-refusal={refusal}>
            {button}
          </Box>
        </Tooltip>
      ) : (
        button
      )}
      {row.breakAlreadyGiven ? (
        <Text size="xs" c="dimmed">
          Break given
        </Text>
      ) : (
        !row.allowBreak && (
          <Text size="xs" c="dimmed">
            {BREAK_MESSAGES.NO_BREAKS}
          </Text>
        )
      )}
    </Stack>
  );
}

function columns(
  onAction: (action: RowAction, row: AttendanceRecord) => void,
  mayChangeShift: boolean,
  now: number,
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
      render: (row) => <YesNoMark value={presenceOf(row)} yes="Present" no="Absent" />,
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
            onClick={() => onAction('map', row)}
            style={{ textAlign: 'left' }}
          >
            {/* The name starts with what the button does and still holds the visible text
                (WCAG 2.5.3: a voice user says what they see). */}
            <VisuallyHidden>{`Show location of ${row.rider.name} on the map: `}</VisuallyHidden>
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
        <BreakCell
          row={row}
          now={now}
          mayChangeShift={mayChangeShift}
          onGive={() => onAction('break', row)}
        />
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
  // A break opens at the shift's start and closes at its end, with no fetch to say so.
  const now = useMinuteNow();
  const cols = useMemo(
    () => columns(onAction, mayChangeShift, now),
    [onAction, mayChangeShift, now],
  );
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
