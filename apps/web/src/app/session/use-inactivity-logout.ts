import { useEffect } from 'react';
import { INACTIVITY_LOGOUT_MS } from '@owo/shared/constants';
import { useSession } from '../../lib/session-store';
import { signOut } from '../../lib/sign-out';
import { noteIdleSignOut } from '../../lib/signed-out-notice';

const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll', 'mousemove', 'touchstart'] as const;
/** Activity is written to storage at most this often (mousemove fires constantly). */
const TOUCH_THROTTLE_MS = 1000;

/**
 * Signs the user out after 15 minutes without click, keypress, scroll or mousemove (spec §4).
 * Everything is measured with Date.now() and one setTimeout that re-arms itself for the time
 * left, so a fake clock (Playwright's page.clock) and a phone waking from sleep both behave.
 */
export function useInactivityLogout(): void {
  const signedIn = useSession((s) => s.auth.isAuthenticated);

  useEffect(() => {
    if (!signedIn) return;
    const store = useSession;
    // A session restored without an activity time counts as active now, not as long expired.
    if (!store.getState().auth.lastActivity) store.getState().touch();

    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastTouch = 0;

    const check = () => {
      clearTimeout(timer);
      const { auth } = store.getState();
      if (!auth.isAuthenticated) return;
      const idle = Date.now() - auth.lastActivity;
      if (idle >= INACTIVITY_LOGOUT_MS) {
        noteIdleSignOut();
        void signOut();
        return;
      }
      timer = setTimeout(check, INACTIVITY_LOGOUT_MS - idle);
    };

    const onActivity = () => {
      const now = Date.now();
      if (now - lastTouch < TOUCH_THROTTLE_MS) return;
      // Activity after the deadline (e.g. the first tap after waking the phone) must not revive
      // an expired session, so check before recording it.
      if (now - store.getState().auth.lastActivity >= INACTIVITY_LOGOUT_MS) {
        check();
        return;
      }
      lastTouch = now;
      store.getState().touch();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };

    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    }
    document.addEventListener('visibilitychange', onVisible);
    check();
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn]);
}
