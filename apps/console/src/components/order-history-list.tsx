import type { OrderSummary } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import { ORDER_STATE_LABELS } from '@dastak/core/states';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Tag } from './tag';

/** What the list needs of an infinite order-history query (TanStack Query's result fits). */
export type OrderHistoryQuery = {
  data?: { pages: { results: OrderSummary[] }[] };
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** An order's state as the history lists show it. */
export function OrderStateLabel({ order, minWidth }: { order: OrderSummary; minWidth: number }) {
  return (
    <Tag color="gray" miw={minWidth}>
      {ORDER_STATE_LABELS[order.state] ?? order.state}
    </Tag>
  );
}

/**
 * A customer's or a rider's orders, newest first (spec §2.9, §2.1): loading, 'No Orders', one
 * line per order (its main text left, `aside` right) and Load More.
 */
export function OrderHistoryList({
  history,
  main,
  aside,
}: {
  history: OrderHistoryQuery;
  main: (order: OrderSummary) => ReactNode;
  aside: (order: OrderSummary) => ReactNode;
}) {
  const orders = history.data?.pages.flatMap((page) => page.results) ?? [];
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
              {main(order)}
            </Stack>
            <Group gap="sm" wrap="nowrap">
              {aside(order)}
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
    </>
  );
}
