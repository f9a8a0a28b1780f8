import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionUser } from '../../lib/use-session';

// <Navigate> redirects from an effect that only re-runs when its target changes. Keying it by
// location makes it redirect again if something else (e.g. logout's move to '/') navigates
// while it is still mounted; otherwise the page is left blank at the new location.

/** Staff routes need a session; losing it anywhere (logout, failed refresh) lands on /login. */
export function RequireAuth() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) return <Navigate key={location.key} to="/login" replace />;
  return <Outlet />;
}

/** The sign-in page is pointless while signed in. */
export function RedirectIfSignedIn() {
  const user = useSessionUser();
  const location = useLocation();
  if (user) return <Navigate key={location.key} to="/blood/dashboard" replace />;
  return <Outlet />;
}
