import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { messages } from '@owo/shared/messages';
import { SESSION_TTL_S } from '@owo/shared/constants';
import type { UserDto } from '@owo/shared/api-types';
import { apiRequest } from '../../lib/api';
import { hasStatus } from '../../lib/api-errors';
import { useSession } from '../../lib/session-store';
import { PageSpinner } from '../../components/Spinner';

/**
 * A `?token=` in the address (e.g. from an e-mail link) is exchanged for the user's details via
 * GET /api/user, then removed from the address so it is not bookmarked or shared. The screens
 * wait meanwhile so route guards see the final session.
 */
export function TokenExchange({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    const rest = new URLSearchParams(location.search);
    rest.delete('token');
    const query = rest.toString();
    const cleanUrl = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;

    apiRequest<{ data: UserDto }>('/user', { token })
      .then((reply) => {
        useSession.getState().signIn(reply.data, token, SESSION_TTL_S);
        toast.success(messages.tokenFetched);
      })
      .catch((error: unknown) => {
        toast.error(hasStatus(error, 401) ? messages.tokenInvalid : messages.tokenFetchFailed);
      })
      .finally(() => navigate(cleanUrl, { replace: true, state: location.state }));
  }, [token, location, navigate]);

  if (token) return <PageSpinner label="Signing you in" />;
  return <>{children}</>;
}
