import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { decoy, hashSecret, verifySecret } from '../../lib/hashing';
import { claim, clear, limitError, release, type LimitRule } from '../throttle/limiter';
import { toUserDto } from '../users/dto';
import { assertPasswordIsNew, replacePassword } from '../users/password-history';
import { usersRepository, type UserRow } from '../users/repository';
import { isFamiliarAddress } from './familiar-address';
import { createGoogleVerifier } from './google-verifier';
import type { OtpService } from './otp-service';
import type { SessionService } from './session-service';
import { createSignupTickets } from './signup-ticket';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/** Failed logins allowed from one address in the window, across all accounts. */
const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
/**
 * Failed logins allowed at one account in the window from all unfamiliar addresses together: the
 * ceiling on a guess spread over many addresses (decision 0016). It does not apply at the owner's
 * familiar addresses (decision 0050), so strangers filling it cannot lock the owner out there.
 */
const LOGIN_MAX_FAILURES_PER_ACCOUNT = 4 * LOGIN_MAX_FAILURES;

/**
 * The login limits, claimed before the password is checked (throttle/limiter.ts): a burst cannot
 * have more passwords checked than the limits allow. `login:email:` is the account's key, counted
 * and applied only away from the owner's familiar addresses.
 */
function loginRules(email: string, ip: string, familiar: boolean): LimitRule[] {
  const windowMs = LOGIN_FAILURE_WINDOW_MS;
  return [
    { key: `login:ip+email:${ip}:${email}`, max: LOGIN_MAX_FAILURES, windowMs },
    ...(familiar
      ? []
      : [{ key: `login:email:${email}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs }]),
    { key: `login:ip:${ip}`, max: LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs },
  ];
}

export function createAuthService(deps: AppDeps, otp: OtpService, sessions: SessionService) {
  const { database, clock } = deps;
  const tickets = createSignupTickets(deps);
  const verifyGoogle = createGoogleVerifier(deps);

  async function signedIn(user: UserRow, meta: ClientMeta, message: string) {
    if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const { token, expiresIn } = await sessions.issue(user.id, meta);
    const full = await usersRepository.findById(database.db, user.id);
    if (!full) throw new Error('user vanished after sign-in');
    return { success: true as const, message, data: toUserDto(full), token, expires_in: expiresIn };
  }

  return {
    async requestOtp(email: string, meta: ClientMeta) {
      await otp.issue(email, 'auth', { ip: meta.ip });
      return { success: true as const, message: messages.otpSent };
    },

    /** Existing account: signed in. New e-mail: the reply carries `email` and a signup ticket. */
    async verifyOtp(email: string, code: string, meta: ClientMeta) {
      await otp.verify(email, 'auth', code, { ip: meta.ip });
      const user = await usersRepository.findByEmail(database.db, email);
      if (!user) {
        return {
          success: true as const,
          message: messages.otpSent,
          email,
          signupTicket: await tickets.issue(email),
        };
      }
      if (!user.isVerified)
        await usersRepository.update(database.db, user.id, { isVerified: true });
      // The mailbox's owner: strangers' wrong passwords no longer hold the account back.
      await clear(database.db, `login:email:${email}`);
      return signedIn(user, meta, messages.loginSuccess);
    },

    async completeSignup(
      input: {
        firstName: string;
        lastName: string;
        email: string;
        phoneNumber: string;
        password: string;
        signupTicket: string;
      },
      meta: ClientMeta,
    ) {
      await tickets.verify(input.signupTicket, input.email);
      if (await usersRepository.findByEmail(database.db, input.email))
        throw new AppError('ACCOUNT_EXISTS');
      const passwordHash = await hashSecret(input.password);
      let user: UserRow;
      try {
        user = await database.db.transaction((tx) =>
          usersRepository.insertWithWallet(tx, {
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: input.phoneNumber,
            isVerified: true,
          }),
        );
      } catch (error) {
        // Two completions racing for one e-mail: the unique index lets exactly one through.
        if (await usersRepository.findByEmail(database.db, input.email))
          throw new AppError('ACCOUNT_EXISTS');
        throw error;
      }
      return signedIn(user, meta, messages.signupComplete);
    },

    async login(email: string, password: string, meta: ClientMeta) {
      const now = clock.now();
      const familiar = await isFamiliarAddress(database.db, email, meta.ip, now);
      const granted = await claim(database.db, loginRules(email, meta.ip, familiar), now);
      if (!granted.ok) throw limitError(granted, 'LOGIN_THROTTLED');
      const user = await usersRepository.findByEmail(database.db, email);
      // The same work and the same reply whether or not the account exists (no enumeration).
      const ok = await verifySecret(user?.passwordHash ?? (await decoy()), password);
      if (!user || !user.passwordHash || !ok) throw new AppError('BAD_CREDENTIALS');
      // The owner's right password is not a failure, and clears this address's failures at the
      // account; the account-wide count stays, so a guesser elsewhere does not start afresh.
      await release(database.db, granted);
      await clear(database.db, `login:ip+email:${meta.ip}:${email}`);
      return signedIn(user, meta, messages.loginSuccess);
    },

    async google(idToken: string, meta: ClientMeta) {
      const identity = await verifyGoogle(idToken);
      const db = database.db;
      let user = await usersRepository.findByGoogleSubject(db, identity.subject);
      if (!user) {
        const byEmail = await usersRepository.findByEmail(db, identity.email);
        if (byEmail) {
          // Google vouched for this e-mail, so the identity is linked to the existing account.
          user = await usersRepository.update(db, byEmail.id, {
            googleSubject: identity.subject,
            isGoogleUser: true,
            isVerified: true,
          });
        } else {
          user = await db.transaction((tx) =>
            usersRepository.insertWithWallet(tx, {
              email: identity.email,
              googleSubject: identity.subject,
              isGoogleUser: true,
              isVerified: true,
              firstName: identity.givenName.slice(0, 60),
              lastName: identity.familyName.slice(0, 60),
            }),
          );
        }
      }
      if (!user) throw new Error('google sign-in lost the user');
      return signedIn(user, meta, messages.loginSuccess);
    },

    /**
     * A `?token=` link (decision 0049): its session is exchanged for a fresh one, so the link
     * works once; a second use, or a logout first, is refused as an invalid token.
     */
    async exchangeLinkToken(sessionId: string, meta: ClientMeta) {
      const fresh = await sessions.exchange(sessionId, meta);
      if (!fresh) throw new AppError('UNAUTHORIZED');
      const user = await usersRepository.findById(database.db, fresh.userId);
      if (!user) throw new Error('user vanished during a token exchange');
      return {
        success: true as const,
        message: messages.tokenFetched,
        data: toUserDto(user),
        token: fresh.token,
        expires_in: fresh.expiresIn,
      };
    },

    async logout(sessionId: string) {
      await sessions.revoke(sessionId);
      return { success: true as const, message: messages.loggedOut };
    },

    /** Same reply and limits whether or not the account exists; a code is mailed only when it does. */
    async requestPasswordReset(email: string, meta: ClientMeta) {
      const user = await usersRepository.findByEmail(database.db, email);
      await otp.issue(email, 'reset', { deliver: user !== undefined, ip: meta.ip });
      return { success: true as const, message: messages.passwordResetOtpSent };
    },

    async resetPassword(email: string, code: string, password: string, meta: ClientMeta) {
      const db = database.db;
      const user = await usersRepository.findByEmail(db, email);
      // The new password is checked against the old ones only once the code is known right (no
      // oracle for strangers), and before the code is used, so a refusal costs no new code.
      await otp.verify(email, 'reset', code, {
        ip: meta.ip,
        beforeUse: user ? () => assertPasswordIsNew(db, user, password) : undefined,
      });
      if (!user) throw new AppError('OTP_INVALID');
      const passwordHash = await hashSecret(password);
      await db.transaction((tx) => replacePassword(tx, user.id, passwordHash, clock.now()));
      // Whoever held the old password loses every session.
      await sessions.revokeAllForUser(user.id);
      // The new password starts with a clean account-wide count: it is the owner's (by the code).
      await clear(db, `login:email:${email}`);
      return { success: true as const, message: messages.passwordResetDone };
    },

    /** The reset code checked on its own screen, not used up (decision 0059). */
    async checkResetCode(email: string, code: string, meta: ClientMeta) {
      await otp.check(email, 'reset', code, { ip: meta.ip });
      return { success: true as const, message: messages.otpChecked };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
