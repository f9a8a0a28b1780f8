import { EMPTY } from '@dastak/core/messages';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { truncateAddress } from '@dastak/core/rules/truncate';
import { ORDER_STATE_LABELS } from '@dastak/core/states';
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Tag } from '../../../components/tag';
import { useRiderOrderHistoryQuery } from '../api/get-rider-order-history';

/** The rider's orders, newest first, each linking to /orders/detail/{id} (spec §2.1). */
export function RiderOrderHistory({ riderId }: { riderId: number }) {
  const history = useRiderOrderHistoryQuery(riderId);
  const orders = history.data?.pages.flatMap((page) => page.results) ?? [];
  const count = history.data?.pages[0]?.count;

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Order History
        </Title>
        {count !== undefined && count > 0 && (
          <Text size="sm" c="dimmed">
            {count} orders
          </Text>
        )}
      </Group>
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
              <Anchor component={Link} to={`/orders/detail/${order.id}`} fw={600} size="sm">
                {order.number}
              </Anchor>
              <Text size="xs" c="dimmed" truncate="end">
                {truncateAddress(order.address)}
              </Text>
            </Stack>
            <Group gap="md" wrap="nowrap">
              <Text size="xs" c="dimmed" ta="right">
                {formatDisplayDate(order.pickup)} {formatTime12(order.pickup)}
              </Text>
              <Tag color="gray" miw={110}>
                {ORDER_STATE_LABELS[order.state] ?? order.state}
              </Tag>
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
    </Paper>
  );
}
