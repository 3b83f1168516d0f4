import { randomInt } from 'node:crypto';
import type {
  PendingSwapReply,
  SwapCreateReply,
  SwapDto,
  SwapListReply,
} from '@owo/shared/api-types';
import { ADMIN_SWAP_PAGE_SIZE, SWAP_RATE_PERCENT, type SwapStatus } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { formatKobo, koboToNaira } from '@owo/shared/money';
import type {
  SwapAdminAction,
  SwapCreateInput,
  SwapVerifyInput,
} from '@owo/shared/schemas/airtime-swap';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { crashPoint } from '../../lib/crash-points';
import { SYSTEM_ACCOUNTS } from '../../ledger/accounts';
import type { Ledger, Transfer } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import type { LimitsService } from '../limits/service';
import { auditRepository, type Actor } from '../audit/repository';
import type { PinService } from '../pin/service';
import type { SwitchService } from '../switches/service';
import { transactionsRepository } from '../transactions/repository';
import { fileUrl, newFile, type FileStore, type FileToSave } from '../files/file-store';
import { encodeImage } from '../files/image-encoding';
import { usersRepository } from '../users/repository';
import { fill, fileLabel, toSwapDto } from './dto';
import { swapsRepository, type SwapRow, type SwapView } from './repository';
import {
  needsPayoutReference,
  nextStatus,
  paysOut,
  payoutKoboFor,
  type SwapAction,
} from './state-machine';

/** The user's own list (GET airtime-swap/) is the newest this many; get-swaps pages the rest. */
export const USER_LIST_LIMIT = 100;
const SWAP_ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function makeSwapId(): string {
  let id = 'SWP-';
  for (let i = 0; i < 8; i += 1) id += SWAP_ID_ALPHABET[randomInt(SWAP_ID_ALPHABET.length)];
  return id;
}

/** The verb of a refused-transition message: "Cannot approve this swap: its status is …". */
const ACTION_WORDS: Record<SwapAction, string> = {
  approve: 'approve',
  reject: 'reject',
  complete: 'complete',
  cancel: 'cancel',
  upload: 'upload a screenshot for',
};

function refused(action: SwapAction, status: SwapStatus): AppError {
  if (action === 'upload' && status === 'AWAITING_VERIFICATION') {
    return new AppError('SWAP_TRANSITION_REFUSED', {
      message: messages.swapScreenshotAlreadyUploaded,
    });
  }
  if (action === 'cancel' && status === 'AWAITING_VERIFICATION') {
    return new AppError('SWAP_TRANSITION_REFUSED', { message: messages.swapCancelAfterUpload });
  }
  return new AppError('SWAP_TRANSITION_REFUSED', {
    message: fill(messages.swapTransitionRefused, { action: ACTION_WORDS[action], status }),
  });
}

const pageOf = (total: number, page: number) => ({
  currentPage: page,
  totalItems: total,
  totalPages: Math.ceil(total / ADMIN_SWAP_PAGE_SIZE),
});

/**
 * Airtime to cash (spec 2; docs/decisions/0010). A customer asks to swap airtime, sends it to our
 * number, uploads a screenshot; an admin approves (paying a wallet at once, or a bank account in
 * two steps) or rejects. Each status change is a conditional update in the transaction that also
 * writes its event and, when the swap completes, its history row and ledger transfers.
 */
