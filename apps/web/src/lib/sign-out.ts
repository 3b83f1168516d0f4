import { apiRequest } from './api';
import { queryClient } from './query-client';
import { useSession } from './session-store';
import { removeItem, storageKeys } from './storage';

/**
 * Ends the session: clears the token and every cached query at once (the route guard then sends
 * admins to /login and everyone else to /, without waiting on the network), then tells the server
 * with the token it had (best effort: a dead network never traps the user in). Cleared first, so
 * a page left or reloaded while the server is being told never comes back signed in with a token
 * the server is about to end.
 */
export async function signOut(): Promise<void> {
  const { token } = useSession.getState().auth;
  useSession.getState().signOut();
  queryClient.clear();
  // Half-filled purchase forms hold phone, meter and card numbers: they leave with the session.
  removeItem(localStorage, storageKeys.purchaseDraft);
  if (token) {
    await apiRequest('/auth/logout', { method: 'POST', token, timeoutMs: 5000 }).catch(() => {});
  }
}
