import type { AttendanceRecord } from '@dastak/core/entities/shifts';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatCoordinates } from './attendance-cells';

const AttendanceLocationMap = lazy(() => import('./location-map'));

/**
 * The Location column's dialog (spec §2.11): where the rider was at the start of the shift, on a
 * map at zoom 15, as the riders' last-seen dialog draws it (same shared map and pin).
 */
export function LocationDialog({
  row,
  onClose,
}: {
  row: AttendanceRecord | null;
  onClose: () => void;
}) {
  const latitude = row?.hotspotLatitude;
  const longitude = row?.hotspotLongitude;
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? `${row.rider.name} · Location` : ''}
      size={832}
      centered
    >
      {row && latitude != null && longitude != null && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {formatCoordinates(latitude, longitude)}
            {row.hotspotRecordedAt &&
              ` · ${formatDisplayDate(row.hotspotRecordedAt)} ${formatTime12(row.hotspotRecordedAt)}`}
            {` · ${row.riderDidStartInsideHotspot ? 'inside' : 'outside'} the hotspot`}
          </Text>
          <Suspense
            fallback={
              <Center h={420}>
                <Loader size="sm" aria-label="Loading map" />
              </Center>
            }
          >
            <AttendanceLocationMap position={{ latitude, longitude }} name={row.rider.name} />
          </Suspense>
        </Stack>
      )}
    </Modal>
  );
}
