import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { storedFiles } from '../../db/schema';

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type NewStoredFile = typeof storedFiles.$inferInsert;
export type FileKind = StoredFileRow['kind'];

export const filesRepository = {
  async insert(db: DbOrTx, rows: NewStoredFile[]): Promise<void> {
    await db.insert(storedFiles).values(rows);
  },

  async findById(db: DbOrTx, id: string): Promise<StoredFileRow | undefined> {
    const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
    return row;
  },

  /** Deletes the owner's files of these kinds except the ones kept; answers how many went. */
  async deleteOwned(
    db: DbOrTx,
    ownerId: string,
    kinds: FileKind[],
    keep: string[],
  ): Promise<number> {
    const conditions = [eq(storedFiles.ownerId, ownerId), inArray(storedFiles.kind, kinds)];
    if (keep.length > 0) conditions.push(notInArray(storedFiles.id, keep));
    const gone = await db
      .delete(storedFiles)
      .where(and(...conditions))
      .returning({ id: storedFiles.id });
    return gone.length;
  },
};
