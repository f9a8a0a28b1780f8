import { PartialOrdersListPage } from '../../features/partial-orders/components/partial-orders-list-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function PartialOrdersRoute() {
  return <PartialOrdersListPage />;
}
