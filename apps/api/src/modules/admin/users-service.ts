import type { Role } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { auditRepository, type Actor } from '../audit/repository';
import { toUserDto } from '../users/dto';
import { usersRepository } from '../users/repository';
import { adminUsersRepository } from './users-repository';

const PAGE_SIZE = 10;

/** The audit entry of a role change ('user.role'), written in the change's transaction. */
export function recordRoleChange(
  tx: DbOrTx,
  actor: Actor,
  /** role null: a new account (the CLI's create-admin). */
  user: { id: string; email: string; role: Role | null },
  role: Role,
  at: Date,
) {
  return auditRepository.record(
    tx,
    actor,
    {
      action: 'user.role',
      entity: 'user',
      entityId: user.id,
      before: user.role ? { role: user.role } : null,
      after: { role, email: user.email },
    },
    at,
  );
}

export function createAdminUserService({ database, clock }: AppDeps) {
  return {
    async list(options: { page: number; search?: string }) {
      const { rows, total } = await adminUsersRepository.page(database.db, {
        ...options,
        pageSize: PAGE_SIZE,
      });
      return {
        success: true as const,
        data: rows.map(toUserDto),
        pagination: {
          currentPage: options.page,
          totalItems: total,
          totalPages: Math.ceil(total / PAGE_SIZE),
        },
      };
    },

    async setRole(actor: Actor & { id: string }, userId: string, role: Role) {
      // An admin cannot demote themself: the last admin would lock everyone out.
      if (actor.id === userId && role !== 'admin') {
        throw new AppError('FORBIDDEN', { message: 'You cannot remove your own admin role.' });
      }
      await database.db.transaction(async (tx) => {
        const current = await usersRepository.findById(tx, userId);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.role === role) return;
        await usersRepository.update(tx, userId, { role });
        await recordRoleChange(tx, actor, current, role, clock.now());
      });
      const user = await usersRepository.findById(database.db, userId);
      return {
        success: true as const,
        message: `Role set to ${role}.`,
        data: user ? toUserDto(user) : null,
      };
    },
  };
}
