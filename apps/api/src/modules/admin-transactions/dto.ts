import type { AdminTransactionDto, OrderAction } from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import { toTransactionDto } from '../transactions/dto';
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

export function toAdminTransactionDto(
  row: AdminListRow,
  actions: ActionView[],
  /** Orders created before this wait for an admin's decision. */
  needsDecisionBefore?: Date,
): AdminTransactionDto {
  const { customer, order } = row;
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
            needsDecision:
              (order.state === 'processing' || order.state === 'pending') &&
              needsDecisionBefore !== undefined &&
              order.createdAt < needsDecisionBefore,
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
