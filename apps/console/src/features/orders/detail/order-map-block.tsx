import { RIDER_LOCATION_POLL_MS } from '@dastak/core/constants';
import type { Order } from '@dastak/core/entities/orders';
import { relativeTime } from '@dastak/core/rules/format';
import { Box, Center, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useRiderPositionQuery } from '../api/get-rider-position';
import { DetailCard } from './detail-card';
import { orderRiderId, shouldPollRider } from './order-editing';

const OrderLocationMap = lazy(() => import('./order-location-map'));

const MAP_HEIGHT = 300;

/** The order pin and, while a rider is on it, the rider's position, polled (spec §2.6, §4). */
export function OrderMapBlock({ order }: { order: Order }) {
  const riderId = orderRiderId(order);
  const polling = shouldPollRider(order);
  const position = useRiderPositionQuery(polling ? riderId : null, RIDER_LOCATION_POLL_MS);
  const latitude = position.data?.lastKnownLatitude ?? order.rider?.lastKnownLatitude;
  const longitude = position.data?.lastKnownLongitude ?? order.rider?.lastKnownLongitude;
  const riderName = order.assignedRider?.name ?? 'Rider';
  const rider =
    polling && latitude != null && longitude != null
      ? { position: { latitude, longitude }, title: `${riderName} is here` }
      : null;
  return (
    <DetailCard title="Map">
      {/* Its own stacking context: Leaflet's panes (z-index 400+) must stay under dialogs. */}
      <Box style={{ isolation: 'isolate' }}>
        <Suspense
          fallback={
            <Center h={MAP_HEIGHT}>
              <Loader size="sm" aria-label="Loading map" />
            </Center>
          }
        >
          <OrderLocationMap
            order={{
              position: { latitude: order.latitude, longitude: order.longitude },
              title: `Order ${order.number}: ${order.address}`,
            }}
            rider={rider}
            height={MAP_HEIGHT}
          />
        </Suspense>
      </Box>
      {polling && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="rider-last-seen">
          {position.data?.lastSeenAt
            ? `${riderName} last seen ${relativeTime(position.data.lastSeenAt, new Date())}`
            : `${riderName} has not reported a location yet`}
        </Text>
      )}
    </DetailCard>
  );
}
