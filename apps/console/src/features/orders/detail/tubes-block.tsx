import type { Order } from '@dastak/core/entities/orders';
import type { OrderTube } from '@dastak/core/entities/tubes';
import { TUBE_MESSAGES } from '@dastak/core/messages/tubes';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Group, Stack, Text } from '@mantine/core';
import { Tag } from '../../../components/tag';
import { DetailCard } from './detail-card';

const at = (iso: string) => `${formatDisplayDate(iso)} ${formatTime12(iso)}`;

/** Where the tube is: handed over at the centre, flagged missing there, or still in hand. */
function TubeStatus({ tube, delivered }: { tube: OrderTube; delivered: boolean }) {
  if (tube.handedOverAt) {
    return (
      <Tag color="green" title={at(tube.handedOverAt)}>
        {TUBE_MESSAGES.HANDED_OVER} {formatTime12(tube.handedOverAt)}
      </Tag>
    );
  }
  if (tube.flag === 'missing') {
    return <Tag color="red">{TUBE_MESSAGES.MISSING}</Tag>;
  }
  return <Tag color="gray">{delivered ? TUBE_MESSAGES.NOT_CHECKED : TUBE_MESSAGES.IN_HAND}</Tag>;
}

/**
 * The sample tubes the rider scanned at collection and their handover at the centre (ADR 0062):
 * the chain of custody. Shown once a sample was collected, or when tubes are on the order.
 */
export function TubesBlock({ order }: { order: Order }) {
  if (order.tubes.length === 0 && !order.collectedAt) return null;
  const delivered = order.state === 'delivered';
  return (
    <DetailCard title={TUBE_MESSAGES.SECTION_TITLE}>
      {order.tubes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TUBE_MESSAGES.NONE}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {order.tubes.map((tube) => (
            <Group
              component="li"
              key={tube.label}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-tube={tube.label}
            >
              <Stack gap={0}>
                <Text size="sm" ff="monospace" fw={600}>
                  {tube.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {TUBE_MESSAGES.COLLECTED} {at(tube.collectedAt)}
                </Text>
              </Stack>
              <TubeStatus tube={tube} delivered={delivered} />
            </Group>
          ))}
        </Stack>
      )}
    </DetailCard>
  );
}
