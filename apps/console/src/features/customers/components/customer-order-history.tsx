import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { truncateAddress } from '@dastak/core/rules/truncate';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { OrderHistoryList, OrderStateLabel } from '../../../components/order-history-list';
import { useCustomerOrderHistoryQuery } from '../api/get-customer-order-history';
import { OrderSummaryDrawer } from './order-summary-drawer';

/** The customer's orders, newest first, each with View Details opening a slide-out (spec §2.9). */
export function CustomerOrderHistory({ customerId }: { customerId: number }) {
  const history = useCustomerOrderHistoryQuery(customerId);
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <>
      <OrderHistoryList
        history={history}
        main={(order) => (
          <>
            <Text fw={600} size="sm">
              {order.number}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {formatDisplayDate(order.pickup)} {formatTime12(order.pickup)} ·{' '}
              {truncateAddress(order.address)}
            </Text>
          </>
        )}
        aside={(order) => (
          <>
            <OrderStateLabel order={order} minWidth={100} />
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
          </>
        )}
      />
      <OrderSummaryDrawer orderId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
