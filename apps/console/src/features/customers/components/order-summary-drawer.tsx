import { EMPTY } from '@dastak/core/messages';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { ORDER_STATE_LABELS } from '@dastak/core/states';
import { Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tag } from '../../../components/tag';
import { orderDetailPath } from '../../../lib/order-paths';
import { useLocateOrderQuery, useOrderQuery } from '../../orders/public';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * View Details from a customer's order history (spec §2.9): the order's essentials in a slide-out,
 * with a link to its full detail page. The history only knows the id, so the vertical is looked up.
 */
export function OrderSummaryDrawer({
  orderId,
  onClose,
}: {
  orderId: number | null;
  onClose: () => void;
}) {
  const location = useLocateOrderQuery(orderId ?? 0);
  const vertical = location.data?.vertical ?? 'blood';
  const order = useOrderQuery(vertical, location.data ? (orderId ?? 0) : 0);
  const data = order.data;

  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size={400}
      title={data ? `Order ${data.number}` : 'Order'}
      closeButtonProps={{ 'aria-label': 'Close order details' }}
    >
      {(location.isPending || order.isPending) && !location.isError && !order.isError && (
        <Center py="xl">
          <Loader aria-label="Loading order" />
        </Center>
      )}
      {(location.isError || order.isError) && (
        <Text c="dimmed" ta="center" py="xl">
          The order could not be loaded.
        </Text>
      )}
      {data && (
        <Stack gap="md">
          <Group gap="xs">
            <Tag color="gray">{ORDER_STATE_LABELS[data.state] ?? data.state}</Tag>
          </Group>
          <Field label="Patient">
            {`${data.patient.firstName} ${data.patient.lastName}`.trim() || EMPTY.NA}
          </Field>
          <Field label="Pickup">
            {formatDisplayDate(data.pickup)} {formatTime12(data.pickup)}
          </Field>
          <Field label="Address">{data.address || EMPTY.NA}</Field>
          <Field label="Tests">
            {data.scanTypes.length
              ? data.scanTypes.map((s) => s.scanType.name).join(', ')
              : EMPTY.NA}
          </Field>
          <Field label="Value">
            {data.givenValue === null ? EMPTY.NA : `PKR ${data.givenValue}`}
          </Field>
          <Field label="Created">
            {formatDisplayDate(data.created)} {formatTime12(data.created)}
          </Field>
          <Button component={Link} to={orderDetailPath(vertical, data.id)} variant="light">
            Open order detail
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
