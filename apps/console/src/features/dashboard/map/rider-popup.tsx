import type { RiderSummary } from '@dastak/core/entities/riders';
import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Polyline, Popup } from 'react-leaflet';
import { Link } from 'react-router';
import type { RiderPositions, TrailPoint } from '../live/rider-positions';
import { RIDER_MARKER_COLORS, RIDER_MARKER_LABELS, riderMarkerKind } from './marker-styles';
import { riderPoint } from './rider-layer';

const STATE_LABELS = ['Idle', 'Picking up', 'Picking up (full)', 'Delivering'] as const;

/**
 * The selected rider: a popup that follows the rider's marker and the trail of the last 30
 * minutes (beyond the spec), both updated from the stream as positions arrive.
 */
export function SelectedRider({
  rider,
  positions,
  onClose,
}: {
  rider: RiderSummary;
  positions: RiderPositions;
  onClose: () => void;
}) {
  const [trail, setTrail] = useState<TrailPoint[]>(() => positions.trailOf(rider.id));
  const [point, setPoint] = useState(() => riderPoint(rider, positions));

  useEffect(() => {
    setTrail(positions.trailOf(rider.id));
    setPoint(riderPoint(rider, positions));
    return positions.subscribe((moved) => {
      if (!moved.has(rider.id)) return;
      setTrail(positions.trailOf(rider.id));
      setPoint(positions.positionOf(rider.id) ?? null);
    });
  }, [rider, positions]);

  if (!point) return null;
  const kind = riderMarkerKind(rider);
  return (
    <>
      {trail.length > 1 && (
        <Polyline
          positions={trail.map((p) => [p.latitude, p.longitude] as [number, number])}
          pathOptions={{ color: RIDER_MARKER_COLORS[kind], weight: 3, opacity: 0.7 }}
        />
      )}
      <Popup
        position={[point.latitude, point.longitude]}
        eventHandlers={{ remove: onClose }}
        offset={[0, -6]}
        autoPan={false}
      >
        <Stack gap={2} data-testid="rider-popup">
          <Anchor component={Link} to={`/riders/detail/${rider.id}`} size="sm" fw={700}>
            {rider.firstName} {rider.lastName}
          </Anchor>
          <Text size="xs">{rider.phone}</Text>
          <Text size="xs">
            {RIDER_MARKER_LABELS[kind]} · {STATE_LABELS[rider.state]}
          </Text>
          <Text size="xs" c="dimmed">
            Trail: last 30 minutes ({trail.length} {trail.length === 1 ? 'point' : 'points'})
          </Text>
        </Stack>
      </Popup>
    </>
  );
}
