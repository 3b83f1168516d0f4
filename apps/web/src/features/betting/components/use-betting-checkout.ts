import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PurchaseReply } from '@owo/shared/api-types';
import { PIN_LENGTH } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';
import { useAttemptKey, usePinInput, useWalletRefresh } from '../../../lib/payment-flow';
import { toast } from '../../../lib/toast';
import { successMessage } from '../api/betting-amount';
import { payBetting, type BettingOrder } from '../api/betting-api';
import { errorCode, isDefiniteAnswer, PAYMENT_RETRY_MESSAGE } from '../../../lib/payment-errors';
import { isPinProblem } from '../api/betting-errors';

/** What the PIN sheet shows and sends. */
export interface BettingCheckout {
  order: BettingOrder;
  platformName: string;
  platformIcon: string;
}

/**
 * The betting flow after Pay (spec §4): PIN sheet → top-up → success toast, form reset, /home.
 * A PIN problem clears the PIN and keeps the sheet; any other answer closes it. One
 * Idempotency-Key per attempt, kept while no definite answer came back.
 */
export function useBettingCheckout(options: { onSuccess: () => void }) {
  const navigate = useNavigate();
  const [checkout, setCheckout] = useState<BettingCheckout | null>(null);
  const { pin, setPin, pinError, setPinError, errorKey, clearPin, resetPin, rejectPin } =
    usePinInput();
  const [busy, setBusy] = useState(false);
  const attempts = useAttemptKey();
  const refresh = useWalletRefresh();

  const open = (next: BettingCheckout) => {
    setCheckout(next);
    resetPin();
  };

  /** Cancel, the backdrop or Escape: the sheet closes and the PIN is forgotten. */
  const close = () => {
    if (busy) return;
    setCheckout(null);
    resetPin();
  };

  const confirm = async () => {
    if (!checkout || busy) return;
    if (pin.length !== PIN_LENGTH) {
      setPinError(messages.bettingPinRequired);
      return;
    }
    const key = attempts.keyFor(JSON.stringify({ ...checkout.order, pin }));
    setBusy(true);
    let reply: PurchaseReply;
    try {
      reply = await payBetting(checkout.order, pin, key);
    } catch (error) {
      setBusy(false);
      if (!isDefiniteAnswer(error)) {
        // Keep the key and the PIN: Confirm again replays this very attempt.
        toast.error((isApiError(error) && error.serverMessage) || PAYMENT_RETRY_MESSAGE);
        return;
      }
      attempts.forget();
      const code = errorCode(error);
      const serverMessage = isApiError(error) ? error.serverMessage : undefined;
      if (code === 'PIN_NOT_SET') {
        setCheckout(null);
        clearPin();
        navigate('/pin/create', { state: { returnPath: '/betting' } });
        return;
      }
      // A locked PIN is not a wrong one: say so and close (its text mentions "PIN" too).
      if (code !== 'PIN_LOCKED' && (code === 'PIN_INCORRECT' || isPinProblem(serverMessage))) {
        rejectPin(messages.bettingPinIncorrect);
        return;
      }
      setCheckout(null);
      clearPin();
      refresh();
      toast.error(serverMessage || messages.transactionFailedRetry);
      return;
    }
    attempts.forget();
    setBusy(false);
    setCheckout(null);
    clearPin();
    refresh();
    if (reply.status === 'failed') {
      toast.error(reply.message || messages.transactionFailedRetry);
      return;
    }
    if (reply.status === 'pending') toast.info(reply.message || messages.purchaseProcessing);
    else
      toast.success(
        successMessage(checkout.platformName || 'betting account', checkout.order.amount),
      );
    options.onSuccess();
    navigate('/home');
  };

  return { checkout, pin, setPin, pinError, errorKey, busy, open, close, confirm };
}

export type BettingCheckoutFlow = ReturnType<typeof useBettingCheckout>;
