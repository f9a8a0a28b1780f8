import type { Vertical } from '@dastak/core/states';
import { DashboardPage } from '../../features/dashboard/page/dashboard-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function DashboardRoute({ vertical }: { vertical: Vertical }) {
  return <DashboardPage vertical={vertical} />;
}
