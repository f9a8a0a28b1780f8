import type { Vertical } from '@dastak/core/states';
import { OrdersListPage } from '../../features/orders/list/orders-list-page';

/** Lazily loaded by the router (default export for React.lazy); one chunk serves both verticals. */
export default function OrdersListRoute({ vertical }: { vertical: Vertical }) {
  // Keyed by vertical: moving from blood to X-ray starts a fresh page, not a re-used one.
  return <OrdersListPage key={vertical} vertical={vertical} />;
}
