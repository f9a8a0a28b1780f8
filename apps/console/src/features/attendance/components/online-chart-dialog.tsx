import type { AttendanceRecord } from '@dastak/core/entities/shifts';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Center, Loader, Modal, Text } from '@mantine/core';
import { useMinuteNow } from '../../../lib/shared-clock';
import { useRiderShiftAttendanceQuery } from '../api/get-rider-shift-attendance';
import { OnlineChartGrid } from './online-chart-grid';

/** 'Rider Name · 25 Nov 2026 07:00 AM - 03:00 PM': the dialog names the rider and the shift. */
export function onlineChartTitle(row: AttendanceRecord): string {
  const { startDatetime, endDatetime } = row.shift;
  return `${row.rider.name} · ${formatDisplayDate(startDatetime)} ${formatTime12(startDatetime)} - ${formatTime12(endDatetime)}`;
}

/** The Online chart column's dialog (spec §2.11): the shift's 5-minute grid, read when opened. */
export function OnlineChartDialog({
  row,
  onClose,
}: {
  row: AttendanceRecord | null;
  onClose: () => void;
}) {
  const slots = useRiderShiftAttendanceQuery(row?.shift.id ?? 0, row !== null);
  // A running shift's slots turn from 'not yet' as the clock moves.
  const now = useMinuteNow();
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? onlineChartTitle(row) : ''}
      size={760}
      centered
    >
      {slots.isPending ? (
        <Center h={160}>
          <Loader size="sm" aria-label="Loading online chart" />
        </Center>
      ) : slots.isError ? (
        <Text c="dimmed" ta="center" py="xl">
          The online chart could not be loaded.
        </Text>
      ) : slots.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No online data for this shift yet.
        </Text>
      ) : (
        row && <OnlineChartGrid slots={slots.data} shift={row.shift} now={now} />
      )}
    </Modal>
  );
}
