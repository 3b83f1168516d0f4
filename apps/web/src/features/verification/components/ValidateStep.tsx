import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountDto } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { CodeBoxes } from '../../../components/CodeBoxes';
import { ResendCountdown } from '../../../components/ResendCountdown';
import { messageOr } from '../../../lib/api-errors';
import { currentUserKey } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { createSubaccount, initiateVerification, validateVerification } from '../api/kyc-api';
import { checkOtp } from '../api/kyc-rules';
import type { ValidateState } from '../api/kyc-state';
import { AccountReady } from './AccountReady';
import { KycScreen } from './KycScreen';

/** Safe Haven's identity codes are 6 digits (the API accepts 4 to 8; a shorter one still submits). */
const KYC_CODE_DIGITS = 6;

/**
 * The code step (/verification/validate): the code Safe Haven sent is validated, then the same
 * code opens the permanent sub-account, which the success state shows. A code that passed
 * validation is not sent to validate again when only the account opening needs a retry.
 */
export function ValidateStep({ state }: { state: ValidateState }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const patchUser = useSession((s) => s.patchUser);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [account, setAccount] = useState<AccountDto | null>(null);
  /** The code that validate accepted for this identityId, if any. */
  const validated = useRef<{ identityId: string; otp: string } | null>(null);

  if (account) return <AccountReady account={account} fresh />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkOtp(otp, state.identityId);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const code = checked.value;
      const passed = validated.current;
      if (!passed || passed.identityId !== state.identityId || passed.otp !== code) {
        await validateVerification({ otp: code, identityId: state.identityId });
        validated.current = { identityId: state.identityId, otp: code };
      }
      const reply = await createSubaccount({
        phoneNumber: user.phoneNumber,
        emailAddress: user.email,
        identityId: state.identityId,
        identityNumber: state.number,
        identityType: state.type,
        otp: code,
      });
      const opened = reply.data;
      patchUser({
        isKYCVerified: true,
        accountNumber: opened.accountNumber,
        accountDetails: { ...opened },
      });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      setAccount(opened);
    } catch (err) {
      setError(messageOr(err, messages.kycAuthFailed));
      if (!validated.current) setOtp('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async (): Promise<boolean> => {
    try {
      const reply = await initiateVerification({ type: state.type, number: state.number });
      validated.current = null;
      setOtp('');
      setError(null);
      toast.success(reply.message);
      navigate('/verification/validate', {
        replace: true,
        state: { ...state, identityId: reply.data.identityId, numberHint: reply.data.numberHint },
      });
      return true;
    } catch (err) {
      toast.error(messageOr(err, messages.verificationFailed));
      return false;
    }
  };

  // The server's hint is the number's last digits; the rest stays masked on screen.
  const masked = `••••••••${state.numberHint || state.number.slice(-3)}`;
  return (
    <KycScreen
      step={3}
      title="Enter the code"
      subtitle={
        <>
          We sent a code to the phone number linked to your {state.type}{' '}
          <strong className="font-semibold text-ink amount">{masked}</strong>.
        </>
      }
      backTo="/verification/initiate"
      onSubmit={(e) => void submit(e)}
      actions={
        <>
          <Button type="submit" loading={busy}>
            Verify
          </Button>
          <p className="text-center text-sm text-muted">
            Didn&apos;t get it?{' '}
            <ResendCountdown label="Resend code" onResend={resend} disabled={busy} />
          </p>
        </>
      }
    >
      <CodeBoxes
        label="Verification code"
        length={KYC_CODE_DIGITS}
        autoFocus
        value={otp}
        onChange={(code) => {
          setOtp(code);
          setError(null);
        }}
        error={error}
      />
    </KycScreen>
  );
}
