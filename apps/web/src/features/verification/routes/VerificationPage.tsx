import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';
import { readValidateState } from '../api/kyc-state';
import { AccountReady } from '../components/AccountReady';
import { DetailsStep } from '../components/DetailsStep';
import { ValidateStep } from '../components/ValidateStep';

/**
 * /verification/update and /verification/validate share this screen (spec route table): the
 * details step on the first, the code step on the second. A customer who already has a permanent
 * account sees it instead of starting over.
 */
export function VerificationPage() {
  useCurrentUser();
  const location = useLocation();
  const user = useSession((s) => s.user);
  const validateState = useMemo(() => readValidateState(location.state), [location.state]);
  const onValidate = location.pathname.replace(/\/+$/, '') === '/verification/validate';

  const account = user.accountDetails;
  if (user.isKYCVerified && account?.accountNumber)
    return <AccountReady account={account} fresh={onValidate} />;

  if (onValidate) {
    // The identity travels only in navigation state: without it (a reload in another tab, a
    // typed URL) the customer picks NIN or BVN again.
    if (!validateState) return <Navigate to="/verification/initiate" replace />;
    return <ValidateStep key={validateState.identityId} state={validateState} />;
  }
  return <DetailsStep />;
}
