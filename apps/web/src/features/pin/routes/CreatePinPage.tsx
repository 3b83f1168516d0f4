import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { PIN_LENGTH } from '@owo/shared/constants';
import { CodeBoxes } from '../../../components/CodeBoxes';
import { PinKeypad } from '../../../components/PinKeypad';
import { ResendCountdown } from '../../../components/ResendCountdown';
import { messageOr } from '../../../lib/api-errors';
import { isApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import { checkPinOtp, requestPinOtp, setTransactionPin, validatePin } from '../api/pin-api';
import { describePinCheckError, isPinRefusal } from '../api/pin-errors';
import { PinScreen } from '../components/PinScreen';
import { safeReturnPath, type PinNavigationState } from './navigation-state';

type Step = 'current' | 'otp' | 'new' | 'confirm';

const PINS_DIFFER = "PINs don't match. Please enter your new PIN again.";

/**
 * Sets the first PIN (enter, confirm) or changes it. A change first proves it is the owner:
 * the current PIN (checked straight away) or, through "Forgot PIN?", a code sent by e-mail.
 */
export function CreatePinPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as PinNavigationState;
  const user = useSession((s) => s.user);
  const patchUser = useSession((s) => s.patchUser);
  const changing = user.hasSetTransactionPin;

  const [step, setStep] = useState<Step>(changing ? 'current' : 'new');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState(0);
  // A wrong or locked current PIN stays written under the keypad (tries left, the lock's end).
  const [pinMessage, setPinMessage] = useState<string | null>(null);
  const proof = useRef<{ currentPin?: string; otp?: string }>({});
  const newPin = useRef('');

  const fail = (message: string, nextStep: Step = step) => {
    toast.error(message);
    setErrorKey((k) => k + 1);
    setValue('');
    setStep(nextStep);
  };

  const finish = async (pin: string) => {
    setBusy(true);
    try {
      const reply = await setTransactionPin({ transactionPin: pin, ...proof.current });
      patchUser({ hasSetTransactionPin: true });
      toast.success(reply.message);
      const target = safeReturnPath(state.returnPath) ?? '/home';
      navigate(target, {
        replace: true,
        state: state.secondData ? { secondData: state.secondData } : undefined,
      });
    } catch (error) {
      const message = messageOr(error, messages.pinSetFailed);
      // A rejected proof sends the user back to give it again; other failures restart the new PIN.
      const proofRejected =
        changing && isApiError(error) && (error.status === 400 || error.status === 403);
      const usedEmailCode = proof.current.otp !== undefined;
      if (proofRejected) proof.current = {};
      fail(message, proofRejected ? (usedEmailCode ? 'otp' : 'current') : 'new');
    } finally {
      setBusy(false);
    }
  };

  const onComplete = async (pin: string) => {
    if (step === 'current') {
      setBusy(true);
      try {
        await validatePin(pin);
        proof.current = { currentPin: pin };
        setPinMessage(null);
        setValue('');
        setStep('new');
      } catch (error) {
        if (isPinRefusal(error)) {
          setPinMessage(describePinCheckError(error));
          setErrorKey((k) => k + 1);
          setValue('');
        } else {
          fail(describePinCheckError(error));
        }
      } finally {
        setBusy(false);
      }
    } else if (step === 'otp') {
      // The code is checked here, not after the new PIN is typed twice (decision 0058).
      setBusy(true);
      try {
        await checkPinOtp(pin);
        proof.current = { otp: pin };
        setValue('');
        setStep('new');
      } catch (error) {
        fail(messageOr(error, messages.invalidOtp));
      } finally {
        setBusy(false);
      }
    } else if (step === 'new') {
      newPin.current = pin;
      setValue('');
      setStep('confirm');
    } else if (pin !== newPin.current) {
      fail(PINS_DIFFER, 'new');
    } else {
      await finish(pin);
    }
  };

  const onChange = (next: string) => {
    setValue(next);
    // Advance at once (no animation delay): quick typists' next digits must land on the next step.
    if (next.length === PIN_LENGTH) void onComplete(next);
  };

  const forgotPin = async () => {
    setBusy(true);
    try {
      const reply = await requestPinOtp();
      toast.success(reply.message);
      proof.current = {};
      setPinMessage(null);
      setValue('');
      setStep('otp');
    } catch (error) {
      toast.error(messageOr(error, messages.errorOccurred));
    } finally {
      setBusy(false);
    }
  };

  // "Forgot PIN?" on a payment's PIN step or a PIN screen: the code goes out at once.
  const askedForgot = useRef(false);
  useEffect(() => {
    if (!changing || !state.forgotPin || askedForgot.current) return;
    askedForgot.current = true;
    void forgotPin();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const resendPinOtp = async (): Promise<boolean> => {
    try {
      toast.success((await requestPinOtp()).message);
      return true;
    } catch (error) {
      toast.error(messageOr(error, messages.errorOccurred));
      return false;
    }
  };

  const copy = {
    current: {
      title: 'Enter current PIN',
      subtitle: 'Enter your current 4-digit transaction PIN to change it.',
      label: 'Current PIN',
    },
    otp: {
      title: 'Enter email code',
      subtitle: `We sent a 4-digit code to ${user.email || 'your email'}.`,
      label: 'Email code',
    },
    new: {
      title: changing ? 'Create a new PIN' : messages.setTransactionPin,
      subtitle: "You'll use this 4-digit PIN to approve payments and transfers.",
      label: 'New PIN',
    },
    confirm: {
      title: 'Confirm your PIN',
      subtitle: 'Enter the same 4 digits again.',
      label: 'Confirm PIN',
    },
  }[step];

  const stepNumber = { current: 1, otp: 1, new: changing ? 2 : 1, confirm: changing ? 3 : 2 }[step];
  const totalSteps = changing ? 3 : 2;

  return (
    <PinScreen
      title={copy.title}
      subtitle={copy.subtitle}
      busy={busy}
      step={`Step ${stepNumber} of ${totalSteps}`}
      placement={step === 'otp' ? 'top' : 'bottom'}
    >
      {step === 'otp' ? (
        // The e-mailed code is typed or pasted (or filled in by the phone) into code boxes.
        <div className="flex flex-col items-center gap-3">
          <div className="w-full">
            <CodeBoxes
              label={copy.label}
              value={value}
              onChange={onChange}
              disabled={busy}
              autoFocus
            />
          </div>
          <p className="text-sm text-muted">
            Didn&apos;t get it?{' '}
            <ResendCountdown label="Resend code" onResend={resendPinOtp} disabled={busy} />
          </p>
        </div>
      ) : (
        <PinKeypad
          key={step}
          label={copy.label}
          value={value}
          onChange={onChange}
          disabled={busy}
          errorKey={errorKey}
          message={
            step === 'current' ? (
              <p role="alert" className="text-danger">
                {pinMessage ?? ''}
              </p>
            ) : undefined
          }
          extraKey={
            step === 'current' ? (
              <button
                type="button"
                onClick={() => void forgotPin()}
                disabled={busy}
                className="min-h-11 rounded-full px-2 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50"
              >
                Forgot PIN?
              </button>
            ) : null
          }
        />
      )}
    </PinScreen>
  );
}
