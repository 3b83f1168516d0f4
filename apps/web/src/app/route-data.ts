import { latestTransactionsQuery, pendingSwapQuery } from '../features/home/api/home-api';
import { currentUserQuery } from '../lib/current-user';
import { queryClient } from '../lib/query-client';
import { serviceStatusQuery } from '../lib/service-status';
import { useSession } from '../lib/session-store';

/**
 * What a screen reads as soon as it opens, for the screens people open the app on. Asked for while
 * the screen's code is still loading, so that on a cold start the first render already holds the
 * data: one render instead of a skeleton and then one re-render per answer.
 */
const firstReads: Record<string, () => Promise<void>[]> = {
  '/home': () => [
    queryClient.prefetchQuery(currentUserQuery),
    queryClient.prefetchQuery(serviceStatusQuery),
    queryClient.prefetchQuery(latestTransactionsQuery),
    queryClient.prefetchQuery(pendingSwapQuery),
  ],
};

/** Starts the reads of `pathname` (signed in only); settles when all have answered or failed. */
export function prefetchRouteData(pathname: string): Promise<void> {
  const start = firstReads[pathname];
  if (!start || !useSession.getState().auth.isAuthenticated) return Promise.resolve();
  return Promise.allSettled(start()).then(() => undefined);
}
