import { apiRequest } from './api';
import { queryClient } from './query-client';
import { useSession } from './session-store';
import { removeItem, storageKeys } from './storage';

/**
 * Ends the session: tells the server (best effort, so a dead network never traps the user in),
 * then clears the token and every cached query. The route guard then sends admins to /login and
 * everyone else to /.
 */
export async function signOut(): Promise<void> {
  const { token } = useSession.getState().auth;
  if (token) {
    await apiRequest('/auth/logout', { method: 'POST', token, timeoutMs: 5000 }).catch(() => {});
  }
  useSession.getState().signOut();
  queryClient.clear();
  // Half-filled purchase forms hold phone, meter and card numbers: they leave with the session.
  removeItem(localStorage, storageKeys.purchaseDraft);
}
