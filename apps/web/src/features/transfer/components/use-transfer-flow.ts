import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TransferReply } from '@owo/shared/api-types';
import { PIN_LENGTH } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';
import { useAttemptKey, usePinInput, useWalletRefresh } from '../../../lib/payment-flow';
import { toast } from '../../../lib/toast';
import {
  sendTransfer,
  validatePin,
  verifyRecipient,
  type Recipient,
  type TransferBody,
} from '../api/transfer-api';
import { errorCode, isDefiniteAnswer, TRANSFER_RETRY_MESSAGE } from '../../../lib/payment-errors';

export type TransferStep = 'form' | 'summary' | 'pin' | 'result';

/** A checked transfer, ready for the PIN. */
export interface TransferDraft {
  body: TransferBody;
  recipient: Recipient;
}

export type TransferResult =
  | { ok: true; reply: TransferReply; draft: TransferDraft }
  | { ok: false; message: string; draft: TransferDraft };

/**
 * The transfer flow of spec §4: form → recipient lookup → Summary → PIN dialog → PIN check →
 * transfer → success or failure dialog. A failed lookup clears the form; every answered attempt
 * clears it too. One Idempotency-Key per attempt, kept only while no definite answer came back.
 */
export function useTransferFlow(options: { clearForm: () => void }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<TransferStep>('form');
  const [draft, setDraft] = useState<TransferDraft | null>(null);
  const { pin, setPin, pinError, setPinError, errorKey, clearPin, resetPin, rejectPin } =
    usePinInput();
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TransferResult | null>(null);
  const attempts = useAttemptKey();
  const refresh = useWalletRefresh();

  /** Continue on the form: the recipient must exist before the PIN step (spec §5). */
  const check = async (input: { email: string; amount: number; note: string }) => {
    if (checking) return;
    setChecking(true);
    try {
      const reply = await verifyRecipient(input.email);
      if (!reply.data?._id) {
        options.clearForm();
        toast.error(messages.transferPayeeFailed);
        return;
      }
      // The transfer names the payee by the id the lookup answered (spec §7).
      const body: TransferBody = {
        recipientIdentifier: reply.data._id,
        amount: input.amount,
        note: input.note,
      };
      setDraft({ body, recipient: reply.data });
      resetPin();
      setStep('summary');
    } catch (error) {
      options.clearForm();
      toast.error((isApiError(error) && error.serverMessage) || messages.transferCheckEmailFailed);
    } finally {
      setChecking(false);
    }
  };

  const proceed = () => {
    resetPin();
    setStep('pin');
  };

  const close = () => {
    if (busy) return;
    resetPin();
    setStep('form');
  };

  const goCreatePin = () => {
    clearPin();
    setStep('form');
    navigate('/pin/create', { state: { returnPath: '/transfer' } });
  };

  /** The answered attempt: show its dialog, clear the inputs, refresh the balance. */
  const finishAttempt = (next: TransferResult) => {
    attempts.forget();
    clearPin();
    setResult(next);
    setStep('result');
    options.clearForm();
    refresh();
  };

  const confirm = async () => {
    if (!draft || busy) return;
    if (pin.length !== PIN_LENGTH) {
      setPinError(messages.pinInputFour);
      return;
    }
    const key = attempts.keyFor(JSON.stringify({ ...draft.body, pin }));
    setBusy(true);
    try {
      try {
        await validatePin(pin);
      } catch (error) {
        if (!isDefiniteAnswer(error)) throw error;
        if (errorCode(error) === 'PIN_NOT_SET') return goCreatePin();
        if (isApiError(error) && error.status === 400) return rejectPin(messages.pinIncorrectRetry);
        return rejectPin(
          (isApiError(error) && error.serverMessage) || messages.pinVerifyFailedRetry,
        );
      }
      const reply = await sendTransfer(draft.body, pin, key);
      finishAttempt({ ok: true, reply, draft });
    } catch (error) {
      if (!isDefiniteAnswer(error)) {
        // Keep the key and the PIN: Confirm again replays this very attempt.
        toast.error((isApiError(error) && error.serverMessage) || TRANSFER_RETRY_MESSAGE);
        return;
      }
      const code = errorCode(error);
      if (code === 'PIN_INCORRECT') {
        attempts.forget();
        return rejectPin(messages.pinIncorrectRetry);
      }
      if (code === 'PIN_NOT_SET') return goCreatePin();
      const message =
        code === 'INSUFFICIENT_FUNDS'
          ? messages.transferFailedInsufficient
          : (isApiError(error) && error.serverMessage) || messages.transactionFailedRetry;
      finishAttempt({ ok: false, message, draft });
    } finally {
      setBusy(false);
    }
  };

  const dismissResult = () => {
    const succeeded = result?.ok === true;
    setResult(null);
    setDraft(null);
    setStep('form');
    if (succeeded) navigate('/home');
  };

  return {
    step,
    draft,
    pin,
    setPin,
    pinError,
    errorKey,
    checking,
    busy,
    result,
    check,
    proceed,
    close,
    confirm,
    dismissResult,
  };
}

export type TransferFlow = ReturnType<typeof useTransferFlow>;
