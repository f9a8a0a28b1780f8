import type { Vertical } from '@dastak/core/states';
import { useNavigate, useParams } from 'react-router';
import { OrderActionsToolbar } from '../actions/order-actions-toolbar';
import { useOrderQuery } from '../api/get-order';
import { useLocateOrderQuery } from '../api/locate-order';
import { isMissingOrder, OrderLoading, OrderNotFound } from '../detail/order-detail-states';
import { OrderDetailView } from '../detail/order-detail-view';
import { useOrderLiveUpdates } from '../detail/use-order-live-updates';

const LIST = { label: 'Unverified Orders', to: '/unverified-orders' };
// The breadcrumb leads back to the list of the order's vertical (list-filters.ts reads it).
const listOf = (vertical: Vertical) =>
  vertical === 'blood' ? LIST : { ...LIST, to: `${LIST.to}?vertical=${vertical}` };

/**
 * /unverified-orders/detail/{id} (spec §2.4): the order's blocks under the 'Unverified Orders'
 * breadcrumb, with Mark Wrong Pin, Verify Order and Cancel Order. Cancelling or verifying
 * returns to the previous page.
 */
export function UnverifiedOrderDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  // The URL carries no vertical; the order knows its own.
  const located = useLocateOrderQuery(id);
  const order = useOrderQuery(located.data?.vertical ?? 'blood', located.data ? id : 0);
  // Another user's change of this order shows without a reload (the order detail's rule).
  useOrderLiveUpdates(order.data?.vertical ?? 'blood', id, order.data?.region ?? null);

  if (isMissingOrder(id, located.error ?? order.error)) {
    return <OrderNotFound back={{ label: 'Back to unverified orders', to: LIST.to }} />;
  }
  if (!order.data) return <OrderLoading pending={located.isPending || order.isPending} />;
  return (
    <OrderDetailView
      order={order.data}
      crumb={listOf(order.data.vertical)}
      actions={
        <OrderActionsToolbar order={order.data} surface="unverified" onDone={() => navigate(-1)} />
      }
    />
  );
}
