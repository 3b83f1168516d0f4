import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { auditRepository, type Actor } from '../audit/repository';
import { sessionRepository } from '../auth/session-repository';
import { toUserDto } from '../users/dto';
import { usersRepository } from '../users/repository';
import { adminUsersRepository } from './users-repository';

/**
 * Suspending and reactivating a customer (decision 0028). A suspended account is the users row's
 * 'disabled' status: sign-in refuses it (403 ACCOUNT_DISABLED) and every guard refuses its token;
 * its sessions are also revoked here, in the suspension's transaction, so reactivating does not
 * bring them back. Money in (deposits, transfers received, swap payouts) is not guarded by the
 * owner's session and still lands.
 */
export function createAdminUserStatusService({ database, clock }: AppDeps) {
  async function change(
    actor: Actor & { id: string },
    userId: string,
    reason: string,
    to: 'active' | 'disabled',
  ) {
    const suspend = to === 'disabled';
    if (suspend && actor.id === userId) {
      throw new AppError('FORBIDDEN', { message: m.cannotSuspendSelf });
    }
    await database.db.transaction(async (tx) => {
      const user = await usersRepository.findById(tx, userId);
      if (!user) throw new AppError('NOT_FOUND');
      const now = clock.now();
      // Conditional: of two admins suspending at once, one changes it and the other hears 409.
      if (!(await adminUsersRepository.setStatus(tx, userId, to, now))) {
        throw new AppError(suspend ? 'USER_ALREADY_SUSPENDED' : 'USER_ALREADY_ACTIVE');
      }
      if (suspend) await sessionRepository.revokeAllForUser(tx, userId, now);
      await auditRepository.record(
        tx,
        actor,
        {
          action: suspend ? 'user.suspend' : 'user.reactivate',
          entity: 'user',
          entityId: userId,
          before: { status: user.status },
          after: { status: to, email: user.email },
          reason,
        },
        now,
      );
    });
    const user = await usersRepository.findById(database.db, userId);
    return {
      success: true as const,
      message: suspend ? m.suspended : m.reactivated,
      data: user ? toUserDto(user) : null,
    };
  }

  return {
    suspend: (actor: Actor & { id: string }, userId: string, reason: string) =>
      change(actor, userId, reason, 'disabled'),
    reactivate: (actor: Actor & { id: string }, userId: string, reason: string) =>
      change(actor, userId, reason, 'active'),
  };
}

export type AdminUserStatusService = ReturnType<typeof createAdminUserStatusService>;
