/**
 * What the sandbox adds for a newcomer (decision 0019): the mailbox and "Add money (sandbox)".
 * It never moves money itself: the add-money call plays the customer's bank transfer on the
 * PalmPay simulator, whose signed webhook credits the wallet through the real deposit path.
 */
import { sandboxMessages } from '@owo/shared/sandbox-messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { SandboxInbox } from './inbox';
import { sandboxRepository } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The simulator answers at once; a stuck one must not hold the customer's request. */
const CONTROL_TIMEOUT_MS = 10_000;

/** Sandbox extras exist only with the simulators and never in production. */
export function sandboxEnabled(config: AppDeps['config']): boolean {
  return config.providerMode === 'sandbox' && config.nodeEnv !== 'production';
}

export function createSandboxService({ database, config, logger }: AppDeps, inbox: SandboxInbox) {
  const db = database.db;
  // Read at each call: SANDBOX_PORT is where this process (or the test) started the simulators.
  // Imported at the call: this module is part of every app, and a live one must not load the
  // simulators (decision 0020).
  const transferUrl = async () => {
    const { sandboxBaseUrls } = await import('@owo/providers/sandbox/server');
    const { simulateTransferUrl } = await import('@owo/providers/palmpay/simulator');
    return simulateTransferUrl(sandboxBaseUrls(`http://127.0.0.1:${config.sandboxPort}`));
  };

  return {
    inbox,

    mailbox(email: string) {
      return { success: true as const, data: { email, mails: inbox.mailsTo(email) } };
    },

    async texts(userId: string) {
      const ids = await sandboxRepository.identityIdsOf(db, userId);
      return { success: true as const, data: { texts: inbox.textsFor(ids) } };
    },

    /**
     * Plays the bank transfer for a deposit the customer opened, of the amount they chose: into
     * the checkout's one-off account, or into a verified customer's permanent account (that
     * account never expires, so an intent whose ten minutes ran out is still paid into).
     */
    async payCheckout(userId: string, depositId: string) {
      const deposit = UUID.test(depositId)
        ? await sandboxRepository.payableDepositOf(db, userId, depositId)
        : undefined;
      if (!deposit) throw new AppError('DEPOSIT_NOT_FOUND');
      const open =
        deposit.status === 'pending' ||
        (deposit.kind === 'virtual' && deposit.status === 'expired');
      if (!open || !deposit.accountNo) {
        throw new AppError('ORDER_NOT_ACTIONABLE', { message: sandboxMessages.depositNotPayable });
      }
      let reply: Response;
      try {
        reply = await fetch(await transferUrl(), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            accountNumber: deposit.accountNo,
            amountKobo: deposit.amountKobo,
          }),
          signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
        });
      } catch (error) {
        logger.warn({ err: error, depositId }, 'sandbox transfer not played');
        throw new AppError('DEPOSIT_REFUSED', { message: sandboxMessages.addMoneyFailed });
      }
      const body = (await reply.json().catch(() => null)) as { ok?: boolean } | null;
      if (!reply.ok || body?.ok !== true) {
        // 409: the simulator's checkout was already paid (e.g. a double tap); nothing to add.
        logger.warn({ status: reply.status, body, depositId }, 'sandbox transfer refused');
        throw reply.status === 409
          ? new AppError('ORDER_NOT_ACTIONABLE', { message: sandboxMessages.depositNotPayable })
          : new AppError('DEPOSIT_REFUSED', { message: sandboxMessages.addMoneyFailed });
      }
      return { success: true as const, message: sandboxMessages.addMoneySent };
    },
  };
}

export type SandboxService = ReturnType<typeof createSandboxService>;
