import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@owo/shared/api-types';
import { apiRequest } from './api';
import { useSession } from './session-store';

export const currentUserKey = ['user'] as const;

/**
 * GET /api/user, kept in the session store too so the next cold start paints the last known
 * details at once. Screens read the store; this hook only tells them whether it is fresh.
 */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async ({ signal }) => {
    const reply = await apiRequest<{ data: UserDto }>('/user', { signal });
    useSession.getState().setUser(reply.data);
    return reply.data;
  },
});

export function useCurrentUser() {
  const signedIn = useSession((s) => s.auth.isAuthenticated);
  return useQuery({ ...currentUserQuery, enabled: signedIn });
}
