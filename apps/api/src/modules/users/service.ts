import { messages } from '@owo/shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { toUserDto } from './dto';
import { usersRepository } from './repository';
import { storeAvatar } from './avatar-store';

export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  gender?: string;
  birthDate?: string;
}

export function createUserService({ database, config }: AppDeps) {
  async function current(userId: string) {
    const user = await usersRepository.findById(database.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }

  return {
    async get(userId: string) {
      return {
        success: true as const,
        message: messages.userFetched,
        data: toUserDto(await current(userId)),
      };
    },

    /** Only the fields given (non-empty) change. */
    async update(userId: string, update: ProfileUpdate) {
      const values = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
      if (Object.keys(values).length === 0) throw new AppError('NOTHING_TO_UPDATE');
      await usersRepository.update(database.db, userId, values);
      return {
        success: true as const,
        message: messages.profileUpdated,
        data: toUserDto(await current(userId)),
      };
    },

    async uploadPicture(userId: string, image: Buffer) {
      const urls = await storeAvatar(config.dataDir, userId, image);
      await usersRepository.update(database.db, userId, urls);
      return { success: true as const, message: messages.profilePictureUpdated, data: urls };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
