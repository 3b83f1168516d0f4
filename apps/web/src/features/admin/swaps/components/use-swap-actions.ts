import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SwapDto } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { adminSwapsKey, verifySwap, type AdminAction } from '../api/admin-swaps-api';

/**
 * The admin actions of spec 02 §4: approve (a wallet payout at once; a bank payout asks for the
 * payout reference first), complete (same reference rule) and reject (after a confirmation, with
 * the note 'Transaction rejected by admin'). The server decides what is allowed; this only asks.
 */
export function useSwapActions(onUpdated: (swap: SwapDto) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<AdminAction | null>(null);
  const [askReference, setAskReference] = useState<{ swap: SwapDto; action: AdminAction } | null>(
    null,
  );
  const [askReject, setAskReject] = useState<SwapDto | null>(null);

  const run = async (swap: SwapDto, action: AdminAction, extra: { payoutReference?: string }) => {
    setBusy(action);
    try {
      const reply = await verifySwap(swap.swapId, {
        action,
        ...(action === 'reject' ? { note: messages.swapRejectedByAdmin } : {}),
        ...extra,
      });
      toast.success(reply.message);
      onUpdated(reply.data);
    } catch (error) {
      toast.error(messageOr(error, messages.swapAdminActionFailed.replace('{action}', action)));
    } finally {
      setBusy(null);
      setAskReference(null);
      setAskReject(null);
      void queryClient.invalidateQueries({ queryKey: adminSwapsKey });
    }
  };

  const start = (swap: SwapDto, action: AdminAction) => {
    if (busy) return;
    if (action === 'reject') setAskReject(swap);
    else if (swap.paymentMethod === 'bank') setAskReference({ swap, action });
    else void run(swap, action, {});
  };

  return {
    busy,
    start,
    askReference,
    askReject,
    confirmReference: (reference: string) =>
      askReference &&
      void run(askReference.swap, askReference.action, { payoutReference: reference }),
    confirmReject: () => askReject && void run(askReject, 'reject', {}),
    cancel: () => {
      if (busy) return;
      setAskReference(null);
      setAskReject(null);
    },
  };
}

export type SwapActions = ReturnType<typeof useSwapActions>;
