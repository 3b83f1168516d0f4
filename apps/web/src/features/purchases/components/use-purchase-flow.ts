import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PurchaseReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { PIN_LENGTH } from '@owo/shared/constants';
import { apiRequest, isApiError } from '../../../lib/api';
import { useAttemptKey, usePinInput, useWalletRefresh } from '../../../lib/payment-flow';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { toast } from '../../../lib/toast';
import type { PurchaseOrder } from '../api/purchase-api';
import { describePinRefusal } from '../../../lib/pin-standing';
import { errorCode, isDefiniteAnswer, PAYMENT_RETRY_MESSAGE } from '../../../lib/payment-errors';
import { PURCHASE_FAILED_FALLBACK } from '../api/purchase-errors';

export type CheckoutStep = 'form' | 'summary' | 'pin' | 'done';

export interface SummaryRow {
  label: string;
  value: string;
}

/** What the Summary and PIN sheets show, and the order to send. */
export interface Checkout {
  order: PurchaseOrder;
  /** Naira. */
  amount: number;
  rows: SummaryRow[];
  /** One line under the amount on the PIN sheet ("MTN 1GB data for 0803…"). */
  description: string;
}

/** What /pin/create reads to come back here (spec §2 PIN screens). */
interface PinCreateState {
  returnPath: string;
  secondData?: 'data' | 'airtime' | 'utility';
}

/** Tapping a plan opens the next sheet after about 100 ms (spec §2 Buy Data). */
export const OPEN_DELAY_MS = 100;

/**
 * The purchase flow of spec §4: form → Summary → PIN → purchase → success → /home.
 * One Idempotency-Key per attempt: reused when the same order is retried after no definite answer
 * (network failure, timeout), replaced after any definite answer.
 */
export function usePurchaseFlow(options: {
  returnPath: string;
  secondData?: PinCreateState['secondData'];
  onSuccess?: (reply: PurchaseReply) => void;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<CheckoutStep>('form');
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const { pin, setPin, pinError, setPinError, errorKey, clearPin, resetPin, rejectPin } =
    usePinInput();
  const purchase = useSubmitMutation(
    (request: { path: string; body: Record<string, unknown>; key: string }) =>
      apiRequest<PurchaseReply>(request.path, {
        method: 'POST',
        body: request.body,
        idempotencyKey: request.key,
        timeoutMs: 90_000,
      }),
  );
  const [result, setResult] = useState<PurchaseReply | null>(null);
  const attempts = useAttemptKey();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = useWalletRefresh();

  /** Opens the Summary sheet (after the short delay when `soon`). */
  const review = (next: Checkout, soon = false) => {
    clearTimeout(timer.current);
    const open = () => {
      setCheckout(next);
      resetPin();
      setStep('summary');
    };
    if (soon) timer.current = setTimeout(open, OPEN_DELAY_MS);
    else open();
  };

  const proceed = () => {
    resetPin();
    setStep('pin');
  };

  const close = () => {
    if (purchase.inFlight()) return;
    clearTimeout(timer.current);
    resetPin();
    setStep('form');
  };

  const confirm = async () => {
    if (!checkout || purchase.inFlight()) return;
    if (pin.length !== PIN_LENGTH) {
      setPinError(messages.pinInputFour);
      return;
    }
    const body = { ...checkout.order.body, transactionPin: pin };
    const key = attempts.keyFor(`${checkout.order.path} ${JSON.stringify(body)}`);
    try {
      const reply = await purchase.send({ path: checkout.order.path, body, key });
      attempts.forget();
      refresh();
      if (reply.status === 'failed') {
        toast.error(reply.message || PURCHASE_FAILED_FALLBACK);
        setStep('form');
        return;
      }
      setResult(reply);
      clearPin();
      setStep('done');
      options.onSuccess?.(reply);
    } catch (error) {
      if (!isDefiniteAnswer(error)) {
        // Keep the key and the PIN: tapping Confirm again replays this very attempt.
        toast.error((isApiError(error) && error.serverMessage) || PAYMENT_RETRY_MESSAGE);
        return;
      }
      attempts.forget();
      const code = errorCode(error);
      const serverMessage = isApiError(error) ? error.serverMessage : undefined;
      // A wrong PIN says the tries left; a locked one until when, with "Forgot PIN?" beside it.
      const pinRefusal = describePinRefusal(error, messages.pinIncorrectRetry);
      if (pinRefusal) {
        rejectPin(pinRefusal);
        return;
      }
      clearPin();
      setStep('form');
      if (code === 'PIN_NOT_SET') {
        const state: PinCreateState = {
          returnPath: options.returnPath,
          ...(options.secondData ? { secondData: options.secondData } : {}),
        };
        navigate('/pin/create', { state });
        return;
      }
      refresh();
      toast.error(serverMessage || PURCHASE_FAILED_FALLBACK);
    }
  };

  /** OK on the success dialog: back home with a fresh balance. */
  const finish = () => navigate('/home');

  return {
    step,
    checkout,
    pin,
    setPin,
    pinError,
    errorKey,
    /** The purchase request is on its way: Confirm spins, the sheets stay open. */
    busy: purchase.isPending,
    result,
    review,
    proceed,
    close,
    confirm,
    finish,
  };
}

export type PurchaseFlow = ReturnType<typeof usePurchaseFlow>;
