/**
 * The audit log (GET /admin/audit): one page of entries, newest first, with the filter choices.
 * The server checks the admin role.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListReply } from '@owo/shared/api-types';
import { apiRequest } from '../../../../lib/api';

export const auditKey = ['admin', 'audit'] as const;

export interface AuditFilters {
  /** A user id, or the name of a CLI operator ("cli:…"); '' for everyone. */
  actor: string;
  action: string;
}

export function useAuditLog(page: number, filters: AuditFilters) {
  return useQuery({
    queryKey: [...auditKey, page, filters.actor, filters.action],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (filters.actor) params.set('actor', filters.actor);
      if (filters.action) params.set('action', filters.action);
      return apiRequest<AuditListReply>(`/admin/audit?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    // Another admin may act at any moment: a returning admin sees fresh entries.
    staleTime: 10_000,
  });
}
