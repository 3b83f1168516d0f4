import type { Role } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { toUserDto } from '../users/dto';
import { usersRepository } from '../users/repository';
import { adminUsersRepository } from './users-repository';

const PAGE_SIZE = 10;

export function createAdminUserService({ database }: AppDeps) {
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

    async setRole(actorId: string, userId: string, role: Role) {
      // An admin cannot demote themself: the last admin would lock everyone out.
      if (actorId === userId && role !== 'admin') {
        throw new AppError('FORBIDDEN', { message: 'You cannot remove your own admin role.' });
      }
      const updated = await usersRepository.update(database.db, userId, { role });
      if (!updated) throw new AppError('NOT_FOUND');
      const user = await usersRepository.findById(database.db, userId);
      return {
        success: true as const,
        message: `Role set to ${role}.`,
        data: user ? toUserDto(user) : null,
      };
    },
  };
}
