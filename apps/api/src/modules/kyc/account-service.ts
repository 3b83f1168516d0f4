import type { AccountListReply, AccountReply } from '@owo/shared/api-types';
import type { IdentityKind } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { digestsEqual } from '../../lib/hashing';
import { ledgerRepository } from '../../ledger/repository';
import { claimOrThrow } from '../throttle/limiter';
import { usersRepository } from '../users/repository';
import { fill, isUuid, toAccountDto } from './dto';
import { kycRepository, type NewUserAccount, type UserAccountRow } from './repository';
import { identityDigest } from './verification-service';

export interface SubaccountInput {
  /** +234 form. */
  phoneNumber: string;
  emailAddress: string;
  /** Our verification id (identity_verifications.id), as initiate answered it. */
  identityId: string;
  identityNumber: string;
  identityType: IdentityKind;
  otp: string;
}

/** Our references at the suppliers: one per user, so a retried call names the same account. */
/** Account-opening attempts (Safe Haven and PalmPay calls) per user per hour. */
export const ACCOUNT_OPENINGS_PER_HOUR = 5;
const accountOpeningRules = (userId: string) => [
  { key: `kyc:subaccount:${userId}`, max: ACCOUNT_OPENINGS_PER_HOUR, windowMs: 60 * 60 * 1000 },
];

export const subaccountReference = (userId: string) => `owo-sub-${userId}`;
export const virtualAccountReference = (userId: string) => `owo-va-${userId}`;

/** PalmPay's identity types: a BVN is "personal", a NIN "personal_nin". */
const PALMPAY_IDENTITY_TYPE = { BVN: 'personal', NIN: 'personal_nin' } as const;
const PALMPAY_BANK_NAME = 'PalmPay';

/**
 * The permanent accounts (spec §7 "Verification and accounts"). POST account/subaccount opens the
 * Safe Haven sub-account and the PalmPay virtual account deposits arrive in, both outside any
 * transaction, then stores them and marks the user KYC-verified in one transaction. The user is
 * verified only once the virtual account exists; a failure keeps what was opened (stored at
 * once) and the same call can be retried: each supplier gets the same reference again.
 */
