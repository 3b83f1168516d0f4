import type { AuditEntryDto, AuditListReply } from '@owo/shared/api-types';
import { AUDIT_PAGE_SIZE } from '@owo/shared/constants';
import { koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import { auditRepository, type AuditFilter, type AuditListRow } from './repository';

/**
 * Money in audit entries is stored as integer kobo under keys ending in "Kobo" (amountKobo); the
 * reply gives naira under the key without the suffix (amount), like every other reply.
 */
function toNairaFields(values: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!values) return null;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) =>
      key.endsWith('Kobo') && key.length > 4 && Number.isSafeInteger(value)
        ? [key.slice(0, -4), koboToNaira(value as number)]
        : [key, value],
    ),
  );
}

export function toAuditEntryDto(row: AuditListRow): AuditEntryDto {
  return {
    _id: row.id,
    actor: { _id: row.actorId, email: row.actorEmail },
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    entityName: row.entityName,
    before: toNairaFields(row.before),
    after: toNairaFields(row.after),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAuditService({ database }: AppDeps) {
  return {
    /** Newest first, one page; the filter choices come with every page. */
    async list(query: { page: number } & AuditFilter): Promise<AuditListReply> {
      const filter: AuditFilter = {
        ...(query.actor ? { actor: query.actor } : {}),
        ...(query.action ? { action: query.action } : {}),
      };
      const offset = (query.page - 1) * AUDIT_PAGE_SIZE;
      const [{ rows, total }, filters] = await Promise.all([
        auditRepository.list(database.db, filter, AUDIT_PAGE_SIZE, offset),
        auditRepository.filters(database.db),
      ]);
      return {
        success: true,
        data: rows.map(toAuditEntryDto),
        pagination: {
          currentPage: query.page,
          totalPages: Math.ceil(total / AUDIT_PAGE_SIZE),
          totalItems: total,
        },
        filters: {
          actors: filters.actors.map((a) => ({ _id: a.id, email: a.email })),
          actions: filters.actions,
        },
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
