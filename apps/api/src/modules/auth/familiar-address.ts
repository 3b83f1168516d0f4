import type { DbOrTx } from '../../db/client';
import { usersRepository } from '../users/repository';
import { sessionRepository } from './session-repository';

/** How long a sign-in keeps its address familiar to the account. */
export const FAMILIAR_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether the account of `email` signed in from `ip` within the last 30 days (decision 0050).
 * Only the owner can make an address familiar (it takes a sign-in), so the account-wide failure
 * ceilings, which a guesser spread over many addresses can fill, do not apply there: strangers'
 * failures slow the strangers, never the owner at home. False for an unknown e-mail.
 */
export async function isFamiliarAddress(
  db: DbOrTx,
  email: string,
  ip: string,
  now: Date,
): Promise<boolean> {
  const user = await usersRepository.findByEmail(db, email);
  if (!user) return false;
  return sessionRepository.signedInFrom(
    db,
    user.id,
    ip,
    new Date(now.getTime() - FAMILIAR_ADDRESS_MS),
  );
}
