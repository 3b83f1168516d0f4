import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isAdmin, useSession } from '../lib/session-store';

/**
 * App screens need a session. Signed-out visitors go to the landing page; an admin whose session
 * ended (logout or inactivity) goes to /login instead, as the spec asks for admins.
 */
export function RequireAuth() {
  const signedIn = useSession((s) => s.auth.isAuthenticated && !!s.auth.token);
  const admin = useSession((s) => isAdmin(s.user));
  if (!signedIn) return <Navigate to={admin ? '/login' : '/'} replace />;
  return (
    <>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      <Outlet />
    </>
  );
}

/**
 * The balance and the bell follow the server while a customer is signed in (decision 0033). The
 * poller loads after the screen: a route's first paint does not wait for it.
 */
const LiveUpdates = lazy(() =>
  import('../lib/live-updates').then((m) => ({ default: m.LiveUpdates })),
);

/** The landing page and /login are for signed-out visitors; signed-in users go home. */
export function GuestOnly() {
  const signedIn = useSession((s) => s.auth.isAuthenticated && !!s.auth.token);
  if (signedIn) return <Navigate to="/home" replace />;
  return <Outlet />;
}
