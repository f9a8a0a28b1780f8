import { Navigate, Outlet } from 'react-router';
import { useSessionUser } from '../../features/auth/hooks/use-session';

/** Staff routes need a session; losing it anywhere (logout, failed refresh) lands on /login. */
export function RequireAuth() {
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** The sign-in page is pointless while signed in. */
export function RedirectIfSignedIn() {
  const user = useSessionUser();
  if (user) return <Navigate to="/blood/dashboard" replace />;
  return <Outlet />;
}