export function createAccountService({ database, clock, config, providers, logger }: AppDeps) {
  const db = database.db;

  async function walletKobo(userId: string): Promise<number> {
    return (await ledgerRepository.walletOf(db, userId))?.balanceKobo ?? 0;
  }

  function supplierRefused(reason: 'rejected' | 'unavailable', description: string, what: string) {
    logger.warn({ reason, description }, `${what} not created`);
    return new AppError(reason === 'rejected' ? 'ACCOUNT_REJECTED' : 'KYC_UNAVAILABLE');
  }

  async function createSubaccount(userId: string, input: SubaccountInput): Promise<AccountReply> {
    const identity = isUuid(input.identityId)
      ? await kycRepository.findIdentity(db, userId, input.identityId)
      : undefined;
    if (!identity) throw new AppError('VERIFICATION_NOT_FOUND');
    const user = await usersRepository.findById(db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');

    const reply = async (account: UserAccountRow): Promise<AccountReply> => ({
      success: true,
      message: messages.accountCreated,
      data: toAccountDto(account, await walletKobo(userId)),
    });
    const existingVirtual = await kycRepository.accountOfKind(db, userId, 'virtual');
    if (user.isKycVerified && existingVirtual) return reply(existingVirtual);

    if (identity.status !== 'validated' && identity.status !== 'completed') {
      throw new AppError('VERIFICATION_NOT_VALIDATED');
    }
    const digest = identityDigest(config.sessionSecret, input.identityType, input.identityNumber);
    if (identity.type !== input.identityType || !digestsEqual(digest, identity.numberDigest)) {
      throw new AppError('IDENTITY_MISMATCH');
    }
    // The OTP proved this caller holds the identity; one identity opens one wallet's accounts.
    // The number is claimed before any supplier is asked, so the losers of a race open nothing.
    const holder = { type: identity.type, numberDigest: digest, userId };
    const heldBy =
      (await kycRepository.claimIdentity(db, holder)) ??
      // Released between our insert and our read: the number is free again, claim once more.
      (await kycRepository.claimIdentity(db, holder));
    if (heldBy !== userId) {
      throw new AppError('IDENTITY_IN_USE', {
        message: fill(messages.identityInUse, { type: identity.type }),
      });
    }
    // Opening the accounts calls Safe Haven and PalmPay: a few attempts an hour (a retry after a
    // supplier was down included), claimed before either is asked.
    await claimOrThrow(db, accountOpeningRules(userId), clock.now(), 'VERIFICATION_THROTTLED');

    let subaccount: NewUserAccount | undefined;
    const storedSubaccount = await kycRepository.accountOfKind(db, userId, 'subaccount');
    if (!storedSubaccount) {
      const externalReference = subaccountReference(userId);
      const result = await providers.safehaven.createSubAccount({
        phoneNumber: input.phoneNumber,
        emailAddress: input.emailAddress,
        identityId: identity.providerIdentityId,
        identityNumber: input.identityNumber,
        identityType: input.identityType,
        otp: input.otp,
        externalReference,
      });
      if (!result.ok) {
        // Nothing was opened with the number: give it back, so a refused attempt does not hold
        // it. An unclear answer keeps it (the sub-account may exist; a retry names it again).
        if (result.reason === 'rejected') await kycRepository.releaseIdentity(db, holder);
        throw supplierRefused(result.reason, result.description, 'safe haven sub-account');
      }
      subaccount = {
        userId,
        provider: 'safehaven',
        kind: 'subaccount',
        bankName: result.value.bankName,
        accountName: result.value.accountName,
        accountNumber: result.value.accountNumber,
        externalReference,
      };
    }

    let virtualAccount: NewUserAccount | undefined;
    if (!existingVirtual) {
      const customerName = `${user.firstName} ${user.lastName}`.trim() || user.email;
      const accountReference = virtualAccountReference(userId);
      const result = await providers.palmpay.createVirtualAccount({
        identityType: PALMPAY_IDENTITY_TYPE[input.identityType],
        licenseNumber: input.identityNumber,
        virtualAccountName: `${config.appName} ${customerName}`,
        customerName,
        email: user.email,
        accountReference,
      });
      if (!result.ok) {
        // Keep the sub-account that was opened: a retry goes straight to PalmPay.
        if (subaccount) await kycRepository.insertAccount(db, subaccount);
        throw supplierRefused(result.reason, result.description, 'palmpay virtual account');
      }
      virtualAccount = {
        userId,
        provider: 'palmpay',
        kind: 'virtual',
        bankName: PALMPAY_BANK_NAME,
        accountName: result.value.virtualAccountName,
        accountNumber: result.value.virtualAccountNo,
        externalReference: accountReference,
        status: result.value.status ? result.value.status.toLowerCase() : 'active',
      };
    }

    await db.transaction(async (tx) => {
      if (subaccount) await kycRepository.insertAccount(tx, subaccount);
      if (virtualAccount) await kycRepository.insertAccount(tx, virtualAccount);
      await kycRepository.markKycVerified(tx, userId);
      // A number claimed in an earlier attempt that went nowhere is not this wallet's identity.
      await kycRepository.releaseOtherIdentities(tx, holder);
      await kycRepository.moveIdentity(tx, identity.id, ['validated'], { status: 'completed' });
    });
    const stored = await kycRepository.accountOfKind(db, userId, 'virtual');
    if (!stored) throw new Error('virtual account missing after it was stored');
    return reply(stored);
  }

  return {
    createSubaccount,

    async list(userId: string): Promise<AccountListReply> {
      const [accounts, balance] = await Promise.all([
        kycRepository.accountsOf(db, userId),
        walletKobo(userId),
      ]);
      return {
        success: true,
        message: messages.accountsFetched,
        data: accounts.map((a) => toAccountDto(a, balance)),
      };
    },

    /** GET account/{id}: one of the caller's accounts. */
    async get(userId: string, id: string): Promise<AccountReply> {
      const row = isUuid(id) ? await kycRepository.findAccount(db, userId, id) : undefined;
      if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
      return {
        success: true,
        message: messages.accountsFetched,
        data: toAccountDto(row, await walletKobo(userId)),
      };
    },

    /**
     * GET account/virtual/account/{id}: the caller's virtual account, named by its own id or by
     * the caller's user id (what the client holds); anything else is not found.
     */
    async virtualAccount(userId: string, id: string): Promise<AccountReply> {
      const row =
        id === userId
          ? await kycRepository.accountOfKind(db, userId, 'virtual')
          : isUuid(id)
            ? await kycRepository.findAccount(db, userId, id)
            : undefined;
      if (!row || row.kind !== 'virtual') throw new AppError('ACCOUNT_NOT_FOUND');
      return {
        success: true,
        message: messages.accountsFetched,
        data: toAccountDto(row, await walletKobo(userId)),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
