import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminTransactionDto, OrderAction } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import {
  adminTransactionsKey,
  fetchAdminTransaction,
  runOrderAction,
} from '../api/admin-transactions-api';
import { actionFailed } from './action-words';

/**
 * Approve runs at once (the supplier's answer decides); Refund and Reverse ask for a reason first.
 * A prepaid meter the supplier confirmed without its token asks for the token, then approves
 * again with it. Whatever the answer, the list and the open sheet are refreshed: a refused action
 * may still have settled the order (the requery found it delivered or failed).
 */
export function useOrderActions(onUpdated: (tx: AdminTransactionDto) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<OrderAction | null>(null);
  const [asking, setAsking] = useState<{
    tx: AdminTransactionDto;
    action: 'refund' | 'reverse';
  } | null>(null);
  const [askingToken, setAskingToken] = useState<AdminTransactionDto | null>(null);

  const run = async (
    tx: AdminTransactionDto,
    action: OrderAction,
    reason: string,
    token?: string,
  ) => {
    setBusy(action);
    try {
      const reply = await runOrderAction(tx._id, action, reason, token);
      toast.success(t.orderActionDone[action]);
      onUpdated(reply.data);
      setAsking(null);
      setAskingToken(null);
    } catch (error) {
      const message = messageOr(error, actionFailed(action));
      setAsking(null);
      if (action === 'approve' && message === t.orderNeedsToken) setAskingToken(tx);
      else {
        toast.error(message);
        setAskingToken(null);
      }
      try {
        onUpdated((await fetchAdminTransaction(tx._id)).data);
      } catch {
        // The sheet keeps what it showed; the list refresh below still runs.
      }
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: adminTransactionsKey });
    }
  };

  return {
    busy,
    asking,
    askingToken,
    start(tx: AdminTransactionDto, action: OrderAction) {
      if (busy) return;
      if (action === 'approve') void run(tx, action, '');
      else setAsking({ tx, action });
    },
    confirm(reason: string) {
      if (asking) void run(asking.tx, asking.action, reason);
    },
    cancel() {
      if (!busy) setAsking(null);
    },
    confirmToken(token: string) {
      if (askingToken) void run(askingToken, 'approve', '', token);
    },
    cancelToken() {
      if (!busy) setAskingToken(null);
    },
  };
}
