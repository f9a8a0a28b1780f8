import { CustomerWizardPage } from '../../features/customers/components/customer-wizard-page';

/** /customers/create and /customers/update/{id}; lazily loaded by the router. */
export default function CustomersWizardRoute({ mode }: { mode: 'create' | 'update' }) {
  return <CustomerWizardPage mode={mode} />;
}
