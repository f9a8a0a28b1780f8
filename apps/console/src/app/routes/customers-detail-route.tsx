import { CustomerDetailPage } from '../../features/customers/components/customer-detail-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function CustomersDetailRoute() {
  return <CustomerDetailPage />;
}
