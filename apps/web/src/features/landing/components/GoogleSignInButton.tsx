import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { BottomSheet } from '../../../components/BottomSheet';
import { isApiError } from '../../../lib/api';
import { navigateTo } from '../../../lib/app-navigation';
import { loadRuntimeConfig } from '../../../lib/runtime-config';
import { useSession } from '../../../lib/session-store';
import { exchangeGoogleToken, prepareGoogleSignIn } from '../api/google-sign-in';

/**
 * Opens Google's account chooser. Google's own button is rendered in a sheet (One Tap is often
 * suppressed by browsers), and One Tap is offered at the same time where it is allowed.
 */
export function GoogleSignInButton() {
  const signIn = useSession((s) => s.signIn);
  const [busy, setBusy] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const buttonHost = useRef<HTMLDivElement | null>(null);

  const finish = async (idToken: string) => {
    setSheetOpen(false);
    setBusy(true);
    try {
      const reply = await exchangeGoogleToken(idToken);
      if (!reply?.success || !reply.token) {
        toast.error(messages.googleNoSuccess);
        return;
      }
      signIn(reply.data, reply.token, reply.expires_in);
      navigateTo('/home', { replace: true });
    } catch (error) {
      // The server answered but without success, or we never got an answer.
      const answered = isApiError(error) && typeof error.status === 'number';
      toast.error(answered ? messages.googleNoSuccess : messages.googleFailed);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    setBusy(true);
    try {
      const { googleClientId } = await loadRuntimeConfig();
      if (!googleClientId) throw new Error('Google sign-in is not configured');
      const google = await prepareGoogleSignIn(
        googleClientId,
        (idToken) => void finish(idToken),
        () => toast.error(messages.googleFailed),
      );
      setSheetOpen(true);
      // Render Google's button once the sheet is in the DOM.
      requestAnimationFrame(() => {
        if (buttonHost.current) {
          google.renderButton(buttonHost.current, {
            type: 'standard',
            theme: 'outline',
            size: 'large',
            text: 'continue_with',
            shape: 'pill',
            width: Math.min(buttonHost.current.clientWidth || 320, 400),
          });
        }
      });
      google.prompt();
    } catch {
      toast.error(messages.googleFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="light" loading={busy} onClick={() => void start()} icon={<GoogleLogo />}>
        Continue with Google
      </Button>
      <BottomSheet
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title="Continue with Google"
        description="Choose the Google account you want to use."
      >
        <div ref={buttonHost} className="flex min-h-12 w-full justify-center" />
      </BottomSheet>
    </>
  );
}

function GoogleLogo() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.4-.4-3.5Z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44Z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z"
      />
    </svg>
  );
}
