import type { Vertical } from '@dastak/core/states';
import { useParams } from 'react-router';
import { OrderActionsToolbar } from '../actions/order-actions-toolbar';
import { useOrderQuery } from '../api/get-order';
import { isMissingOrder, OrderLoading, OrderNotFound } from './order-detail-states';
import { OrderDetailView } from './order-detail-view';
import { useOrderLiveUpdates } from './use-order-live-updates';

/** /blood/orders/detail/{id} and /xray/orders/detail/{id} (spec §2.6). */
export function OrderDetailPage({ vertical }: { vertical: Vertical }) {
  const id = Number(useParams().id);
  const order = useOrderQuery(vertical, id);
  // Another user's change of this order (a cancel, say) shows without a reload.
  useOrderLiveUpdates(vertical, id, order.data?.region ?? null);
  // The breadcrumb reads Orders then the number; Orders opens this vertical's list.
  const list = { label: 'Orders', to: `/${vertical}/orders` };

  if (isMissingOrder(id, order.error)) {
    return <OrderNotFound back={{ label: 'Back to orders', to: list.to }} />;
  }
  if (!order.data) return <OrderLoading pending={order.isPending} />;
  return (
    <OrderDetailView
      order={order.data}
      crumb={list}
      actions={<OrderActionsToolbar order={order.data} surface="detail" />}
    />
  );
}
