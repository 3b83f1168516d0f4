import type { OrderAction } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';

/** The button label of each action, and how a row that had it reads ("Reversed"). */
export const actionLabel: Record<OrderAction, string> = {
  approve: t.approve,
  refund: t.refund,
  reverse: t.reverse,
};

export const actedLabel: Record<OrderAction, string> = {
  approve: 'Approved',
  refund: 'Refunded',
  reverse: 'Reversed',
};

/** "Failed to reverse transaction" (the messages.swapAdminActionFailed pattern). */
export const actionFailed = (action: OrderAction) => t.actionFailed.replace('{action}', action);

export const customerName = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;
