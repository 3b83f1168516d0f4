/**
 * Admin Users calls: the searched, paged customer list, one customer's profile and statement,
 * and the operator's actions on them (credit, debit, suspend, reactivate, role). The server checks
 * the admin role on each and refuses a debit below zero itself.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdjustmentRequestReply } from '@owo/shared/adjustments';
import type {
  AdminUserProfileReply,
  AdminUsersReply,
  TransactionsReply,
  UserDto,
} from '@owo/shared/api-types';
import type { Role } from '@owo/shared/constants';
import { apiRequest } from '../../../../lib/api';

export const adminUsersKey = ['admin', 'users'] as const;

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: [...adminUsersKey, 'list', search, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (search) params.set('search', search);
      return apiRequest<AdminUsersReply>(`/admin/users?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export function useAdminUserProfile(id: string) {
  return useQuery({
    queryKey: [...adminUsersKey, 'profile', id],
    queryFn: ({ signal }) => apiRequest<AdminUserProfileReply>(userPath(id), { signal }),
  });
}

export interface StatementFilters {
  search: string;
  /** '' = any year; a month needs a year. */
  year: string;
  month: string;
  page: number;
}

export const STATEMENT_PAGE_SIZE = 10;

export function useUserStatement(id: string, filters: StatementFilters) {
  return useQuery({
    queryKey: [...adminUsersKey, 'statement', id, filters],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(filters.page),
        limit: String(STATEMENT_PAGE_SIZE),
      });
      if (filters.year) params.set('year', filters.year);
      if (filters.year && filters.month) params.set('month', filters.month);
      if (filters.search) params.set('search', filters.search);
      return apiRequest<TransactionsReply>(`${userPath(id)}/transactions?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** A credit or debit; the key makes a retry of the same attempt move the money once. */
export const moveMoney = (
  id: string,
  direction: 'credit' | 'debit',
  body: { amount: number; reason: string },
  idempotencyKey: string,
) =>
  apiRequest<AdjustmentRequestReply>(`${userPath(id)}/${direction}`, {
    method: 'POST',
    body,
    idempotencyKey,
  });

export const setUserStatus = (id: string, action: 'suspend' | 'reactivate', reason: string) =>
  apiRequest<{ success: true; message: string; data: UserDto }>(`${userPath(id)}/${action}`, {
    method: 'POST',
    body: { reason },
  });

export const setUserRole = (id: string, role: Role) =>
  apiRequest<{ success: true; message: string; data: UserDto }>(`${userPath(id)}/role`, {
    method: 'PATCH',
    body: { role },
  });
