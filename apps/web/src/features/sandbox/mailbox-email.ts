import { readJson, storageKeys } from '../../lib/storage';
import { useSession } from '../../lib/session-store';

/**
 * Whose mail the mailbox opens on: the signed-in customer's, else the address typed on the
 * sign-in screens (the flow they are in), else none (the visitor types one).
 */
export function defaultMailboxEmail(): string {
  const { auth, user } = useSession.getState();
  if (auth.isAuthenticated && user.email) return user.email;
  return readJson<{ email?: string }>(sessionStorage, storageKeys.signInFlow)?.email ?? '';
}
