import { useState } from 'react';
import { PIN_LENGTH } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { toast } from '../../../lib/toast';
import { createSwap, type SwapRequest } from '../api/swap-api';
import type { UploadState } from '../api/swap-navigation';
import { describePinRefusal } from '../../../lib/pin-standing';

/** Spec 02 §8: a refusal that speaks of the PIN keeps the sheet open and asks for it again. */
const PIN_PROBLEM = /pin|incorrect/i;

/**
 * Confirm Conversion → create the request (the PIN is checked by the create call itself) → the
 * upload screen. A PIN refusal clears the PIN and keeps the sheet; any other failure shows the
 * server's message (or the spec's fallback), resets the form and closes the sheet.
 */
export function useCreateSwap(handlers: {
  onCreated: (state: UploadState) => void;
  onPinCleared: () => void;
  onFailed: () => void;
}) {
  const [request, setRequest] = useState<SwapRequest | null>(null);
  const create = useSubmitMutation((body: Parameters<typeof createSwap>[0]) => createSwap(body));
  const [pinError, setPinError] = useState<string | null>(null);
  /** The sheet shows its own PIN field once the PIN has to be entered again. */
  const [askPin, setAskPin] = useState(false);

  const review = (next: SwapRequest) => {
    setRequest(next);
    setPinError(null);
    setAskPin(false);
  };

  const close = () => {
    if (create.inFlight()) return;
    setRequest(null);
  };

  const confirm = async (pin: string) => {
    if (!request || create.inFlight()) return;
    if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) {
      setPinError(messages.swapPinConfirm);
      setAskPin(true);
      return;
    }
    setPinError(null);
    try {
      const reply = await create.send({ ...request, transactionPin: pin });
      setRequest(null);
      handlers.onCreated({
        swapId: reply.data.swapId,
        network: request.network,
        airtimeAmount: String(request.amount),
        expectedPayout: reply.data.expectedPayout,
        recipientPhone: reply.data.recipientPhone,
        paymentMethod: request.paymentMethod,
        screenshotUploaded: false,
      });
    } catch (error) {
      const serverMessage = isApiError(error) ? error.serverMessage : undefined;
      const code = isApiError(error) ? (error.data as { code?: unknown } | null)?.code : undefined;
      const pinRefusal = describePinRefusal(error, messages.swapPinIncorrect);
      if (pinRefusal) {
        setPinError(pinRefusal);
        setAskPin(true);
        handlers.onPinCleared();
      } else if (code === 'PIN_LOCKED' && serverMessage) {
        setPinError(serverMessage);
        setAskPin(true);
        handlers.onPinCleared();
      } else if (serverMessage && PIN_PROBLEM.test(serverMessage)) {
        setPinError(messages.swapPinIncorrect);
        setAskPin(true);
        handlers.onPinCleared();
      } else {
        toast.error(serverMessage ?? messages.swapCreateFailed);
        setRequest(null);
        handlers.onFailed();
      }
    }
  };

  return {
    request,
    /** The request is being created: Confirm spins, the sheet stays open. */
    busy: create.isPending,
    pinError,
    askPin,
    review,
    close,
    confirm,
  };
}

export type CreateSwapFlow = ReturnType<typeof useCreateSwap>;
