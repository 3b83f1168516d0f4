import type {
  AdminTransactionReply,
  AdminTransactionsReply,
  NeedsDecisionReply,
  OrderAction,
} from '@owo/shared/api-types';
import type { PurchaseOutcome } from '@owo/providers/types';
import { adminMessages } from '@owo/shared/admin-messages';
import { ADMIN_TRANSACTIONS_PAGE_SIZE, LAGOS_OFFSET_MS } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Ledger, Transfer } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import type { Actor } from '../audit/repository';
import { auditRepository } from '../audit/repository';
import type { PurchaseRow } from '../purchases/repository';
import { answerOf, type Settlement } from '../purchases/settlement';
import { requerySupplier } from '../purchases/supplier-calls';
import { lagosMonthWindow } from '../transactions/history-service';
import { transactionsRepository } from '../transactions/repository';
import { toAdminTransactionDto } from './dto';
import {
  adminTransactionsRepository as repo,
  type ActionView,
  type AdminListFilter,
  type AdminListRow,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AdminTransactionsQuery {
  page: number;
  status: 'all' | 'success' | 'pending' | 'failed';
  year?: number;
  month?: number;
  day?: number;
  search: string;
}

/** The Lagos calendar window of a year, a month of it, or a day of that month. */
export function lagosWindow(year?: number, month?: number, day?: number) {
  if (month !== undefined && year === undefined) {
    throw new AppError('VALIDATION_FAILED', { message: adminMessages.monthNeedsYear });
  }
  if (day !== undefined && month === undefined) {
    throw new AppError('VALIDATION_FAILED', { message: adminMessages.dayNeedsMonth });
  }
  if (year === undefined) return {};
  if (month === undefined || day === undefined) return lagosMonthWindow(year, month);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) {
    throw new AppError('VALIDATION_FAILED', { message: adminMessages.dayNotInMonth });
  }
  const from = new Date(Date.UTC(year, month - 1, day) - LAGOS_OFFSET_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

const isOpen = (order: PurchaseRow) => order.state === 'processing' || order.state === 'pending';

/** Why an action cannot be taken on a row as it stands now. */
function refusal(action: OrderAction, row: AdminListRow, actions: ActionView[]): AppError {
  const order = row.order;
  if (!order) return new AppError('ORDER_NOT_ACTIONABLE');
  if (actions.some((a) => a.action === action)) return new AppError('ORDER_ALREADY_ACTED');
  // A failed order was refunded when it failed: there is nothing left to refund.
  if (action === 'refund' && order.state === 'failed') return new AppError('ORDER_ALREADY_ACTED');
  return new AppError('ORDER_NOT_ACTIONABLE');
}

/**
 * The admin transaction list and the three order actions (docs/decisions/0013):
 * - Approve: an open order is requeried now; only the supplier's "delivered" settles it.
 * - Refund: a stuck open order the supplier will not confirm is voided to the wallet — after a
 *   requery, so an order that was in fact delivered (or failed) is settled as the supplier says.
 * - Reverse: a delivered order the supplier took back: the money returns to the wallet as a new
 *   credit row, mirroring the order's postings, at most once.
 * Every action that changes something writes order_actions and the audit log in the same
 * transaction as the money.
 */
export function createAdminTransactionService(
  deps: AppDeps,
  ledger: Ledger,
  settlement: Settlement,
) {
  const { database, clock, providers } = deps;
  /** Open orders created before this are past the automatic requeries: an admin decides. */
  const decisionCutoff = () => new Date(clock.now().getTime() - deps.config.needsDecisionAfterMs);

  async function load(id: string) {
    const row = await repo.findOne(database.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return { row, actions: await repo.actionsFor(database.db, [id]) };
  }

  async function reply(id: string, action: OrderAction): Promise<AdminTransactionReply> {
    const { row, actions } = await load(id);
    return {
      success: true,
      message: adminMessages.orderActionDone[action],
      data: toAdminTransactionDto(row, actions, decisionCutoff()),
    };
  }

  /** Another resolver (the reconciler, the paying request) settled the order first. */
  async function resolvedMeanwhile(id: string, action: OrderAction): Promise<never> {
    const { row, actions } = await load(id);
    if (action === 'refund' && row.order?.state === 'delivered') {
      throw new AppError('ORDER_DELIVERED_USE_REVERSE');
    }
    throw refusal(action, row, actions);
  }

  const stateOf = (row: { status: string }, order: PurchaseRow) => ({
    status: row.status,
    state: order.state,
  });

  /** Requeries an open order (the reconciler's own call) before an admin acts on it. */
  async function openOrder(id: string, action: 'approve' | 'refund') {
    const { row, actions } = await load(id);
    if (!row.order || !isOpen(row.order)) throw refusal(action, row, actions);
    const order = row.order;
    // The paying request may still be waiting on the supplier, which may not know the order yet
    // (a requery would read "unknown" as failed): the same grace the reconciler gives it.
    if (
      order.state === 'processing' &&
      clock.now().getTime() < order.createdAt.getTime() + deps.config.processingGraceMs
    ) {
      throw new AppError('ORDER_STILL_PENDING');
    }
    const outcome = await requerySupplier(providers, order);
    return { row, order, outcome };
  }

  /** One page of rows as the admin screens read them, with each row's actions. */
  async function pageReply(
    items: AdminListRow[],
    total: number,
    page: number,
    cutoff: Date,
  ): Promise<AdminTransactionsReply> {
    const actions = await repo.actionsFor(
      database.db,
      items.map((i) => i.transaction.id),
    );
    return {
      success: true,
      data: items.map((item) =>
        toAdminTransactionDto(
          item,
          actions.filter((a) => a.transactionId === item.transaction.id),
          cutoff,
        ),
      ),
      pagination: {
        currentPage: page,
        totalPages: Math.ceil(total / ADMIN_TRANSACTIONS_PAGE_SIZE),
        totalItems: total,
      },
    };
  }

  return {
    async list(query: AdminTransactionsQuery): Promise<AdminTransactionsReply> {
      const filter: AdminListFilter = lagosWindow(query.year, query.month, query.day);
      if (query.status !== 'all') filter.status = query.status;
      if (query.search) filter.text = query.search;
      const limit = ADMIN_TRANSACTIONS_PAGE_SIZE;
      const { items, total } = await repo.page(
        database.db,
        filter,
        limit,
        (query.page - 1) * limit,
      );
      return pageReply(items, total, query.page, decisionCutoff());
    },

    async get(id: string): Promise<AdminTransactionReply> {
      const { row, actions } = await load(id);
      return {
        success: true,
        message: '',
        data: toAdminTransactionDto(row, actions, decisionCutoff()),
      };
    },

    /** Open orders past NEEDS_DECISION_AFTER_MS, oldest first, with the supplier's last answers. */
    async needsDecision(page: number): Promise<NeedsDecisionReply> {
      const limit = ADMIN_TRANSACTIONS_PAGE_SIZE;
      const cutoff = decisionCutoff();
      const { items, total } = await repo.needingDecision(
        database.db,
        cutoff,
        limit,
        (page - 1) * limit,
      );
      return {
        ...(await pageReply(items, total, page, cutoff)),
        afterHours: deps.config.needsDecisionAfterMs / 3_600_000,
      };
    },

    async approve(actor: Actor & { id: string }, id: string, reason: string) {
      const { row, order, outcome } = await openOrder(id, 'approve');
      if (outcome.status === 'pending') throw new AppError('ORDER_STILL_PENDING');
      if (outcome.status === 'failed') {
        // The ordinary automatic refund, as the reconciler would have done.
        if (!(await settlement.settle(order, outcome))) await resolvedMeanwhile(id, 'approve');
        throw new AppError('ORDER_FAILED_REFUNDED');
      }
      const settled = await settlement.settle(
        order,
        outcome,
        recordDecision(actor, 'approve', id, reason, stateOf(row.transaction, order), outcome),
      );
      if (!settled) await resolvedMeanwhile(id, 'approve');
      return reply(id, 'approve');
    },

    async refund(actor: Actor & { id: string }, id: string, reason: string) {
      const { row, order, outcome } = await openOrder(id, 'refund');
      if (outcome.status === 'delivered') {
        // The customer got it after all: settle it, and the admin may reverse it if need be.
        if (!(await settlement.settle(order, outcome))) await resolvedMeanwhile(id, 'refund');
        throw new AppError('ORDER_DELIVERED_USE_REVERSE');
      }
      if (outcome.status === 'failed') {
        if (!(await settlement.settle(order, outcome))) await resolvedMeanwhile(id, 'refund');
        throw new AppError('ORDER_FAILED_REFUNDED');
      }
      // Still unclear. A pending answer is no failure: the supplier may deliver yet (an order
      // that answered "pending" a moment ago usually does). Only an order past the automatic
      // requeries — in the "needs a decision" queue — may be refunded on the admin's word.
      if (order.createdAt >= decisionCutoff()) throw new AppError('ORDER_REFUND_NEEDS_ANSWER');
      const forced = await settlement.settle(
        order,
        { status: 'failed', description: `refunded by an admin: ${reason}`, raw: outcome.raw },
        recordDecision(actor, 'refund', id, reason, stateOf(row.transaction, order), outcome),
      );
      if (!forced) await resolvedMeanwhile(id, 'refund');
      deps.metrics?.adminRefund(order.supplier);
      return reply(id, 'refund');
    },

    async reverse(actor: Actor & { id: string }, id: string, reason: string) {
      await database.db.transaction(async (tx) => {
        const row = await repo.findOne(tx, id);
        if (!row) throw new AppError('NOT_FOUND');
        const order = row.order;
        if (!order || order.state !== 'delivered') {
          throw refusal('reverse', row, await repo.actionsFor(tx, [id]));
        }
        // First the claim: a racing reverse waits here for this one and then finds it taken.
        const actionId = await repo.claimAction(tx, {
          transactionId: id,
          action: 'reverse',
          actorId: actor.id,
          reason,
          createdAt: clock.now(),
        });
        if (!actionId) throw new AppError('ORDER_ALREADY_ACTED');

        const original = row.transaction;
        const at = clock.now();
        const credit = await transactionsRepository.insert(tx, {
          userId: original.userId,
          type: 'credit',
          serviceType: 'reversal',
          amountKobo: order.sellingKobo,
          status: 'success',
          reference: `REV-${original.reference}`,
          description: `Reversal: ${original.description}`.slice(0, 500),
          metadata: { reversalOf: original.reference, processedAt: at.toISOString() },
          createdAt: at,
          updatedAt: at,
        });
        await repo.setActionResult(tx, actionId, credit.id);
        await transactionsRepository.mergeMetadata(tx, id, {
          reversedAt: at.toISOString(),
          reversalReference: credit.reference,
        });
        await auditRepository.record(tx, actor, {
          action: 'order.reverse',
          entity: 'transaction',
          entityId: id,
          before: stateOf(original, order),
          after: { status: original.status, state: order.state, reversal: credit.reference },
          reason,
        });
        // Last: the shared system rows stay locked only from here to the commit.
        await ledger.apply(tx, await reversalTransfers(tx, order, credit.id));
      });
      return reply(id, 'reverse');
    },
  };

  /**
   * What an approve or refund writes in the transaction that settles the order: the admin's
   * action (claimed once) and its audit entry.
   */
  function recordDecision(
    actor: Actor & { id: string },
    action: 'approve' | 'refund',
    id: string,
    reason: string,
    before: ReturnType<typeof stateOf>,
    /** The supplier's answer to the requery made just before: the audit keeps what it said. */
    supplierAnswer: PurchaseOutcome,
  ) {
    return async (tx: Tx, after: { status: string }) => {
      await recordAction(tx, actor, action, id, reason);
      await auditRepository.record(tx, actor, {
        action: `order.${action}`,
        entity: 'transaction',
        entityId: id,
        before: { ...before, supplierAnswer: answerOf(supplierAnswer) as Record<string, unknown> },
        after: { status: after.status, state: action === 'approve' ? 'delivered' : 'failed' },
        reason,
      });
    };
  }

  async function recordAction(
    tx: Tx,
    actor: { id: string },
    action: OrderAction,
    id: string,
    reason: string,
  ) {
    const claimed = await repo.claimAction(tx, {
      transactionId: id,
      action,
      actorId: actor.id,
      reason,
      createdAt: clock.now(),
    });
    // Unreachable while settle's conditional update admits one resolver; rolls back if not.
    if (!claimed) throw new AppError('ORDER_ALREADY_ACTED');
  }

  /**
   * The order's postings, mirrored to the wallet: the cost back out of the supplier float shard it
   * went to, the margin out of the revenue shard. When the order was sold below cost, revenue
   * carried the loss: the float returns the selling price to the wallet and the loss to revenue.
   * The wallet always gets exactly what the customer paid.
   */
  async function reversalTransfers(
    tx: Tx,
    order: PurchaseRow,
    creditId: string,
  ): Promise<Transfer[]> {
    const wallet = await ledgerRepository.walletOf(tx, order.userId);
    if (!wallet) throw new Error(`wallet of ${order.userId} is missing`);
    const postings = await repo.postingsOf(tx, order.transactionId);
    const cost = postings.find((p) => p.code === 'purchase_cost');
    const margin = postings.find((p) => p.code === 'purchase_margin');
    const loss = postings.find((p) => p.code === 'purchase_margin_loss');
    if (!cost) throw new Error(`delivered order ${order.transactionId} has no cost posting`);
    const move = (debit: string, credit: string, amountKobo: number): Transfer => ({
      debitAccountId: debit,
      creditAccountId: credit,
      amountKobo,
      code: 'order_reversal',
      transactionId: creditId,
    });
    const float = cost.creditAccountId;
    const transfers = [move(float, wallet.id, cost.amountKobo - (loss?.amountKobo ?? 0))];
    if (margin) transfers.push(move(margin.creditAccountId, wallet.id, margin.amountKobo));
    if (loss) transfers.push(move(float, loss.debitAccountId, loss.amountKobo));
    const toWallet = transfers
      .filter((t) => t.creditAccountId === wallet.id)
      .reduce((sum, t) => sum + t.amountKobo, 0);
    if (toWallet !== order.sellingKobo) {
      throw new Error(`order ${order.transactionId}: postings do not add up to the selling price`);
    }
    return transfers;
  }
}

export type AdminTransactionService = ReturnType<typeof createAdminTransactionService>;
