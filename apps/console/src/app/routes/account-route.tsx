import { PERMISSIONS } from '@dastak/core/permissions';
import { useLocation } from 'react-router';
import { NoPermissionPage } from '../../components/no-permission-page';
import { SessionsPage } from '../../features/auth/components/sessions-page';
import { StaffAccountsPage } from '../../features/users/components/staff-accounts-page';
import { useHasPermission } from '../../lib/use-session';

/**
 * /sessions and /sessions/staff, one lazily loaded chunk (default export for React.lazy): the shell that
 * routes to them is at the orders list's bundle budget. Staff accounts need 'Can manage staff'.
 */
export default function AccountRoute() {
  const staff = useLocation().pathname.endsWith('/staff');
  const canManageStaff = useHasPermission(PERMISSIONS.CAN_MANAGE_STAFF);
  if (!staff) return <SessionsPage />;
  return canManageStaff ? <StaffAccountsPage /> : <NoPermissionPage />;
}
