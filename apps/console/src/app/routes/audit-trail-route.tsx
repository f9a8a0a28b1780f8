import { PERMISSIONS } from '@dastak/core/permissions';
import { NoPermissionPage } from '../../components/no-permission-page';
import { AuditTrailPage } from '../../features/audit/components/audit-trail-page';
import { useHasPermission } from '../../lib/use-session';

/**
 * Lazily loaded by the router (default export for React.lazy). The permission is checked here,
 * not by a RequirePermission around the route, so that the check's bytes load with the screen.
 */
export default function AuditTrailRoute() {
  const allowed = useHasPermission(PERMISSIONS.CAN_VIEW_AUDIT_TRAIL);
  return allowed ? <AuditTrailPage /> : <NoPermissionPage />;
}
