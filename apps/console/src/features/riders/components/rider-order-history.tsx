import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { truncateAddress } from '@dastak/core/rules/truncate';
import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { OrderHistoryList, OrderStateLabel } from '../../../components/order-history-list';
import { useRiderOrderHistoryQuery } from '../api/get-rider-order-history';

/** The rider's orders, newest first, each linking to /orders/detail/{id} (spec §2.1). */
export function RiderOrderHistory({ riderId }: { riderId: number }) {
  const history = useRiderOrderHistoryQuery(riderId);
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
      <OrderHistoryList
        history={history}
        main={(order) => (
          <>
            <Anchor component={Link} to={`/orders/detail/${order.id}`} fw={600} size="sm">
              {order.number}
            </Anchor>
            <Text size="xs" c="dimmed" truncate="end">
              {truncateAddress(order.address)}
            </Text>
          </>
        )}
        aside={(order) => (
          <>
            <Text size="xs" c="dimmed" ta="right">
              {formatDisplayDate(order.pickup)} {formatTime12(order.pickup)}
            </Text>
            <OrderStateLabel order={order} minWidth={110} />
          </>
        )}
      />
    </Paper>
  );
}
