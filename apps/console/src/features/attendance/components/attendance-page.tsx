import type { AttendanceRecord } from '@dastak/core/entities/shifts';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { listTitle } from '../../../components/list-toolbar/list-title';
import { RefreshButton } from '../../../components/list-toolbar/list-toolbar-buttons';
import {
  listLoadErrorText,
  listLoadProps,
  useUrlFilters,
} from '../../../components/list-toolbar/url-list-state';
import { useHasPermission } from '../../../lib/use-session';
import { useAttendanceQuery } from '../api/get-attendance';
import {
  attendanceApiParams,
  attendanceFiltersFromQuery,
  attendanceFiltersToQuery,
} from '../attendance-filters';
import { AttendanceFilterBar } from './attendance-filter-bar';
import { AttendanceListingButtons } from './attendance-listing-buttons';
import { AttendanceTable, type RowAction } from './attendance-table';
import { BreakDialog } from './break-dialog';
import { LocationDialog } from './location-dialog';
import { OnlineChartDialog } from './online-chart-dialog';

const fromQuery = (params: URLSearchParams) => attendanceFiltersFromQuery(params);

/** /attendance (spec §2.11): who turned up to their shifts, filters in the query string. */
export function AttendancePage() {
  useDocumentTitle('Attendance · Dastak');
  // A bare /attendance gets today's window written into its URL (spec §2.2 defaults).
  const { filters, apply } = useUrlFilters(fromQuery, attendanceFiltersToQuery, 'startDatetime');
  const canDownload = useHasPermission(PERMISSIONS.CAN_DOWNLOAD_ATTENDANCE_LISTING);
  const mayChangeShift = useHasPermission(PERMISSIONS.CAN_CHANGE_RIDER_SHIFT);
  const [dialog, setDialog] = useState<{ action: RowAction; row: AttendanceRecord } | null>(null);
  const onAction = useCallback(
    (action: RowAction, row: AttendanceRecord) => setDialog({ action, row }),
    [],
  );
  const close = useCallback(() => setDialog(null), []);

  const attendance = useAttendanceQuery(filters);
  const rows = useMemo(
    () => attendance.data?.pages.flatMap((page) => page.results) ?? [],
    [attendance.data],
  );
  const count = attendance.data?.pages[0]?.count;
  const rowOf = (action: RowAction) => (dialog?.action === action ? dialog.row : null);

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} fz="h2">
          {listTitle('Attendance', count)}
        </Title>
        <Group gap="sm" wrap="nowrap">
          {canDownload && <AttendanceListingButtons params={attendanceApiParams(filters)} />}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="nowrap" justify="space-between">
        <AttendanceFilterBar filters={filters} onChange={apply} />
        <RefreshButton
          loading={attendance.isRefetching && !attendance.isFetchingNextPage}
          onClick={() => void attendance.refetch()}
        />
      </Group>
      <AttendanceTable
        rows={rows}
        onAction={onAction}
        mayChangeShift={mayChangeShift}
        {...listLoadProps(attendance, listLoadErrorText(attendance.error, 'attendance'))}
      />
      <OnlineChartDialog row={rowOf('chart')} onClose={close} />
      <LocationDialog row={rowOf('map')} onClose={close} />
      {mayChangeShift && <BreakDialog row={rowOf('break')} onClose={close} />}
    </Stack>
  );
}
