import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from './Spinner';
import { useCurrentUser } from '../lib/current-user';
import { useSession } from '../lib/session-store';

/**
 * Paying, sending and swapping need a transaction PIN (spec §6, spec 02 §6): without one the user
 * sets it first and comes back to `returnPath`. A stale "no PIN" from the stored user waits for the
 * fresh one before deciding.
 */
export function RequirePin({
  returnPath,
  secondData,
  children,
}: {
  returnPath: string;
  secondData?: 'data' | 'airtime' | 'utility';
  children: ReactNode;
}) {
  const hasPin = useSession((s) => s.user.hasSetTransactionPin);
  const userQuery = useCurrentUser();
  if (hasPin) return children;
  if (userQuery.isPending) return <PageSpinner />;
  return (
    <Navigate
      to="/pin/create"
      replace
      state={{ returnPath, ...(secondData ? { secondData } : {}) }}
    />
  );
}
