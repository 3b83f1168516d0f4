import { useSyncExternalStore } from 'react';
import { messages } from '@owo/shared/messages';
import {
  clearIdleSignOutNotice,
  signOutReason,
  subscribeIdleSignOutNotice,
} from '../lib/signed-out-notice';

/**
 * Why the person was signed out ("…after 15 minutes of inactivity", "…12 hours after signing
 * in"), until dismissed or the next sign-in. The prerendered landing page has none (server
 * snapshot), so hydration matches.
 */
export function SignedOutNotice({ className = '' }: { className?: string }) {
  const reason = useSyncExternalStore(subscribeIdleSignOutNotice, signOutReason, () => null);
  if (!reason) return null;
  return (
    <div
      role="status"
      className={`flex items-start gap-3 rounded-2xl bg-accent-100 px-4 py-3 text-sm text-ink ${className}`}
    >
      <p className="flex-1">
        {reason === 'expired' ? messages.signedOutExpired : messages.signedOutIdle}
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        className="-m-2 grid size-11 shrink-0 place-items-center rounded-full text-lg leading-none hover:bg-black/5"
        onClick={clearIdleSignOutNotice}
      >
        ×
      </button>
    </div>
  );
}
