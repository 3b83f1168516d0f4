import { PASSWORD_HISTORY_KEPT } from '@owo/shared/constants';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { verifySecret } from '../../lib/hashing';
import { passwordHistoryRepository } from './password-history-repository';

/**
 * A new password may not be the current one or one of the last PASSWORD_HISTORY_KEPT (decision
 * 0059). The hashes are argon2id like the current one, so each comparison is a full verify; they
 * run side by side (the hashing runs on libuv's pool), at most five of them.
 */
export async function assertPasswordIsNew(
  db: DbOrTx,
  user: { id: string; passwordHash: string | null },
  password: string,
): Promise<void> {
  const earlier = await passwordHistoryRepository.recent(db, user.id, PASSWORD_HISTORY_KEPT);
  const hashes = [user.passwordHash, ...earlier].filter((hash): hash is string => hash !== null);
  const matches = await Promise.all(hashes.map((hash) => verifySecret(hash, password)));
  if (matches.some(Boolean)) throw new AppError('PASSWORD_REUSED');
}

/** Stores the new hash, keeping the replaced one in the history. Inside the caller's transaction. */
export function replacePassword(tx: Tx, userId: string, newHash: string, now: Date) {
  return passwordHistoryRepository.replace(tx, userId, newHash, now, PASSWORD_HISTORY_KEPT);
}
