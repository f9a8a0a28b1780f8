import { UnverifiedOrderDetailPage } from '../../features/orders/unverified/unverified-order-detail-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function UnverifiedOrderDetailRoute() {
  return <UnverifiedOrderDetailPage />;
}
