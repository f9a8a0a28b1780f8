import { EMPTY } from '@dastak/core/messages';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { truncateAddress } from '@dastak/core/rules/truncate';
import { ORDER_STATE_LABELS } from '@dastak/core/states';
import { Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Tag } from '../../../components/tag';
import { useCustomerOrderHistoryQuery } from '../api/get-customer-order-history';
import { OrderSummaryDrawer } from './order-summary-drawer';

/** The customer's orders, newest first, each with View Details opening a slide-out (spec §2.9). */
export function CustomerOrderHistory({ customerId }: { customerId: number }) {
  const history = useCustomerOrderHistoryQuery(customerId);
  const orders = history.data?.pages.flatMap((page) => page.results) ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <>
      {history.isPending && (
        <Center py="md">
          <Loader size="sm" aria-label="Loading orders" />
        </Center>
      )}
      {!history.isPending && orders.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {EMPTY.NO_ORDERS}
        </Text>
      )}
      <Stack
        gap={0}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Order history"
      >
        {orders.map((order) => (
          <Group
            key={order.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            py={8}
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {order.number}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {formatDisplayDate(order.pickup)} {formatTime12(order.pickup)} ·{' '}
                {truncateAddress(order.address)}
              </Text>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <Tag color="gray" miw={100}>
                {ORDER_STATE_LABELS[order.state] ?? order.state}
              </Tag>
              <Anchor
                component="button"
                type="button"
                size="sm"
                style={{ whiteSpace: 'nowrap' }}
                onClick={() => setOpenId(order.id)}
                aria-label={`View details of order ${order.number}`}
              >
                View Details
              </Anchor>
            </Group>
          </Group>
        ))}
      </Stack>
      {history.hasNextPage && (
        <Center mt="sm">
          <Button
            variant="light"
            size="xs"
            loading={history.isFetchingNextPage}
            onClick={() => history.fetchNextPage()}
          >
            Load More
          </Button>
        </Center>
      )}
      <OrderSummaryDrawer orderId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
