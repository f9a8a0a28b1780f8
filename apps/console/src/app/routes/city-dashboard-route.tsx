import type { Vertical } from '@dastak/core/states';
import { CityDashboardPage } from '../../features/dashboard/city/city-dashboard-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function CityDashboardRoute({ vertical }: { vertical: Vertical }) {
  return <CityDashboardPage vertical={vertical} />;
}
