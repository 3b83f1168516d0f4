import { messages } from '@owo/shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { toUserDto } from './dto';
import { usersRepository } from './repository';
import { fileUrl, newFile, type FileStore } from '../files/file-store';
import { encodeAvatar } from '../files/image-encoding';
import type { FileKind } from '../files/repository';

export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  gender?: string;
  birthDate?: string;
}

const AVATAR_KINDS: FileKind[] = ['avatar_original', 'avatar', 'avatar_thumb'];

export function createUserService({ database }: AppDeps, files: FileStore) {
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

    /**
     * The new picture's three sizes, the user's URLs and the removal of the pictures it replaces,
     * in one transaction: a failed upload leaves the old picture whole, a replaced one is gone.
     */
    async uploadPicture(userId: string, input: Buffer) {
      const { original, image, thumbnail } = await encodeAvatar(input);
      const originalFile = newFile(userId, 'avatar_original', original);
      const imageFile = newFile(userId, 'avatar', image);
      const thumbnailFile = newFile(userId, 'avatar_thumb', thumbnail);
      const saved = [originalFile, imageFile, thumbnailFile];
      const urls = {
        imageUrl: fileUrl(imageFile.id),
        thumbnailUrl: fileUrl(thumbnailFile.id),
        originalImageUrl: fileUrl(originalFile.id),
      };
      await database.db.transaction(async (tx) => {
        await files.save(tx, saved);
        await usersRepository.update(tx, userId, urls);
        await files.removeOwned(
          tx,
          userId,
          AVATAR_KINDS,
          saved.map((f) => f.id),
        );
      });
      return { success: true as const, message: messages.profilePictureUpdated, data: urls };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
