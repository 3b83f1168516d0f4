/** Profile → Security calls (bearer): change password and the signed-in devices. */
import type { SessionsReply, SignOutOthersReply } from '@owo/shared/security';
import { apiRequest } from '../../../lib/api';

type Reply = { success: true; message: string };

export const sessionsKey = ['security', 'sessions'] as const;

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiRequest<Reply>('/user/change-password', { method: 'POST', body: input });

export const listSessions = () => apiRequest<SessionsReply>('/user/sessions');

export const signOutSession = (id: string) =>
  apiRequest<Reply>(`/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const signOutOthers = () =>
  apiRequest<SignOutOthersReply>('/user/sessions/sign-out-others', { method: 'POST' });
