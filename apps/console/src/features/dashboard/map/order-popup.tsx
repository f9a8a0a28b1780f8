import type { OrderMapItem } from '@dastak/core/entities/orders';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { CANCELLABLE_STATES } from '@dastak/core/states';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { Popup } from 'react-leaflet';
import { Link } from 'react-router';
import { Tag } from '../../../components/tag';
import { useLatestCallback, usePopupProps } from './popup-props';

// Loaded when a collected order's popup first opens: the map's first download stays within its
// 250 kB budget (apps/console/vite.config.ts), and the panels' list loads the same chunk anyway.
const SampleCountdown = lazy(() =>
  import('../../../components/sample-countdown').then((m) => ({ default: m.SampleCountdown })),
);

/** The popup shows at most this many test tags, then 'N More' (spec §2.5). */
const TAGS_SHOWN = 2;

/** '02:30 PM' in Karachi, without the date-fns time-zone library (it would weigh on the map). */
export function karachiClock(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [hours = 0, minutes = 0] = toKarachiIso(date).slice(11, 16).split(':').map(Number);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * An order marker's popup (spec §2.5): time, order number, detail link, Cancel when the order
 * is cancellable and the user may cancel, patient, address, two test tags and 'N More'; a
 * collected sample's countdown under the number (ADR 0048).
 */
export function OrderPopup({
  order,
  detailHref,
  canCancel,
  onCancel,
  onClose,
}: {
  order: OrderMapItem;
  detailHref: string;
  canCancel: boolean;
  onCancel: () => void;
  onClose: () => void;
}) {
  const popup = usePopupProps(order.latitude, order.longitude, onClose);
  const cancel = useLatestCallback(onCancel);
  // The content is built anew only when what it shows changes: react-leaflet lays the popup out
  // and auto-pans again whenever its children change (popup-props.ts).
  const content = useMemo(() => {
    const tests = order.scanTypes.map((line) => line.scanType.name);
    const more = tests.length - TAGS_SHOWN;
    return (
      <Stack gap={4} data-testid="order-popup">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={700}>
            {karachiClock(order.pickup)}
          </Text>
          <Text size="sm" fw={600}>
            {order.number}
          </Text>
        </Group>
        {order.sampleExpiresAt && (
          <Suspense fallback={null}>
            <SampleCountdown expiresAt={order.sampleExpiresAt} />
          </Suspense>
        )}
        <Group gap="sm">
          <Anchor component={Link} to={detailHref} size="sm">
            Detail
          </Anchor>
          {canCancel && CANCELLABLE_STATES.includes(order.state) && (
            <Anchor component="button" type="button" size="sm" c="red" onClick={cancel}>
              Cancel
            </Anchor>
          )}
        </Group>
        <Text size="sm">
          {order.patient.firstName} {order.patient.lastName}
        </Text>
        <Text size="xs" c="dimmed">
          {order.address}
        </Text>
        {tests.length > 0 && (
          <Group gap={4}>
            {tests.slice(0, TAGS_SHOWN).map((name, i) => (
              // Two lines may carry the same test name; the index keeps their keys apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: order of tags is fixed.
              <Tag key={`${name}-${i}`} color="teal">
                {name}
              </Tag>
            ))}
            {more > 0 && <Tag color="gray">{`${more} More`}</Tag>}
          </Group>
        )}
      </Stack>
    );
  }, [order, detailHref, canCancel, cancel]);
  // closeOnClick off: a click on the map closes the popup through the selection (marker-click.tsx),
  // so a click on its own marker keeps it open rather than closing it behind the selection's back.
  return (
    <Popup {...popup} closeOnClick={false} offset={[0, -4]} minWidth={220}>
      {content}
    </Popup>
  );
}
