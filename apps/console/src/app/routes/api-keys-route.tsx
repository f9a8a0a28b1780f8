import { PERMISSIONS } from '@dastak/core/permissions';
import { NoPermissionPage } from '../../components/no-permission-page';
import { ApiKeysPage } from '../../features/api-keys/components/api-keys-page';
import { useHasPermission } from '../../lib/use-session';

/**
 * Lazily loaded by the router (default export for React.lazy). The permission is checked here,
 * not by a RequirePermission around the route, so that the check's bytes load with the screen.
 */
export default function ApiKeysRoute() {
  const allowed = useHasPermission(PERMISSIONS.CAN_MANAGE_API_KEYS);
  return allowed ? <ApiKeysPage /> : <NoPermissionPage />;
}
