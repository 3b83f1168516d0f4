import { randomUUID } from 'node:crypto';
import type { Database, DbOrTx } from '../../db/client';
import type { EncodedImage } from './image-encoding';
import { filesRepository, type FileKind, type StoredFileRow } from './repository';

/** Where an uploaded file is served from: an authenticated API route (owner and admins). */
export const fileUrl = (id: string) => `/api/files/${id}`;

/** A file to keep, and the id it will have (known before saving, so a URL can be written first). */
export interface FileToSave extends EncodedImage {
  id: string;
  ownerId: string;
  kind: FileKind;
}

export type StoredFile = Pick<StoredFileRow, 'id' | 'ownerId' | 'kind' | 'contentType' | 'bytes'>;

/**
 * Uploaded files, seen alike by every API node (decision 0021). The database implementation keeps
 * the bytes in `stored_files`; an S3-compatible one would keep the same row without the bytes and
 * put the object under the file's id. Saving and removing take the caller's transaction so a file
 * belongs to exactly what the transaction wrote.
 */
export interface FileStore {
  save(db: DbOrTx, files: FileToSave[]): Promise<void>;
  read(id: string): Promise<StoredFile | undefined>;
  /** Removes the owner's files of these kinds except those kept (a replaced avatar). */
  removeOwned(db: DbOrTx, ownerId: string, kinds: FileKind[], keep: string[]): Promise<number>;
}

export function newFile(ownerId: string, kind: FileKind, image: EncodedImage): FileToSave {
  return { id: randomUUID(), ownerId, kind, ...image };
}

export function databaseFileStore(database: Database): FileStore {
  return {
    async save(db, files) {
      if (files.length === 0) return;
      await filesRepository.insert(
        db,
        files.map((f) => ({ ...f, sizeBytes: f.bytes.length })),
      );
    },
    read: (id) => filesRepository.findById(database.db, id),
    removeOwned: (db, ownerId, kinds, keep) =>
      filesRepository.deleteOwned(db, ownerId, kinds, keep),
  };
}
