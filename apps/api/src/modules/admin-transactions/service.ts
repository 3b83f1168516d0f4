import type {
  AdminTransactionReply,
  AdminTransactionsReply,
  NeedsDecisionReply,
  OrderAction,
} from '@owo/shared/api-types';
import { delivered } from '@owo/providers/outcome';
import type { PurchaseOutcome } from '@owo/providers/types';
import { adminMessages } from '@owo/shared/admin-messages';
import { ADMIN_TRANSACTIONS_PAGE_SIZE, LAGOS_OFFSET_MS } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Ledger } from '../../ledger/ledger';
import type { Actor } from '../audit/repository';
import { auditRepository } from '../audit/repository';
import type { PurchaseRow } from '../purchases/repository';
import { answerOf, type Settlement } from '../purchases/settlement';
import { requerySupplier } from '../purchases/supplier-calls';
import { lagosMonthWindow } from '../transactions/history-service';
import { needsDecision as waitsForAdmin, toAdminTransactionDto } from './dto';
import { reverseDeliveredOrder } from './reversal';
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
  const afterHours = () => deps.config.needsDecisionAfterMs / 3_600_000;

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
      data: toAdminTransactionDto(row, actions, decisionCutoff(), afterHours()),
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
  async function openOrder(actor: { id: string }, id: string, action: 'approve' | 'refund') {
    const { row, actions } = await load(id);
    // Nobody decides on their own order: a refund moves money to the decider (decision 0047).
    if (row.transaction.userId === actor.id) throw new AppError('ORDER_OWN');
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
          afterHours(),
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
        data: toAdminTransactionDto(row, actions, decisionCutoff(), afterHours()),
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
        afterHours: afterHours(),
      };
    },

    /**
     * `token`: a prepaid meter the supplier confirmed without its token is approved with the token
     * the admin read from the supplier's records; the supplier's own token, when it gives one, wins.
     */
    async approve(actor: Actor & { id: string }, id: string, reason: string, token?: string) {
      const { row, order, outcome: answer } = await openOrder(actor, id, 'approve');
      const outcome: PurchaseOutcome =
        answer.status === 'pending' && answer.awaitingToken && token
          ? delivered(`${answer.description}; token given by an admin`, answer.raw, {
              providerReference: answer.providerReference,
              token,
            })
          : answer;
      if (outcome.status === 'pending') {
        throw new AppError(outcome.awaitingToken ? 'ORDER_NEEDS_TOKEN' : 'ORDER_STILL_PENDING');
      }
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
      const { row, order, outcome } = await openOrder(actor, id, 'refund');
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
      if (!waitsForAdmin(order, decisionCutoff())) throw new AppError('ORDER_REFUND_NEEDS_ANSWER');
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
        // Nobody reverses an order of their own wallet (four eyes on staff money).
        const owned = await repo.findOne(tx, id);
        if (owned && owned.transaction.userId === actor.id) throw new AppError('ORDER_OWN');
        const result = await reverseDeliveredOrder(
          tx,
          ledger,
          { transactionId: id, actorId: actor.id, reason, at: clock.now() },
          async (tx, { original, order, credit }) => {
            await auditRepository.record(tx, actor, {
              action: 'order.reverse',
              entity: 'transaction',
              entityId: id,
              before: stateOf(original, order),
              after: { status: original.status, state: order.state, reversal: credit.reference },
              reason,
            });
          },
        );
        if (result.kind === 'not-found') throw new AppError('NOT_FOUND');
        if (result.kind === 'already-reversed') throw new AppError('ORDER_ALREADY_ACTED');
        if (result.kind === 'not-delivered') {
          throw refusal('reverse', result.row, await repo.actionsFor(tx, [id]));
        }
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
}

export type AdminTransactionService = ReturnType<typeof createAdminTransactionService>;
