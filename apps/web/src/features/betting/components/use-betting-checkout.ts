import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PurchaseReply } from '@owo/shared/api-types';
import { PIN_LENGTH } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';
import { useAttemptKey, usePinInput, useWalletRefresh } from '../../../lib/payment-flow';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { toast } from '../../../lib/toast';
import { successMessage } from '../api/betting-amount';
import { payBetting, type BettingOrder } from '../api/betting-api';
import { errorCode, isDefiniteAnswer, PAYMENT_RETRY_MESSAGE } from '../../../lib/payment-errors';
import { isPinProblem } from '../api/betting-errors';
import { describePinRefusal } from '../../../lib/pin-standing';

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
  const payment = useSubmitMutation((request: { order: BettingOrder; pin: string; key: string }) =>
    payBetting(request.order, request.pin, request.key),
  );
  const attempts = useAttemptKey();
  const refresh = useWalletRefresh();

  const open = (next: BettingCheckout) => {
    setCheckout(next);
    resetPin();
  };

  /** Cancel, the backdrop or Escape: the sheet closes and the PIN is forgotten. */
  const close = () => {
    if (payment.inFlight()) return;
    setCheckout(null);
    resetPin();
  };

  const confirm = async () => {
    if (!checkout || payment.inFlight()) return;
    if (pin.length !== PIN_LENGTH) {
      setPinError(messages.bettingPinRequired);
      return;
    }
    const key = attempts.keyFor(JSON.stringify({ ...checkout.order, pin }));
    let reply: PurchaseReply;
    try {
      reply = await payment.send({ order: checkout.order, pin, key });
    } catch (error) {
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
      // A wrong PIN says the tries left, a locked one until when; the sheet stays open with
      // "Forgot PIN?" (decision 0058).
      const pinRefusal = describePinRefusal(error, messages.bettingPinIncorrect);
      if (pinRefusal) {
        rejectPin(pinRefusal);
        return;
      }
      if (code !== 'PIN_LOCKED' && isPinProblem(serverMessage)) {
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

  return {
    checkout,
    pin,
    setPin,
    pinError,
    errorKey,
    /** The top-up request is on its way: Confirm spins, Cancel and Pay wait. */
    busy: payment.isPending,
    open,
    close,
    confirm,
  };
}

export type BettingCheckoutFlow = ReturnType<typeof useBettingCheckout>;
