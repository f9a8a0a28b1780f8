import type { Order } from '@dastak/core/entities/orders';
import { PERMISSIONS } from '@dastak/core/permissions';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { formatDiscount, orderTotal, sumTestValues } from '@dastak/core/rules/order-total';
import { ORDER_TYPE_LABELS, VERTICAL_LABELS } from '@dastak/core/states';
import { Anchor, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type IndicatorColor, IndicatorDot } from '../../../components/indicator-dot';
import { Tag, type TagColor } from '../../../components/tag';
import { useHasPermission } from '../../../lib/use-session';
import { DetailCard, DetailField } from './detail-card';
import { EditTestsDialog } from './edit-tests-dialog';
import { formatPkr } from './money';
import { canEditTests } from './order-editing';

function OrderFlags({ order }: { order: Order }) {
  // The indicator flags carry the same dot as the list's SN cell (spec §2.3: yellow, red).
  const flags: { label: string; color: TagColor; dot?: IndicatorColor }[] = [];
  if (order.urgentDelivery) flags.push({ label: 'Protocol', color: 'red', dot: 'red' });
  if (order.isFasting) flags.push({ label: 'Fasting', color: 'yellow', dot: 'yellow' });
  if (order.isMedicineAndSpecificTime)
    flags.push({ label: 'Medicine / specific time', color: 'yellow', dot: 'yellow' });
  if (order.isCovid) flags.push({ label: 'COVID', color: 'red' });
  if (order.wasAutoAssigned) flags.push({ label: 'Auto assigned', color: 'teal' });
  if (order.wasManualAssigned) flags.push({ label: 'Manually assigned', color: 'teal' });
  if (order.isUnverifiedByRider) flags.push({ label: 'Unverified by rider', color: 'orange' });
  if (order.isExternal) flags.push({ label: 'External', color: 'violet' });
  if (flags.length === 0) return null;
  return (
    <Group gap={6}>
      {flags.map((flag) => (
        <Tag
          key={flag.label}
          color={flag.color}
          size="sm"
          leftSection={flag.dot && <IndicatorDot color={flag.dot} />}
        >
          {flag.label}
        </Tag>
      ))}
    </Group>
  );
}

/**
 * Order facts, the tests with their prices, the discount and the total (spec §2.6). The total is
 * the price the server stored (givenValue, ADR 0016); an order booked without one shows the
 * tests' sum minus the percent discount, rounded to whole PKR (core rules/order-total.ts).
 */
export function OrderDetailsBlock({ order }: { order: Order }) {
  const [editOpen, edit] = useDisclosure(false);
  const canChange = useHasPermission(PERMISSIONS.CAN_CHANGE_ORDER);
  const values = order.scanTypes.map((line) => line.scanType.value * line.count);
  const subtotal = sumTestValues(values);
  const total = order.givenValue ?? orderTotal(values, order.discountPercent);
  const showEdit = canChange && canEditTests(order);
  return (
    <DetailCard
      title="Order Details"
      actions={
        showEdit && (
          <Anchor component="button" type="button" size="sm" onClick={edit.open}>
            Edit Tests
          </Anchor>
        )
      }
    >
      <Stack gap="sm">
        <SimpleGrid cols={4} spacing="sm">
          <DetailField label="Vertical">{VERTICAL_LABELS[order.vertical]}</DetailField>
          <DetailField label="Order type">
            {ORDER_TYPE_LABELS[order.orderType] ?? '---'}
          </DetailField>
          <DetailField label="Fulfillment">
            {order.fulfillmentMethod === 'online' ? 'Online' : 'Offline'}
          </DetailField>
          <DetailField label="Created">
            {formatDisplayDate(order.created)} {formatTime12(order.created)}
          </DetailField>
        </SimpleGrid>
        <OrderFlags order={order} />
        <Table aria-label="Tests" striped={false} withRowBorders verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Test</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.scanTypes.map((line) => (
              <Table.Tr key={line.scanType.id}>
                <Table.Td>{line.scanType.code}</Table.Td>
                <Table.Td>{line.scanType.name}</Table.Td>
                <Table.Td ta="right">{line.count}</Table.Td>
                <Table.Td ta="right">{formatPkr(line.scanType.value * line.count)}</Table.Td>
              </Table.Tr>
            ))}
            {order.scanTypes.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    No tests
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <Stack gap={2} ml="auto" miw={220}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Subtotal
            </Text>
            <Text size="sm">{formatPkr(subtotal)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Discount
            </Text>
            <Text size="sm" data-testid="order-discount">
              {formatDiscount(order.discountPercent)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" fw={700}>
              Total
            </Text>
            <Text size="sm" fw={700} data-testid="order-total">
              {formatPkr(total)}
            </Text>
          </Group>
        </Stack>
      </Stack>
      {/* Kept while open: a change elsewhere is told by the save (ADR 0056). */}
      {(showEdit || editOpen) && (
        <EditTestsDialog order={order} opened={editOpen} onClose={edit.close} />
      )}
    </DetailCard>
  );
}
