import { IssueReportsPage } from '../../features/issue-reports/components/issue-reports-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function IssueReportingRoute() {
  return <IssueReportsPage />;
}
