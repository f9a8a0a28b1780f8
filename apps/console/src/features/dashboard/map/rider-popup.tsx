import type { RiderSummary } from '@dastak/core/entities/riders';
import { Anchor, Stack, Text } from '@mantine/core';
import type { Popup as LeafletPopup } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Polyline, Popup } from 'react-leaflet';
import { Link } from 'react-router';
import { useRiderTrailQuery } from '../api/get-rider-trail';
import { joinTrails, type RiderPositions, type TrailPoint } from '../live/rider-positions';
import { RIDER_MARKER_COLORS, RIDER_MARKER_LABELS, riderMarkerKind } from './marker-styles';
import { usePopupProps } from './popup-props';
import { riderPoint } from './rider-layer';

const STATE_LABELS = ['Idle', 'Picking up', 'Picking up (full)', 'Delivering'] as const;

/**
 * The selected rider: a popup that follows the rider's marker, and the trail of the last 30
 * minutes: the stored pings (read once when the popup opens) followed by what the stream brought
 * since. The popup is moved in place (setLatLng): react-leaflet re-opens a Popup whose position
 * prop changes, and the popup faded out and back on every ping. The position it gets is the one
 * it opened at, the same array on every render (popup-props.ts); closeOnClick is off as on the
 * order popup (order-popup.tsx).
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
  const stored = useRiderTrailQuery(rider.id).data;
  const [streamed, setStreamed] = useState<TrailPoint[]>(() => positions.trailOf(rider.id));
  const [point, setPoint] = useState(() => riderPoint(rider, positions));
  // Where the popup opened: its position prop never changes after that (see above).
  const [anchor, setAnchor] = useState(point);
  const popup = useRef<LeafletPopup | null>(null);

  useEffect(() => {
    setStreamed(positions.trailOf(rider.id));
    setPoint(riderPoint(rider, positions));
    return positions.subscribe((moved) => {
      if (!moved.has(rider.id)) return;
      setStreamed(positions.trailOf(rider.id));
      setPoint(positions.positionOf(rider.id) ?? null);
    });
  }, [rider, positions]);

  useEffect(() => {
    if (!point) return;
    if (!anchor) setAnchor(point);
    popup.current?.setLatLng([point.latitude, point.longitude]);
  }, [point, anchor]);

  const trail = useMemo(() => joinTrails(stored ?? [], streamed), [stored, streamed]);

  const opened = anchor ?? point;
  const popupProps = usePopupProps(opened?.latitude ?? 0, opened?.longitude ?? 0, onClose);

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
      <Popup ref={popup} {...popupProps} closeOnClick={false} offset={[0, -6]} autoPan={false}>
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
