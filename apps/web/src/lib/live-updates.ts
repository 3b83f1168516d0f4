/**
 * Live balance and notifications. While the app is open and in front, the server pushes the pulse
 * over a server-sent-events stream (decision 0074, lib/pulse-stream.ts) and nothing polls; while
 * the stream is down (connecting, refused, a network change) the app polls
 * GET /notifications/pulse as before (decision 0033): every 3 s while money is on its way (the
 * server says so, or a screen asks), every 15 s otherwise, and at once when the app comes back to
 * the front. Either way each pulse lands in one query, whose data the effects below apply: a
 * changed balance updates the wallet figure everywhere; a new notice refreshes the lists and is
 * told in a toast.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  PULSE_AWAITING_MS,
  PULSE_IDLE_MS,
  type NotificationPulse,
  type NotificationsReply,
} from '@owo/shared/notifications';
import { apiRequest } from './api';
import { currentUserKey } from './current-user';
import { pulseRhythm, streamStatus } from './pulse-rhythm';
import { startPulseStream } from './pulse-stream';
import { useSession } from './session-store';
import { depositEvent, toast } from './toast';

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

/** When the app last asked the pulse over HTTP (a request: it keeps the session in use). */
let lastAskedAt = 0;

function useStreaming(): boolean {
  return useSyncExternalStore(streamStatus.subscribe, streamStatus.connected, () => false);
}

/** The unread count for the bell (0 until the first pulse). */
export function usePulse() {
  const enabled = useSignedInCustomer();
  const streaming = useStreaming();
  return useQuery({
    queryKey: pulseKey,
    queryFn: ({ signal }) => {
      lastAskedAt = Date.now();
      return apiRequest<NotificationPulse>('/notifications/pulse', { signal });
    },
    enabled,
    staleTime: 0,
    // The stream, when up, is already current: neither a tick nor a return to the front asks.
    refetchOnWindowFocus: streaming ? false : 'always',
    refetchIntervalInBackground: false,
    refetchInterval: (query) =>
      pulseRhythm({
        streaming,
        awaiting: screensAwaiting > 0 || query.state.data?.awaiting === true,
        awaitingMs: PULSE_AWAITING_MS,
        idleMs: PULSE_IDLE_MS,
      }),
    // A failed pulse is retried by the next tick.
    retry: false,
  });
}

/**
 * The server counts a session in use by its requests, and a stream sends none after it opens:
 * while the person is active (the inactivity timer's taps) and nothing else asked the server for
 * this long, the pulse is asked once by HTTP, as polling did every few seconds.
 */
const SESSION_IN_USE_MS = 5 * 60_000;

/**
 * Holds the stream open while a signed-in customer has the app in front; each pushed pulse
 * becomes the pulse query's data. Closed when the app goes to the back (polling stopped there
 * too) and opened again, with Last-Event-ID, when it returns.
 */
function usePulseStream(queryClient: QueryClient) {
  const enabled = useSignedInCustomer();
  const token = useSession((s) => s.auth.token);
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  useEffect(() => {
    if (!enabled || !token || !visible) return;
    let leaving = false;
    const stop = startPulseStream({
      getToken: () => useSession.getState().auth.token,
      handlers: {
        onPulse: (pulse) => queryClient.setQueryData(pulseKey, pulse),
        onStatus: (connected) => {
          streamStatus.set(connected);
          // Dropped: polling takes over at once rather than at its next tick (not when the app
          // itself closed it, going to the back or signing out).
          if (!connected && !leaving) void queryClient.refetchQueries({ queryKey: pulseKey });
        },
        // Asked by HTTP: a 401 there signs the app out and says why, as every call's does.
        onSessionEnded: () => void queryClient.refetchQueries({ queryKey: pulseKey }),
      },
    });
    const offActivity = useSession.subscribe((state, previous) => {
      if (state.auth.lastActivity === previous.auth.lastActivity) return;
      if (!streamStatus.connected() || Date.now() - lastAskedAt < SESSION_IN_USE_MS) return;
      void queryClient.refetchQueries({ queryKey: pulseKey });
    });
    return () => {
      leaving = true;
      offActivity();
      stop();
    };
  }, [enabled, token, visible, queryClient]);
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const isVisible = () => document.visibilityState !== 'hidden';

/** Toasts the notices newer than the last one the app knew of, oldest first (at most three). */
async function announce(queryClient: QueryClient, sinceAt: string | null) {
  const reply = await queryClient.fetchQuery(notificationsQuery);
  const fresh = reply.notifications
    .filter((n) => !n.read && (sinceAt === null || n.at > sinceAt))
    .slice(0, 3)
    .reverse();
  for (const notice of fresh)
    toast.info(notice.title, {
      description: notice.body,
      // A deposit's notice and the funding check's toast are one event: one toast.
      event: notice.kind === 'deposit' ? depositEvent(notice.amount) : notice.id,
      echo: notice.kind === 'deposit',
    });
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
      // The stream carries what the server's triggers saw; nothing to ask.
      if (streamStatus.connected()) return;
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
  usePulseStream(queryClient);
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

/** The stream and the poller as a component, so the signed-in guard can load it lazily. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
