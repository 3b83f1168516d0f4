import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PurchaseReply } from '@owo/shared/api-types';
import { PIN_LENGTH } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { isApiError, newIdempotencyKey } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { successMessage } from '../api/betting-amount';
import { payBetting, type BettingOrder } from '../api/betting-api';
import {
  errorCode,
  isDefiniteAnswer,
  isPinProblem,
  NETWORK_RETRY_MESSAGE,
} from '../api/betting-errors';

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
  const queryClient = useQueryClient();
  const [checkout, setCheckout] = useState<BettingCheckout | null>(null);
  const [pin, setPinValue] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    void queryClient.invalidateQueries({ queryKey: ['transactions'] });
  };

  const open = (next: BettingCheckout) => {
    setCheckout(next);
    setPinValue('');
    setPinError(null);
  };

  /** Cancel, the backdrop or Escape: the sheet closes and the PIN is forgotten. */
  const close = () => {
    if (busy) return;
    setCheckout(null);
    setPinValue('');
    setPinError(null);
  };

  const setPin = (value: string) => {
    setPinValue(value);
    if (value) setPinError(null);
  };

  const confirm = async () => {
    if (!checkout || busy) return;
    if (pin.length !== PIN_LENGTH) {
      setPinError(messages.bettingPinRequired);
      return;
    }
    const fingerprint = JSON.stringify({ ...checkout.order, pin });
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    }
    setBusy(true);
    let reply: PurchaseReply;
    try {
      reply = await payBetting(checkout.order, pin, attempt.current.key);
    } catch (error) {
      setBusy(false);
      if (!isDefiniteAnswer(error)) {
        // Keep the key and the PIN: Confirm again replays this very attempt.
        toast.error((isApiError(error) && error.serverMessage) || NETWORK_RETRY_MESSAGE);
        return;
      }
      attempt.current = null;
      const code = errorCode(error);
      const serverMessage = isApiError(error) ? error.serverMessage : undefined;
      if (code === 'PIN_NOT_SET') {
        setCheckout(null);
        setPinValue('');
        navigate('/pin/create', { state: { returnPath: '/betting' } });
        return;
      }
      // A locked PIN is not a wrong one: say so and close (its text mentions "PIN" too).
      if (code !== 'PIN_LOCKED' && (code === 'PIN_INCORRECT' || isPinProblem(serverMessage))) {
        setPinValue('');
        setPinError(messages.bettingPinIncorrect);
        setErrorKey((k) => k + 1);
        return;
      }
      setCheckout(null);
      setPinValue('');
      refresh();
      toast.error(serverMessage || messages.transactionFailedRetry);
      return;
    }
    attempt.current = null;
    setBusy(false);
    setCheckout(null);
    setPinValue('');
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
