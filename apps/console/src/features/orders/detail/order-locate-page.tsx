import { Navigate, useParams } from 'react-router';
import { orderDetailPath } from '../../../lib/order-paths';
import { useLocateOrderQuery } from '../api/locate-order';
import { isMissingOrder, OrderLoading, OrderNotFound } from './order-detail-states';

/**
 * /orders/detail/{id}, linked from map popups and late-order rows (spec §2.1), carries no
 * vertical: ask the server which one and open that vertical's detail in place of this URL.
 */
export function OrderLocatePage() {
  const id = Number(useParams().id);
  const located = useLocateOrderQuery(id);
  if (isMissingOrder(id, located.error)) {
    return <OrderNotFound back={{ label: 'Back to orders', to: '/blood/orders' }} />;
  }
  if (!located.data) return <OrderLoading pending={located.isPending} />;
  return <Navigate to={orderDetailPath(located.data.vertical, located.data.id)} replace />;
}
