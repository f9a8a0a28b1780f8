import type { PermissionName } from '@dastak/core/permissions';
import { Outlet } from 'react-router';
import { NoPermissionPage } from '../../components/no-permission-page';
import { useHasPermission } from '../../lib/use-session';

/** The nav hides what the user may not open; a typed-in URL gets an explanation instead. */
export function RequirePermission({ permission }: { permission: PermissionName }) {
  const allowed = useHasPermission(permission);
  return allowed ? <Outlet /> : <NoPermissionPage />;
}
