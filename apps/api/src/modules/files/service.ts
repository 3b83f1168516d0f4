import { STAFF_ROLES, type Role } from '@owo/shared/constants';
import { AppError } from '../../errors';
import type { FileStore, StoredFile } from './file-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Viewer {
  id: string;
  role: Role;
}

/**
 * Reading uploaded files: their owner and staff (admins, and support reading the swaps screen)
 * only. Anyone else gets the same 404 as for a file that does not exist, so an id reveals nothing
 * (decision 0021).
 */
const isStaff = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);

export function createFileService(store: FileStore) {
  return {
    store,
    async read(viewer: Viewer, id: string): Promise<StoredFile> {
      if (!UUID.test(id)) throw new AppError('NOT_FOUND');
      const file = await store.read(id.toLowerCase());
      if (!file || (file.ownerId !== viewer.id && !isStaff(viewer.role))) {
        throw new AppError('NOT_FOUND');
      }
      return file;
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
