import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TransferReply } from '@owo/shared/api-types';
import { PIN_LENGTH } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';
import { useAttemptKey, usePinInput, useWalletRefresh } from '../../../lib/payment-flow';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { toast } from '../../../lib/toast';
import {
  sendTransfer,
  validatePin,
  verifyRecipient,
  type Recipient,
  type TransferBody,
} from '../api/transfer-api';
import { errorCode, isDefiniteAnswer, TRANSFER_RETRY_MESSAGE } from '../../../lib/payment-errors';
import { describePinRefusal } from '../../../lib/pin-standing';

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
  const lookup = useSubmitMutation((email: string) => verifyRecipient(email));
  /**
   * One attempt: the PIN check, then the transfer under the attempt's key. A definite refusal of
   * the PIN is an answer of the attempt (the transfer is not sent), so it resolves rather than
   * throws; no answer from either call, or a refusal of the transfer, rejects.
   */
  const attempt = useSubmitMutation(
    async (request: { body: TransferBody; pin: string; key: string }) => {
      try {
        await validatePin(request.pin);
      } catch (error) {
        if (!isDefiniteAnswer(error)) throw error;
        return { sent: false, pinError: error } as const;
      }
      const reply = await sendTransfer(request.body, request.pin, request.key);
      return { sent: true, reply } as const;
    },
  );
  const [result, setResult] = useState<TransferResult | null>(null);
  const attempts = useAttemptKey();
  const refresh = useWalletRefresh();

  /** Continue on the form: the recipient must exist before the PIN step (spec §5). */
  const check = async (input: { email: string; amount: number; note: string }) => {
    if (lookup.inFlight()) return;
    try {
      const reply = await lookup.send(input.email);
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
    }
  };

  const proceed = () => {
    resetPin();
    setStep('pin');
  };

  const close = () => {
    if (attempt.inFlight()) return;
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
    if (!draft || attempt.inFlight()) return;
    if (pin.length !== PIN_LENGTH) {
      setPinError(messages.pinInputFour);
      return;
    }
    const key = attempts.keyFor(JSON.stringify({ ...draft.body, pin }));
    try {
      const outcome = await attempt.send({ body: draft.body, pin, key });
      if (!outcome.sent) {
        const error = outcome.pinError;
        if (errorCode(error) === 'PIN_NOT_SET') return goCreatePin();
        const pinRefusal = describePinRefusal(error, messages.pinIncorrectRetry);
        if (pinRefusal) return rejectPin(pinRefusal);
        if (isApiError(error) && error.status === 400) return rejectPin(messages.pinIncorrectRetry);
        return rejectPin(
          (isApiError(error) && error.serverMessage) || messages.pinVerifyFailedRetry,
        );
      }
      finishAttempt({ ok: true, reply: outcome.reply, draft });
    } catch (error) {
      if (!isDefiniteAnswer(error)) {
        // Keep the key and the PIN: Confirm again replays this very attempt.
        toast.error((isApiError(error) && error.serverMessage) || TRANSFER_RETRY_MESSAGE);
        return;
      }
      const code = errorCode(error);
      const pinRefusal = describePinRefusal(error, messages.pinIncorrectRetry);
      if (pinRefusal) {
        attempts.forget();
        return rejectPin(pinRefusal);
      }
      if (code === 'PIN_NOT_SET') return goCreatePin();
      const message =
        code === 'INSUFFICIENT_FUNDS'
          ? messages.transferFailedInsufficient
          : (isApiError(error) && error.serverMessage) || messages.transactionFailedRetry;
      finishAttempt({ ok: false, message, draft });
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
    /** The recipient lookup is on its way: Continue spins. */
    checking: lookup.isPending,
    /** The PIN check or the transfer is on its way: Confirm spins, the dialogs stay open. */
    busy: attempt.isPending,
    result,
    check,
    proceed,
    close,
    confirm,
    dismissResult,
  };
}

export type TransferFlow = ReturnType<typeof useTransferFlow>;
