import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { DEPOSIT_CHIPS_NAIRA } from '@owo/shared/constants';
import { parseNairaToKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { BankIcon, ChevronRightIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { messageOr } from '../../../lib/api-errors';
import { startBankTransferDeposit } from '../api/home-api';

interface DepositSheetProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Fund the wallet. The payment-details sheet and countdown come with the deposit issue; until then
 * the button calls the real endpoint and reports what the server says (no pretend success).
 */
export function DepositSheet({ open, onClose }: DepositSheetProps) {
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const kobo = parseNairaToKobo(amount);
  const valid = kobo !== null && kobo > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    try {
      const reply = await startBankTransferDeposit(kobo / 100);
      if (reply.message) toast.success(reply.message);
    } catch (error) {
      toast.error(messageOr(error, messages.errorOccurred));
    } finally {
      setBusy(false);
    }
  };

  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title="Deposit"
      description="Add money to your wallet."
    >
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

      <form noValidate onSubmit={(e) => void submit(e)} className="mt-6">
        <h3 className="mb-3 text-sm font-semibold">Quick Deposit</h3>
        <TextField
          label="Amount"
          inputMode="decimal"
          placeholder="N Enter Amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d.,]/g, ''))}
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
                onClick={() => setAmount(String(chip))}
                aria-pressed={selected}
                className={`min-h-11 rounded-xl border text-sm font-semibold amount transition-colors ${
                  selected
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-line bg-white text-ink hover:border-brand-300'
                }`}
              >
                <span aria-hidden="true" className="mr-0.5 opacity-70">
                  ₦
                </span>
                {chip}
              </button>
            );
          })}
        </div>
        <Button type="submit" className="mt-6" disabled={!valid} loading={busy}>
          Fund your Wallet
        </Button>
      </form>
    </BottomSheet>
  );
}
