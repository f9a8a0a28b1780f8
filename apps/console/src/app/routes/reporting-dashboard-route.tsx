import { ReportsPage } from '../../features/reports/components/reports-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function ReportingDashboardRoute() {
  return <ReportsPage />;
}
