import type { OrderListItem } from '@dastak/core/entities/orders';
import { Group, Stack, Text } from '@mantine/core';
import { IndicatorDot } from '../../../components/indicator-dot';

/**
 * The SN cell (spec §2.3): the row number with its indicator dots below it: fasting and
 * medicine-and/or-specific-time in yellow, urgent delivery in red labelled Protocol.
 * Stacked, so the column stays narrow and the table fits a 1366-pixel screen.
 */
export function OrderIndicators({ sn, order }: { sn: number; order: OrderListItem }) {
  const yellow = order.isFasting || order.isMedicineAndSpecificTime;
  return (
    <Stack gap={2}>
      <Text size="sm">{sn}</Text>
      {yellow && (
        <Group gap={4} wrap="nowrap">
          {order.isFasting && <IndicatorDot color="yellow" label="Fasting" />}
          {order.isMedicineAndSpecificTime && (
            <IndicatorDot color="yellow" label="Medicine and/or specific time" />
          )}
        </Group>
      )}
      {order.urgentDelivery && (
        <Group gap={2} wrap="nowrap">
          <IndicatorDot color="red" label="Urgent delivery" />
          <Text span size="xs" fw={700} c="red.9">
            Protocol
          </Text>
        </Group>
      )}
    </Stack>
  );
}
