import { FaqsPage } from '../../features/help/components/faqs-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function FaqsRoute() {
  return <FaqsPage />;
}
