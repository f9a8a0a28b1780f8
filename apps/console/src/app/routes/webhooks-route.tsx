import { PERMISSIONS } from '@dastak/core/permissions';
import { NoPermissionPage } from '../../components/no-permission-page';
import { WebhooksPage } from '../../features/webhooks/components/webhooks-page';
import { useHasPermission } from '../../lib/use-session';

/**
 * Lazily loaded by the router (default export for React.lazy). The permission is checked here,
 * so that the check's bytes load with the screen.
 */
export default function WebhooksRoute() {
  const allowed = useHasPermission(PERMISSIONS.CAN_MANAGE_WEBHOOKS);
  return allowed ? <WebhooksPage /> : <NoPermissionPage />;
}
