/**
 * Google Identity Services, loaded only when the user taps "Continue with Google". The ID token
 * it returns is exchanged at POST /api/auth/google.
 */
import type { AuthReply } from '@owo/shared/api-types';
import { apiRequest } from '../../../lib/api';
import { loadScript } from '../../../lib/load-script';

const GSI_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleId {
  initialize: (options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    use_fedcm_for_prompt?: boolean;
    cancel_on_tap_outside?: boolean;
  }) => void;
  prompt: () => void;
  renderButton: (parent: HTMLElement, options: Record<string, unknown>) => void;
  cancel: () => void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

/** Loads the library and wires the credential callback; returns the id API. */
export async function prepareGoogleSignIn(
  clientId: string,
  onCredential: (idToken: string) => void,
  onError: () => void,
): Promise<GoogleId> {
  await loadScript(GSI_SRC);
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services did not load');
  id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    use_fedcm_for_prompt: true,
    cancel_on_tap_outside: true,
    callback: (response) => {
      if (response.credential) onCredential(response.credential);
      else onError();
    },
  });
  return id;
}

export function exchangeGoogleToken(idToken: string): Promise<AuthReply> {
  return apiRequest<AuthReply>('/auth/google', {
    method: 'POST',
    body: { idToken },
    token: null,
  });
}
