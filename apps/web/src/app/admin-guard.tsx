import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/Spinner';
import { useCurrentUser } from '../lib/current-user';
import { isAdmin, useSession } from '../lib/session-store';

/**
 * Admin screens (/admin/*) are for admins only. The server checks the role on every admin call;
 * this only keeps customers off screens they cannot use. A stored "user" role waits for the fresh
 * user before deciding (a promotion shows at once), then anyone else goes home.
 */
export function RequireAdmin() {
  const admin = useSession((s) => isAdmin(s.user));
  const userQuery = useCurrentUser();
  if (admin) return <Outlet />;
  if (userQuery.isPending) return <PageSpinner />;
  return <Navigate to="/home" replace />;
}
