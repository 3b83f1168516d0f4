import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { PIN_LENGTH } from '@owo/shared/constants';
import { PinKeypad } from '../../../components/PinKeypad';
import { useSession } from '../../../lib/session-store';
import { validatePin } from '../api/pin-api';
import { describePinCheckError, isPinRefusal } from '../api/pin-errors';
import { PinScreen } from '../components/PinScreen';
import type { PinNavigationState } from './navigation-state';

/** /pin/{service}/enter unlocks the matching screen, which receives {pinVerified: true}. */
const services = {
  data: { path: '/data', name: 'Data', secondData: 'data' },
  airtime: { path: '/airtime', name: 'Airtime', secondData: 'airtime' },
  utility: { path: '/utility', name: 'Electricity', secondData: 'utility' },
  cable: { path: '/cable', name: 'Cable TV', secondData: undefined },
  transfer: { path: '/transfer', name: 'Transfer', secondData: undefined },
} as const;

type Service = keyof typeof services;

export function EnterPinPage() {
  const navigate = useNavigate();
  const { service } = useParams();
  const hasPin = useSession((s) => s.user.hasSetTransactionPin);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState(0);
  // A wrong or locked PIN stays written under the keypad (tries left, the lock's end).
  const [pinMessage, setPinMessage] = useState<string | null>(null);

  if (!service || !(service in services)) return <Navigate to="/home" replace />;
  const target = services[service as Service];
  if (!hasPin) {
    const state: PinNavigationState = { returnPath: target.path, secondData: target.secondData };
    return <Navigate to="/pin/create" replace state={state} />;
  }

  const check = async (pin: string) => {
    setBusy(true);
    try {
      await validatePin(pin);
      navigate(target.path, { replace: true, state: { pinVerified: true } });
    } catch (error) {
      if (isPinRefusal(error)) setPinMessage(describePinCheckError(error));
      else toast.error(describePinCheckError(error));
      setErrorKey((k) => k + 1);
      setValue('');
    } finally {
      setBusy(false);
    }
  };

  const onChange = (next: string) => {
    setValue(next);
    if (next.length === PIN_LENGTH) void check(next);
  };

  return (
    <PinScreen
      title="Enter transaction PIN"
      subtitle={`Enter your 4-digit PIN to continue to ${target.name}.`}
      busy={busy}
      backTo="/home"
    >
      <PinKeypad
        label="Transaction PIN"
        value={value}
        onChange={onChange}
        disabled={busy}
        errorKey={errorKey}
        message={
          <p role="alert" className="text-danger">
            {pinMessage ?? ''}
          </p>
        }
        extraKey={
          <button
            type="button"
            onClick={() => {
              const forgot: PinNavigationState = {
                returnPath: `/pin/${service}/enter`,
                forgotPin: true,
              };
              navigate('/pin/create', { state: forgot });
            }}
            className="min-h-11 rounded-full px-2 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50"
          >
            Forgot PIN?
          </button>
        }
      />
    </PinScreen>
  );
}
