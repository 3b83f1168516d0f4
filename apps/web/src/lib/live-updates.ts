/**
 * Live balance and notifications (decision 0033): the app polls GET /notifications/pulse — every
 * 3 s while money is on its way (the server says so, or a screen asks), every 15 s otherwise,
 * and at once when the app comes back to the front. A changed balance updates the wallet figure
 * everywhere; a new notice refreshes the lists and is told in a toast. Polling asks the
 * database, so it works the same whichever API node answers.
 */
import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  PULSE_AWAITING_MS,
  PULSE_IDLE_MS,
  type NotificationPulse,
  type NotificationsReply,
} from '@owo/shared/notifications';
import { apiRequest } from './api';
import { currentUserKey } from './current-user';
import { useSession } from './session-store';
import { toast } from './toast';

export const pulseKey = ['notifications', 'pulse'] as const;
export const notificationsKey = ['notifications', 'feed'] as const;

export const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: ({ signal }) => apiRequest<NotificationsReply>('/notifications', { signal }),
  staleTime: 0,
});

/** Screens waiting for money (the new account's details on screen) ask for the fast rhythm. */
let screensAwaiting = 0;

export function useAwaitingMoney(active = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    screensAwaiting += 1;
    void queryClient.refetchQueries({ queryKey: pulseKey });
    return () => {
      screensAwaiting -= 1;
    };
  }, [active, queryClient]);
}

function useSignedInCustomer(): boolean {
  return useSession((s) => s.auth.isAuthenticated && !!s.auth.token && s.user.role === 'user');
}

/** The unread count for the bell (0 until the first pulse). */
export function usePulse() {
  const enabled = useSignedInCustomer();
  return useQuery({
    queryKey: pulseKey,
    queryFn: ({ signal }) => apiRequest<NotificationPulse>('/notifications/pulse', { signal }),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchIntervalInBackground: false,
    refetchInterval: (query) =>
      screensAwaiting > 0 || query.state.data?.awaiting ? PULSE_AWAITING_MS : PULSE_IDLE_MS,
    // A failed pulse is retried by the next tick.
    retry: false,
  });
}

/** Toasts the notices newer than the last one the app knew of, oldest first (at most three). */
async function announce(queryClient: QueryClient, sinceAt: string | null) {
  const reply = await queryClient.fetchQuery(notificationsQuery);
  const fresh = reply.notifications
    .filter((n) => !n.read && (sinceAt === null || n.at > sinceAt))
    .slice(0, 3)
    .reverse();
  for (const notice of fresh) toast.info(notice.title, { description: notice.body });
}

/** A pulse younger than this is fresh enough: a nudge does not ask again. */
const NUDGE_GAP_MS = 1_000;

/**
 * Something just happened that may have started money on its way (a payment made, a deposit
 * opened, the profile re-read after "I have paid"): ask the pulse now, so it learns to poll fast.
 */
function useNudges(queryClient: QueryClient) {
  useEffect(() => {
    const nudge = () => {
      const state = queryClient.getQueryState(pulseKey);
      if (!state || Date.now() - state.dataUpdatedAt < NUDGE_GAP_MS) return;
      void queryClient.refetchQueries({ queryKey: pulseKey });
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') {
        if (event.query.queryKey[0] === currentUserKey[0]) nudge();
      }
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') nudge();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);
}

/** Mounted once for signed-in screens: applies each pulse to the balance and the lists. */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const { data } = usePulse();
  useNudges(queryClient);
  const known = useRef<{ id: string; at: string } | null | undefined>(undefined);
  useEffect(() => {
    if (!data) return;
    const session = useSession.getState();
    if (session.user.accountBalance !== data.balance) {
      session.patchUser({ accountBalance: data.balance });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    }
    const previous = known.current;
    known.current = data.latest;
    // The first pulse only learns where the feed stands; later ones announce what is new.
    if (previous === undefined || !data.latest || data.latest.id === previous?.id) return;
    void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    void announce(queryClient, previous?.at ?? null).catch(() => {});
  }, [data, queryClient]);
}

/** The poller as a component, so the signed-in guard can load it lazily. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
