import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/Spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';

/**
 * Airtime to cash needs a transaction PIN (spec 02 §6): without one the customer sets it first and
 * comes back here. A stale "no PIN" from the stored user waits for the fresh one before deciding.
 */
export function RequireSwapPin({ children }: { children: ReactNode }) {
  const hasPin = useSession((s) => s.user.hasSetTransactionPin);
  const userQuery = useCurrentUser();
  if (hasPin) return children;
  if (userQuery.isPending) return <PageSpinner />;
  return <Navigate to="/pin/create" replace state={{ returnPath: '/airtime-to-cash' }} />;
}
