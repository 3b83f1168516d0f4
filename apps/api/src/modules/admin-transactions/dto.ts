import type { AdminTransactionDto, OrderAction } from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import { toTransactionDto } from '../transactions/dto';
import { decisionHint } from './decision-hint';
import type { ActionView, AdminListRow } from './repository';

/**
 * What an admin may do to a row now. Only purchases have a supplier side to act on: an open one
 * can be approved (requery: delivered?) or refunded; a delivered one reversed once.
 */
export function allowedActionsOf(row: AdminListRow, actions: ActionView[]): OrderAction[] {
  const order = row.order;
  if (!order) return [];
  if (order.state === 'processing' || order.state === 'pending') return ['approve', 'refund'];
  if (order.state === 'delivered' && !actions.some((a) => a.action === 'reverse')) {
    return ['reverse'];
  }
  return [];
}

/**
 * An open order waits for an admin when it is older than the needs-a-decision age, or when no
 * documented lookup can settle it (needs_decision_at).
 */
export function needsDecision(
  order: { state: string; createdAt: Date; needsDecisionAt: Date | null },
  needsDecisionBefore: Date | undefined,
): boolean {
  if (order.state !== 'processing' && order.state !== 'pending') return false;
  if (order.needsDecisionAt) return true;
  return needsDecisionBefore !== undefined && order.createdAt < needsDecisionBefore;
}

export function toAdminTransactionDto(
  row: AdminListRow,
  actions: ActionView[],
  /** Orders created before this wait for an admin's decision. */
  needsDecisionBefore?: Date,
  /** The needs-a-decision age in hours, for the "why" text. */
  afterHours = 0,
): AdminTransactionDto {
  const { customer, order } = row;
  const waiting = order ? needsDecision(order, needsDecisionBefore) : false;
  return {
    ...toTransactionDto(row.transaction),
    user: {
      _id: customer.id,
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phoneNumber: customer.phoneNumber,
    },
    ...(order
      ? {
          order: {
            state: order.state,
            supplier: order.supplier,
            supplierReference: order.supplierReference,
            costPrice: koboToNaira(order.costKobo),
            attempts: order.attempts,
            lastDescription: order.lastDescription,
            lastAnswer: order.lastAnswer ?? null,
            needsDecision: waiting,
            decision: waiting ? decisionHint(order, afterHours) : null,
          },
        }
      : {}),
    adminActions: actions.map((a) => ({
      action: a.action,
      by: a.actorEmail,
      reason: a.reason,
      at: a.createdAt.toISOString(),
    })),
    allowedActions: allowedActionsOf(row, actions),
  };
}
