import { CustomersListPage } from '../../features/customers/components/customers-list-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function CustomersListRoute() {
  return <CustomersListPage />;
}
