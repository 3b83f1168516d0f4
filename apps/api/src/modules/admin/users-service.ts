import type { AdminUserProfileReply } from '@owo/shared/api-types';
import type { Role } from '@owo/shared/constants';
import { koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { auditRepository, type Actor } from '../audit/repository';
import { limitsRepository } from '../limits/repository';
import { toUserDto } from '../users/dto';
import { usersRepository } from '../users/repository';
import { adminUsersRepository } from './users-repository';
import { priceTiersRepository } from '../price-tiers/repository';

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

export function createAdminUserService({ database, clock, config }: AppDeps) {
  return {
    /** 404 for an id that names no user (the statement route reads the history after it). */
    async assertExists(userId: string) {
      if (!(await usersRepository.findById(database.db, userId))) throw new AppError('NOT_FOUND');
    },

    /** One customer: identity, KYC state, accounts, balance, today's limits and status. */
    async profile(userId: string): Promise<AdminUserProfileReply> {
      const db = database.db;
      const user = await usersRepository.findById(db, userId);
      if (!user) throw new AppError('NOT_FOUND');
      const [accounts, check, change, spent, tier] = await Promise.all([
        adminUsersRepository.accounts(db, userId),
        adminUsersRepository.latestVerification(db, userId),
        adminUsersRepository.lastStatusChange(db, userId),
        limitsRepository.outflowOn(db, userId, clock.now()),
        priceTiersRepository.find(db, user.priceTier),
      ]);
      const limits = config.walletLimits[user.isKycVerified ? 'verified' : 'unverified'];
      return {
        success: true,
        data: {
          user: toUserDto(user),
          kyc: {
            verified: user.isKycVerified,
            lastCheck: check
              ? {
                  type: check.type,
                  status: check.status,
                  numberHint: check.numberHint,
                  at: check.createdAt.toISOString(),
                }
              : null,
          },
          accounts,
          limits: {
            dailyOut: koboToNaira(limits.dailyOutKobo),
            spentToday: koboToNaira(spent),
            balanceCap: koboToNaira(limits.balanceCapKobo),
          },
          lastStatusChange: change
            ? {
                action: change.action === 'user.suspend' ? 'suspend' : 'reactivate',
                reason: change.reason,
                by: change.actorEmail,
                at: change.createdAt.toISOString(),
              }
            : null,
          priceTier: { code: user.priceTier, name: tier?.name ?? user.priceTier },
        },
      };
    },

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
