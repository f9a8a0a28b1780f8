import { OrderLocatePage } from '../../features/orders/detail/order-locate-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function OrderLocateRoute() {
  return <OrderLocatePage />;
}
