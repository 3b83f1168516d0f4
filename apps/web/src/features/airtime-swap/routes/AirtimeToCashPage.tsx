import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  SWAP_BANKS,
  SWAP_MAX_NAIRA,
  SWAP_MIN_NAIRA,
  SWAP_NETWORKS,
  SWAP_RATE,
  SWAP_RATE_PERCENT,
  type SwapNetwork,
} from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { detectNetwork } from '@owo/shared/network-prefixes';
import { toLocalPhone } from '@owo/shared/phone';
import { Button } from '../../../components/Button';
import { ChevronRightIcon, HistoryIcon, SwapIcon } from '../../../components/icons';
import { AlertCircleIcon } from '../../../components/more-icons';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { mySwapsKey, pendingSwapKey, usePendingSwapQuery } from '../api/swap-api';
import {
  digitsOnly,
  sanitiseAmount,
  validateSwapForm,
  type PaymentMethod,
  type SwapField,
  type SwapFormErrors,
  type SwapFormValues,
} from '../api/swap-form';
import type { UploadState } from '../api/swap-navigation';
import { Segmented, SwapNetworkPicker } from '../components/Choices';
import { ConfirmSwapSheet } from '../components/ConfirmSwapSheet';
import { NeedHelp } from '../components/NeedHelp';
import { PinField } from '../components/PinField';
import { RequirePin } from '../../../components/RequirePin';
import { naira, payoutAt } from '../components/swap-format';
import { Card, SwapScreen } from '../components/SwapScreen';
import { useCreateSwap } from '../components/use-create-swap';

const methods = [
  { value: 'wallet', label: 'Wallet' },
  { value: 'bank', label: 'Bank Account' },
] as const;

/** Airtime to Cash (/airtime-to-cash): the request form and its confirmation (spec 02 §2). */
export function AirtimeToCashPage() {
  return (
    <RequirePin returnPath="/airtime-to-cash">
      <SwapForm />
    </RequirePin>
  );
}

function swapNetworkOf(phone: string): SwapNetwork | null {
  const detected = detectNetwork(phone);
  return detected && (SWAP_NETWORKS as readonly string[]).includes(detected)
    ? (detected as SwapNetwork)
    : null;
}

function SwapForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const pending = usePendingSwapQuery();
  const initial = (): SwapFormValues => {
    const phone = toLocalPhone(user.phoneNumber) ?? '';
    return {
      phone,
      network: swapNetworkOf(phone),
      amount: '',
      paymentMethod: 'wallet',
      walletEmail: user.email,
      bank: '',
      accountNumber: '',
      accountName: '',
      pin: '',
    };
  };
  const [values, setValues] = useState<SwapFormValues>(initial);
  const [errors, setErrors] = useState<SwapFormErrors>({});
  const create = useCreateSwap({
    onCreated: (state: UploadState) => {
      void queryClient.invalidateQueries({ queryKey: pendingSwapKey });
      void queryClient.invalidateQueries({ queryKey: mySwapsKey });
      navigate('/screenshot-upload', { state });
    },
    onPinCleared: () => setValues((v) => ({ ...v, pin: '' })),
    onFailed: () => {
      setValues(initial());
      setErrors({});
    },
  });

  const set = <K extends keyof SwapFormValues>(
    key: K,
    value: SwapFormValues[K],
    clear: SwapField[] = [key as SwapField],
  ) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const next = { ...e };
      for (const field of clear) delete next[field];
      return next;
    });
  };

  const amount = Number(values.amount) || 0;
  const payout = payoutAt(amount, SWAP_RATE);

  // One open swap per customer: say so before the form is filled, not after the PIN.
  const openSwap = pending.data ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (openSwap) {
      toast.error(messages.swapOpenExists);
      return;
    }
    const { errors: found, request } = validateSwapForm(values);
    setErrors(found);
    if (request) create.review(request);
    // Take the customer to the first field to fix.
    else
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('#swap-form [aria-invalid="true"]')?.focus(),
      );
  };

  return (
    <SwapScreen
      title="Airtime to Cash"
      backTo="/home"
      trailing={
        <Link
          to="/airtime-to-cash/history"
          aria-label="Swap history"
          className="grid size-11 place-items-center rounded-full bg-white text-brand-700 shadow-card hover:bg-brand-50"
        >
          <HistoryIcon size={20} />
        </Link>
      }
      footer={
        <Button type="submit" form="swap-form" disabled={create.busy || openSwap !== null}>
          Convert Airtime
        </Button>
      }
    >
      <form id="swap-form" noValidate onSubmit={submit} className="contents">
        <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-5 text-white shadow-card">
          <div
            aria-hidden="true"
            className="absolute -top-14 -right-8 size-36 rounded-full bg-white/8"
          />
          <div className="relative flex items-start gap-3">
            <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-white/15">
              <SwapIcon size={22} />
            </span>
            <div>
              <h1 className="text-lg font-bold">Turn airtime into cash</h1>
              <p className="mt-0.5 text-sm text-brand-100">
                Get {SWAP_RATE_PERCENT}% of your airtime value in your wallet or bank account.
              </p>
            </div>
          </div>
        </section>

        {openSwap ? (
          <Link
            to="/pending-swap"
            state={{ pendingSwap: openSwap }}
            className="flex items-center gap-3 rounded-2xl bg-accent-100 px-4 py-3 text-sm text-accent-600"
          >
            <AlertCircleIcon size={18} className="shrink-0" />
            <span className="flex-1">
              You have a pending {naira(openSwap.amount)} {openSwap.network} swap. Complete or
              cancel it first.
            </span>
            <ChevronRightIcon size={18} />
          </Link>
        ) : null}

        <Card title="Airtime details">
          <div className="grid gap-5">
            <TextField
              label="Phone number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="08031234567"
              maxLength={11}
              value={values.phone}
              onChange={(event) => {
                const phone = digitsOnly(event.target.value, 11);
                const detected = swapNetworkOf(phone);
                setValues((v) => ({ ...v, phone, ...(detected ? { network: detected } : {}) }));
                setErrors((e) => ({
                  ...e,
                  phone: undefined,
                  ...(detected ? { network: undefined } : {}),
                }));
              }}
              error={errors.phone}
              hint="The number you will send the airtime from"
              className="[&_input]:amount"
            />
            <div>
              <p className="mb-1.5 text-sm font-medium text-ink">Network</p>
              <SwapNetworkPicker
                value={values.network}
                onChange={(network) => set('network', network)}
                error={errors.network}
              />
            </div>
            <TextField
              label="Airtime amount"
              inputMode="numeric"
              placeholder={`${SWAP_MIN_NAIRA} – ${SWAP_MAX_NAIRA.toLocaleString('en-NG')}`}
              value={values.amount}
              onChange={(event) => set('amount', sanitiseAmount(event.target.value))}
              leading={<span className="font-semibold text-muted">₦</span>}
              error={errors.amount}
              className="[&_input]:amount"
            />
            <div
              className="flex items-center justify-between rounded-2xl bg-brand-50 px-4 py-3"
              aria-live="polite"
            >
              <span className="text-sm text-brand-800">You'll receive ({SWAP_RATE_PERCENT}%)</span>
              <span data-testid="swap-payout" className="text-lg font-bold text-brand-800 amount">
                {naira(payout)}
              </span>
            </div>
          </div>
        </Card>

        <Card title="Receive payment in">
          <div className="grid gap-5">
            <Segmented<PaymentMethod>
              label="Payment method"
              options={methods}
              value={values.paymentMethod}
              onChange={(method) =>
                set('paymentMethod', method, [
                  'walletEmail',
                  'bank',
                  'accountNumber',
                  'accountName',
                ])
              }
            />
            {values.paymentMethod === 'wallet' ? (
              <TextField
                label="Wallet email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={values.walletEmail}
                onChange={(event) => set('walletEmail', event.target.value)}
                error={errors.walletEmail}
                hint="The wallet credited with your cash"
              />
            ) : (
              <>
                <SelectField
                  label="Bank"
                  placeholder="Select bank"
                  value={values.bank}
                  onChange={(event) => set('bank', event.target.value)}
                  error={errors.bank}
                >
                  {SWAP_BANKS.map((bank) => (
                    <option key={bank} value={bank}>
                      {bank}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Account number"
                  inputMode="numeric"
                  maxLength={10}
                  placeholder="0123456789"
                  value={values.accountNumber}
                  onChange={(event) => set('accountNumber', digitsOnly(event.target.value, 10))}
                  error={errors.accountNumber}
                  className="[&_input]:amount"
                />
                <TextField
                  label="Account name"
                  autoComplete="name"
                  placeholder="As it appears on your account"
                  value={values.accountName}
                  onChange={(event) => set('accountName', event.target.value)}
                  error={errors.accountName}
                />
              </>
            )}
          </div>
        </Card>

        <Card>
          <PinField value={values.pin} onChange={(pin) => set('pin', pin)} error={errors.pin} />
        </Card>

        <NeedHelp label="Need help? Chat with support" />
      </form>

      <ConfirmSwapSheet flow={create} pin={values.pin} onPin={(pin) => set('pin', pin)} />
    </SwapScreen>
  );
}
