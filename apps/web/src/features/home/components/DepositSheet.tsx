import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DEPOSIT_CHIPS_NAIRA } from '@owo/shared/constants';
import { parseNairaToKobo } from '@owo/shared/money';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { BankIcon, ChevronRightIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import {
  depositErrorMessage,
  startDeposit,
  validateDepositAmount,
  type PaymentDetails,
} from '../../../lib/deposit/deposit-api';
import { PermanentAccountCard } from '../../../components/deposit/PermanentAccountCard';
import { PaymentDetailsSheet } from './PaymentDetailsSheet';

interface DepositSheetProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Fund the wallet (spec §2 Home "Deposit sheet"): an amount (typed or a chip), then "Fund your
 * Wallet" creates the deposit — a virtual-account deposit for KYC-verified customers, a one-off
 * checkout account for everyone else — and the payment-details sheet takes over.
 */
export function DepositSheet({ open, onClose }: DepositSheetProps) {
  const [details, setDetails] = useState<PaymentDetails | null>(null);
  const close = () => {
    setDetails(null);
    onClose();
  };
  if (!open) return null;
  if (details) return <PaymentDetailsSheet details={details} onClose={close} />;
  return <AmountSheet onClose={close} onCreated={setDetails} />;
}

function AmountSheet({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (details: PaymentDetails) => void;
}) {
  const user = useSession((s) => s.user);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kobo = parseNairaToKobo(amount);
  const account = user.accountDetails;
  const hasPermanentAccount = user.isKYCVerified && Boolean(account?.accountNumber);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const checked = await validateDepositAmount(amount);
      setError(checked.ok ? null : checked.error);
      if (!checked.ok) return;
      onCreated(await startDeposit(checked.amount, user.isKYCVerified));
    } catch (err) {
      toast.error(depositErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <BottomSheet
      open
      onClose={onClose}
      title="Deposit"
      description="Add money to your wallet by bank transfer."
    >
      {hasPermanentAccount && account ? (
        <PermanentAccountCard
          bankName={account.bankName}
          accountNumber={account.accountNumber}
          accountName={account.accountName}
          note="Transfers to this account fund your wallet."
        />
      ) : (
        <Link
          to="/verification/update"
          className="flex min-h-16 items-center gap-3 rounded-2xl bg-brand-50 px-4 py-3 text-brand-800 hover:bg-brand-100"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-white text-brand-700">
            <BankIcon size={20} />
          </span>
          <span className="flex-1">
            <span className="block font-semibold">Get a permanent Bank Account</span>
            <span className="block text-xs text-brand-700">Fund any time by bank transfer.</span>
          </span>
          <ChevronRightIcon size={18} />
        </Link>
      )}

      <form noValidate onSubmit={(e) => void submit(e)} className="mt-6">
        <h3 className="mb-3 text-sm font-semibold">Quick Deposit</h3>
        <TextField
          label="Amount"
          inputMode="decimal"
          // The spec's "N Enter Amount" is the naira sign then the words: the sign is the field's
          // leading ₦, so the placeholder holds only the words (no "₦ N Enter Amount").
          placeholder="Enter Amount"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value.replace(/[^\d.,]/g, ''));
            setError(null);
          }}
          error={error}
          leading={<span className="font-semibold text-muted">₦</span>}
          className="[&_input]:amount"
        />
        <div role="group" aria-label="Quick amounts" className="mt-3 grid grid-cols-3 gap-2">
          {DEPOSIT_CHIPS_NAIRA.map((chip) => {
            const selected = kobo === chip * 100;
            return (
              <button
                key={chip}
                type="button"
                onClick={() => {
                  setAmount(String(chip));
                  setError(null);
                }}
                aria-pressed={selected}
                className={`min-h-11 rounded-xl border text-sm font-semibold amount transition-colors ${
                  selected
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-line bg-white text-ink hover:border-brand-300'
                }`}
              >
                <span className="mr-0.5 opacity-70">₦</span>
                {chip.toLocaleString('en-NG')}
              </button>
            );
          })}
        </div>
        <Button type="submit" className="mt-6" loading={busy}>
          Fund your Wallet
        </Button>
      </form>
    </BottomSheet>
  );
}
