import type { Rider } from '@dastak/core/entities/riders';
import { formatDisplayDate, formatTime12, relativeTime } from '@dastak/core/rules/format';
import { Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useRiderLocationQuery } from '../api/get-rider-location';
import { riderFullName, riderMarkerKind } from '../rider-display';

const RiderLocationMap = lazy(() => import('./rider-location-map'));

const MAP_FALLBACK = (
  <Center h={420}>
    <Loader size="sm" aria-label="Loading map" />
  </Center>
);

/** 'Last seen location' (spec §2.7): a map at zoom 15 with the rider's last reported point. */
export function LastSeenLocationDialog({
  rider,
  opened,
  onClose,
}: {
  rider: Rider;
  opened: boolean;
  onClose: () => void;
}) {
  const location = useRiderLocationQuery(rider.id, opened);
  // The location endpoint is the fresher source; the profile's copy covers a slow or failed read.
  const latitude = location.data?.lastKnownLatitude ?? rider.lastKnownLatitude;
  const longitude = location.data?.lastKnownLongitude ?? rider.lastKnownLongitude;
  const seenAt = location.data?.lastSeenAt ?? rider.lastSeenAt;
  const hasPoint = latitude != null && longitude != null;

  return (
    <Modal opened={opened} onClose={onClose} title="Last seen location" size={832} centered>
      <Stack gap="sm">
        {seenAt && (
          <Text size="sm" c="dimmed">
            Seen {relativeTime(seenAt, new Date())} · {formatDisplayDate(seenAt)}{' '}
            {formatTime12(seenAt)}
          </Text>
        )}
        {location.isPending && !hasPoint ? (
          MAP_FALLBACK
        ) : hasPoint ? (
          <Suspense fallback={MAP_FALLBACK}>
            <RiderLocationMap
              position={{ latitude, longitude }}
              kind={riderMarkerKind(rider)}
              name={riderFullName(rider)}
            />
          </Suspense>
        ) : (
          <Text c="dimmed" ta="center" py="xl">
            This rider has not reported a location yet.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
