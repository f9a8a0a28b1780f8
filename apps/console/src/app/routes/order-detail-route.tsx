import type { Vertical } from '@dastak/core/states';
import { OrderDetailPage } from '../../features/orders/detail/order-detail-page';

/** Lazily loaded by the router (default export for React.lazy); one file for both verticals. */
export default function OrderDetailRoute({ vertical }: { vertical: Vertical }) {
  return <OrderDetailPage vertical={vertical} />;
}
