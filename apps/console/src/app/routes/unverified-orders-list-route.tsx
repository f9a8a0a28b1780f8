import { UnverifiedOrdersListPage } from '../../features/orders/unverified/unverified-orders-list-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function UnverifiedOrdersListRoute() {
  return <UnverifiedOrdersListPage />;
}
