import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import { EMPTY } from '@dastak/core/messages';
import { formatDisplayDate } from '@dastak/core/rules/format';
import { Alert, SimpleGrid, Text } from '@mantine/core';

/**
 * The partial order being converted (spec §2.4 side panel): Order ID, Patient Name, City, Phone,
 * Date, Time Slot and Address, plus the tests and notes the channel captured.
 */
export function PartialOrderSummary({ order }: { order: PartialOrderDetail }) {
  const fields: [string, string][] = [
    ['Order ID', String(order.id)],
    ['Patient Name', order.name || EMPTY.NA],
    ['City', order.city?.name ?? EMPTY.NA],
    ['Phone', order.phone || EMPTY.NA],
    ['Date', order.date ? formatDisplayDate(order.date) || EMPTY.NA : EMPTY.NA],
    ['Time Slot', order.timeSlot || EMPTY.NA],
    ['Address', order.address || EMPTY.NA],
  ];
  if (order.tests.length > 0) fields.push(['Tests', order.tests.join(', ')]);
  if (order.notes) fields.push(['Notes', order.notes]);
  return (
    <Alert color="blue" title={`Partial order #${order.id}`}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" verticalSpacing={6}>
        {fields.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Alert>
  );
}
