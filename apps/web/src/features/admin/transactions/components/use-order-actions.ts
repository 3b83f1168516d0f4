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
 * Whatever the answer, the list and the open sheet are refreshed: a refused action may still have
 * settled the order (the requery found it delivered or failed).
 */
export function useOrderActions(onUpdated: (tx: AdminTransactionDto) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<OrderAction | null>(null);
  const [asking, setAsking] = useState<{
    tx: AdminTransactionDto;
    action: 'refund' | 'reverse';
  } | null>(null);

  const run = async (tx: AdminTransactionDto, action: OrderAction, reason: string) => {
    setBusy(action);
    try {
      const reply = await runOrderAction(tx._id, action, reason);
      toast.success(t.orderActionDone[action]);
      onUpdated(reply.data);
      setAsking(null);
    } catch (error) {
      toast.error(messageOr(error, actionFailed(action)));
      setAsking(null);
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
  };
}
