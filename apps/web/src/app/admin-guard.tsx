import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/Spinner';
import { useCurrentUser } from '../lib/current-user';
import { isStaff, useSession } from '../lib/session-store';

/**
 * Admin screens (/admin/*) are for staff: admins, and support staff who only read (the screens
 * hide what they cannot do; decision 0032). The server checks the role on every admin call; this
 * only keeps customers off screens they cannot use. A stored "user" role waits for the fresh user
 * before deciding (a promotion shows at once), then anyone else goes home.
 */
export function RequireAdmin() {
  const staff = useSession((s) => isStaff(s.user));
  const userQuery = useCurrentUser();
  if (staff) return <Outlet />;
  if (userQuery.isPending) return <PageSpinner />;
  return <Navigate to="/home" replace />;
}