export function createAirtimeSwapService(
  { database, clock, config }: AppDeps,
  ledger: Ledger,
  pin: PinService,
  limits: LimitsService,
  switches: SwitchService,
  files: FileStore,
) {
  const db = () => database.db;

  async function viewOrThrow(id: string): Promise<SwapView> {
    const view = await swapsRepository.findViewById(db(), id);
    if (!view) throw new Error(`swap ${id} vanished`);
    return view;
  }

  /**
   * The wallet a wallet payout goes to: a user's, by e-mail. A suspended user's too: suspension
   * stops money out, never money in (decision 0028).
   */
  async function payoutUser(tx: DbOrTx, email: string) {
    const user = await usersRepository.findByEmail(tx, email.toLowerCase());
    if (!user) throw new AppError('SWAP_WALLET_NOT_FOUND');
    return user;
  }

  /**
   * The money of a completed swap, in the caller's transaction: the airtime received becomes an
   * asset; the payout leaves it for the wallet (or for `outside`, a bank payout), the rest for
   * revenue. One history row carries both transfers and is linked from the swap.
   */
  async function payOut(tx: Tx, swap: SwapRow): Promise<string> {
    const now = clock.now();
    const payoutKobo = swap.expectedPayoutKobo;
    const marginKobo = swap.amountKobo - payoutKobo;
    const asset = await ledger.account(SYSTEM_ACCOUNTS.airtimeAsset, tx);
    const common = {
      network: swap.network,
      phone: swap.userPhone,
      swapId: swap.swapId,
      amountAirtime: koboToNaira(swap.amountKobo),
      processedAt: now.toISOString(),
      ...(swap.adminNote ? { note: swap.adminNote } : {}),
    };

    let holderId: string;
    let creditAccountId: string;
    let description: string;
    let metadata: Record<string, unknown>;
    if (swap.paymentMethod === 'wallet') {
      const holder = await payoutUser(tx, swap.walletEmail);
      const wallet = await ledgerRepository.walletOf(tx, holder.id);
      if (!wallet) throw new Error(`wallet of ${holder.id} is missing`);
      holderId = holder.id;
      creditAccountId = wallet.id;
      description = `Airtime to cash: ${formatKobo(swap.amountKobo)} ${swap.network} airtime`;
      metadata = { ...common, payoutMethod: 'wallet', walletEmail: swap.walletEmail };
    } else {
      // A bank payout leaves the books: the requester's history shows what was paid, and where.
      holderId = swap.userId;
      creditAccountId = await ledger.account(SYSTEM_ACCOUNTS.outside, tx);
      description = `Airtime to cash paid to ${swap.bankName} ${swap.accountNumber}`;
      metadata = {
        ...common,
        payoutMethod: 'bank',
        bankName: swap.bankName,
        accountNumber: swap.accountNumber,
        accountName: swap.accountName,
        payoutReference: swap.payoutReference,
      };
    }

    const row = await transactionsRepository.insert(tx, {
      userId: holderId,
      type: 'credit',
      serviceType: 'airtime-to-cash',
      amountKobo: payoutKobo,
      status: 'success',
      reference: swap.swapId,
      description,
      metadata,
      createdAt: now,
      updatedAt: now,
    });
    const transfers: Transfer[] = [
      {
        debitAccountId: asset,
        creditAccountId,
        amountKobo: payoutKobo,
        code: 'swap_payout',
        transactionId: row.id,
      },
    ];
    if (marginKobo > 0) {
      transfers.push({
        debitAccountId: asset,
        creditAccountId: await ledger.account(SYSTEM_ACCOUNTS.revenue, tx, swap.id),
        amountKobo: marginKobo,
        code: 'swap_margin',
        transactionId: row.id,
      });
    }
    await ledger.apply(tx, transfers);
    await swapsRepository.setTransaction(tx, swap.id, row.id);

    if (swap.paymentMethod === 'wallet') {
      // Money that has arrived is never refused; past the wallet's cap it is flagged (0009).
      const wallet = await ledgerRepository.walletOf(tx, holderId);
      await limits.flagIfOverCap(tx, {
        userId: holderId,
        transactionId: row.id,
        balanceKobo: wallet?.balanceKobo ?? 0,
        source: 'airtime-swap',
      });
    }
    return row.id;
  }

  /**
   * Moves a swap from the status it was read in, or refuses with the status it has now. `then`
   * runs in the same transaction after the move (events, payouts).
   */
  async function move(
    view: SwapView,
    action: SwapAction,
    values: Partial<SwapRow> & { status: SwapStatus },
    actorId: string,
    note: string,
    then?: (tx: Tx, row: SwapRow) => Promise<void>,
  ): Promise<SwapRow> {
    const from = view.swap.status;
    return database.db.transaction(async (tx) => {
      const row = await swapsRepository.transition(tx, view.swap.id, from, {
        ...values,
        updatedAt: clock.now(),
      });
      if (!row) {
        // Another request moved it first (a second admin, a cancel): say where it is now.
        const current = (await swapsRepository.statusOf(tx, view.swap.id)) ?? from;
        throw refused(action, current);
      }
      await swapsRepository.insertEvent(tx, {
        swapId: row.id,
        actorId,
        action,
        fromStatus: from,
        toStatus: row.status,
        note,
        createdAt: clock.now(),
      });
      if (then) await then(tx, row);
      return row;
    });
  }

  return {
    async create(userId: string, input: SwapCreateInput): Promise<SwapCreateReply> {
      // A system shutdown stops new swaps (the customer would send airtime we are not ready to
      // verify); swaps already started can still be uploaded and settled.
      await switches.assertSystemOn();
      await pin.checkPin(userId, input.transactionPin);
      if (input.payout.method === 'wallet') await payoutUser(db(), input.payout.walletEmail);

      const payoutKobo = payoutKoboFor(input.amountKobo);
      const recipientPhone = config.swapRecipients[input.network];
      const now = clock.now();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const created = await database.db.transaction(async (tx) => {
          const row = await swapsRepository.insert(tx, {
            swapId: makeSwapId(),
            userId,
            network: input.network,
            amountKobo: input.amountKobo,
            expectedPayoutKobo: payoutKobo,
            ratePercent: SWAP_RATE_PERCENT,
            userPhone: input.userPhone,
            recipientPhone,
            paymentMethod: input.payout.method,
            walletEmail: input.payout.method === 'wallet' ? input.payout.walletEmail : '',
            bankName: input.payout.method === 'bank' ? input.payout.bank : '',
            accountNumber: input.payout.method === 'bank' ? input.payout.accountNumber : '',
            accountName: input.payout.method === 'bank' ? input.payout.accountName : '',
            status: 'PENDING_TRANSFER',
            createdAt: now,
            updatedAt: now,
          });
          if (row) {
            await swapsRepository.insertEvent(tx, {
              swapId: row.id,
              actorId: userId,
              action: 'create',
              fromStatus: '',
              toStatus: row.status,
              createdAt: now,
            });
          }
          return row;
        });
        if (created) {
          return {
            success: true,
            message: messages.swapCreated,
            data: {
              swapId: created.swapId,
              recipientPhone: created.recipientPhone,
              expectedPayout: koboToNaira(created.expectedPayoutKobo),
            },
          };
        }
        // Nothing inserted: the user's one open swap exists (the partial unique index), or the
        // random reference collided (then try another).
        if (await swapsRepository.findOpenView(db(), userId)) {
          throw new AppError('SWAP_OPEN_EXISTS');
        }
      }
      throw new Error('could not pick a free swap reference');
    },

    async upload(userId: string, ref: string, file: { buffer: Buffer; filename?: string }) {
      const view = await swapsRepository.findView(db(), ref, userId);
      if (!view) throw new AppError('SWAP_NOT_FOUND');
      const to = nextStatus(view.swap.status, 'upload', view.swap.paymentMethod);
      if (!to) throw refused('upload', view.swap.status);

      let screenshot: FileToSave;
      try {
        screenshot = newFile(view.swap.userId, 'swap_screenshot', await encodeImage(file.buffer));
      } catch (error) {
        if (error instanceof AppError && error.code === 'IMAGE_INVALID_TYPE') {
          throw new AppError('IMAGE_INVALID_TYPE', {
            message: fill(messages.swapImageInvalidType, {
              user_content: fileLabel(file.filename),
            }),
          });
        }
        throw error;
      }
      // Stored in the transaction that moves the swap: a swap that moved meanwhile keeps nothing.
      const row = await move(
        view,
        'upload',
        { status: to, screenshotUrl: fileUrl(screenshot.id) },
        userId,
        '',
        (tx) => files.save(tx, [screenshot]),
      );
      return {
        success: true as const,
        message: messages.swapScreenshotUploaded,
        data: toSwapDto(await viewOrThrow(row.id)),
      };
    },

    async list(userId: string): Promise<{ success: true; data: SwapDto[] }> {
      const { items } = await swapsRepository.page(
        db(),
        swapsRepository.ofUser(userId),
        USER_LIST_LIMIT,
        0,
      );
      return { success: true, data: items.map((v) => toSwapDto(v)) };
    },

    async page(userId: string, page: number): Promise<SwapListReply> {
      const { items, total } = await swapsRepository.page(
        db(),
        swapsRepository.ofUser(userId),
        ADMIN_SWAP_PAGE_SIZE,
        (page - 1) * ADMIN_SWAP_PAGE_SIZE,
      );
      return {
        success: true,
        data: items.map((v) => toSwapDto(v)),
        pagination: pageOf(total, page),
      };
    },

    async pending(userId: string): Promise<PendingSwapReply> {
      const view = await swapsRepository.findOpenView(db(), userId);
      return {
        success: true,
        hasPendingSwap: view !== undefined,
        pendingSwap: view ? toSwapDto(view) : null,
      };
    },

    /** The owner cancels their unfinished swap: only before the screenshot is uploaded (0054). */
    async clearPending(userId: string) {
      const view = await swapsRepository.findOpenView(db(), userId);
      if (!view) throw new AppError('SWAP_NOT_FOUND', { message: messages.swapNoPending });
      const to = nextStatus(view.swap.status, 'cancel', view.swap.paymentMethod);
      if (!to) throw refused('cancel', view.swap.status);
      const row = await move(view, 'cancel', { status: to }, userId, '');
      return {
        success: true as const,
        message: messages.swapPendingCleared,
        data: toSwapDto(await viewOrThrow(row.id)),
      };
    },

    // ------------------------------------------------------------------ admin

    async adminPage(query: {
      status?: SwapStatus;
      page: number;
      search?: string;
    }): Promise<SwapListReply> {
      const { items, total } = await swapsRepository.page(
        db(),
        swapsRepository.adminFilter(query.status, query.search ?? ''),
        ADMIN_SWAP_PAGE_SIZE,
        (query.page - 1) * ADMIN_SWAP_PAGE_SIZE,
      );
      return {
        success: true,
        data: items.map((v) => toSwapDto(v, true)),
        pagination: pageOf(total, query.page),
      };
    },

    async adminCount(status: SwapStatus | undefined) {
      const n = await swapsRepository.countWhere(db(), swapsRepository.withStatus(status));
      return { success: true as const, count: n };
    },

    /** Profit = airtime received − payouts, both read from the ledger (naira). */
    async profit() {
      const asset = await ledger.account(SYSTEM_ACCOUNTS.airtimeAsset, db());
      const { airtimeKobo, payoutKobo } = await swapsRepository.ledgerTotals(db(), asset);
      const completedCount = await swapsRepository.countWhere(
        db(),
        swapsRepository.withStatus('COMPLETED'),
      );
      return {
        success: true as const,
        data: {
          summary: {
            totalProfit: koboToNaira(airtimeKobo - payoutKobo),
            totalAirtime: koboToNaira(airtimeKobo),
            totalPayout: koboToNaira(payoutKobo),
            completedCount,
          },
        },
      };
    },

    async verify(admin: Actor & { id: string }, ref: string, input: SwapVerifyInput) {
      const adminId = admin.id;
      const view = await swapsRepository.findView(db(), ref);
      if (!view) throw new AppError('SWAP_NOT_FOUND');
      const { swap } = view;
      const action: SwapAdminAction = input.action;
      const to = nextStatus(swap.status, action, swap.paymentMethod);
      if (!to) throw refused(action, swap.status);
      const reference = input.payoutReference ?? '';
      if (needsPayoutReference(action, swap.paymentMethod) && reference === '') {
        throw new AppError('SWAP_PAYOUT_REFERENCE_REQUIRED');
      }
      const note = input.note || (action === 'reject' ? messages.swapRejectedByAdmin : '');
      const now = clock.now();
      const row = await move(
        view,
        action,
        {
          status: to,
          verifiedBy: adminId,
          verifiedAt: now,
          ...(note ? { adminNote: note } : {}),
          ...(reference ? { payoutReference: reference } : {}),
          ...(paysOut(to) ? { completedAt: now } : {}),
        },
        adminId,
        note,
        async (tx, moved) => {
          if (paysOut(to)) await payOut(tx, moved);
          if (paysOut(to)) crashPoint(config, 'swap:before-commit');
          await auditRepository.record(
            tx,
            admin,
            {
              action: `swap.${action}`,
              entity: 'swap',
              entityId: moved.swapId,
              before: { status: swap.status },
              after: {
                status: moved.status,
                ...(reference ? { payoutReference: reference } : {}),
                ...(note ? { note } : {}),
              },
              reason: note,
            },
            now,
          );
        },
      );
      if (paysOut(to)) crashPoint(config, 'swap:after-commit');
      const message =
        action === 'reject'
          ? messages.swapRejected
          : action === 'complete'
            ? messages.swapCompleted
            : paysOut(to)
              ? messages.swapApprovedWallet
              : messages.swapApprovedBank;
      return {
        success: true as const,
        message,
        data: toSwapDto(await viewOrThrow(row.id), true),
      };
    },
  };
}

export type AirtimeSwapService = ReturnType<typeof createAirtimeSwapService>;
