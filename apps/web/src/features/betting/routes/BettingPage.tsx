import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { BillerDto } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { useShownBalance } from '../../../components/BalancePill';
import { Button } from '../../../components/Button';
import { BeneficiaryPicker } from '../../../components/beneficiaries/BeneficiaryPicker';
import { HistoryIcon } from '../../../components/icons';
import { RequirePin } from '../../../components/RequirePin';
import { FormScreen } from '../../../components/ScreenLayout';
import { Skeleton } from '../../../components/Skeleton';
import { TextField } from '../../../components/TextField';
import { WalletIcon } from '../../../components/more-icons';
import { messageOr } from '../../../lib/api-errors';
import { formatWholeNaira } from '../../../lib/money';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import {
  acceptTyped,
  checkPay,
  limitsOf,
  minimumMessage,
  type PayField,
} from '../api/betting-amount';
import { useBillerItem, useBillers } from '../api/betting-api';
import { AmountPicker } from '../components/AmountPicker';
import { BettingPinSheet } from '../components/BettingPinSheet';
import { BillerLogo } from '../components/BillerLogo';
import { PlatformPicker } from '../components/PlatformPicker';
import { useBettingCheckout } from '../components/use-betting-checkout';

/** Betting (/betting): fund a betting account from the wallet (spec §2, §4 Betting flow, §5). */
export function BettingPage() {
  return (
    <RequirePin returnPath="/betting">
      <BettingForm />
    </RequirePin>
  );
}

function BettingForm() {
  const navigate = useNavigate();
  const hasPin = useSession((s) => s.user.hasSetTransactionPin);
  const billers = useBillers();
  const [selected, setSelected] = useState<BillerDto | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [userId, setUserId] = useState('');
  const [quick, setQuick] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<PayField, string>>>({});
  const item = useBillerItem(selected?.billerId ?? null);
  const limits = limitsOf(item.data);

  const reset = () => {
    setSelected(null);
    setExpanded(false);
    setUserId('');
    setQuick(null);
    setTyped('');
    setWarning(null);
    setErrors({});
  };
  const checkout = useBettingCheckout({ onSuccess: reset });

  // Load failures: the server's message, else the spec's (§8 Betting load).
  useEffect(() => {
    if (billers.isError) toast.error(messageOr(billers.error, messages.bettingLoadFailed));
  }, [billers.isError, billers.error]);
  useEffect(() => {
    if (item.isError) toast.error(messageOr(item.error, messages.bettingDetailsFailed));
  }, [item.isError, item.error]);

  const amount = quick ?? (typed ? Number(typed) : null);
  const clearError = (field: PayField) => setErrors((e) => ({ ...e, [field]: undefined }));

  const selectPlatform = (biller: BillerDto) => {
    // Tapping the platform again retries details that failed to load.
    if (biller.billerId === selected?.billerId && item.isError) void item.refetch();
    setSelected(biller);
    setWarning(null);
    clearError('platform');
  };

  const pickQuick = (naira: number) => {
    setQuick(naira);
    setTyped('');
    setWarning(null);
    clearError('amount');
  };

  const type = (raw: string) => {
    const next = acceptTyped(raw, typed, limits);
    setTyped(next.value);
    setQuick(null);
    setWarning(next.warning);
    clearError('amount');
  };

  /** Below the platform's minimum, the typed amount is cleared with a note (spec §4). */
  const leaveTyped = () => {
    if (limits && typed && Number(typed) < limits.min) {
      setTyped('');
      toast.info(minimumMessage(limits));
    }
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!hasPin) {
      navigate('/pin/create', { state: { returnPath: '/betting' } });
      return;
    }
    const checked = checkPay({
      userId,
      billerId: selected?.billerId ?? null,
      itemId: item.data?.itemId ?? null,
      amount,
      limits,
    });
    if (!checked.ok) {
      setErrors(checked.problems);
      return;
    }
    setErrors({});
    setWarning(null);
    checkout.open({
      order: checked.order,
      platformName: selected?.billerName ?? '',
      platformIcon: selected?.billerIcon ?? '',
    });
  };

  const payDisabled =
    !userId.trim() || !amount || !selected || checkout.busy || item.isFetching || billers.isPending;

  return (
    <FormScreen
      title="Betting"
      trailing={
        <Link
          to="/transactions"
          className="flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-white"
        >
          <HistoryIcon size={18} />
          History
        </Link>
      }
      onSubmit={pay}
      action={
        <Button type="submit" disabled={payDisabled} loading={checkout.busy}>
          {amount ? `Pay ${formatWholeNaira(amount)}` : 'Pay'}
        </Button>
      }
      after={<BettingPinSheet flow={checkout} />}
    >
      <BalanceStrip />
      <section aria-labelledby="platform-title" className="rounded-3xl bg-white p-4 shadow-card">
        <h2 id="platform-title" className="mb-2 text-sm font-semibold">
          Select platform
        </h2>
        <PlatformPicker
          billers={billers.data}
          loading={billers.isPending}
          failed={billers.isError}
          onRetry={() => void billers.refetch()}
          selected={selected?.billerId ?? null}
          onSelect={selectPlatform}
          expanded={expanded}
          onExpand={() => setExpanded(true)}
          error={errors.platform}
        />
      </section>

      <section className="rounded-3xl bg-white p-4 shadow-card">
        <BeneficiaryPicker
          kind="betting"
          current={
            userId.trim() && selected
              ? {
                  number: userId.trim(),
                  provider: selected.billerId,
                  providerName: selected.billerName,
                }
              : null
          }
          onPick={(choice) => {
            const biller = billers.data?.find((b) => b.billerId === choice.provider);
            if (biller) selectPlatform(biller);
            setUserId(choice.number);
            clearError('userId');
          }}
        >
          <TextField
            label="User ID"
            placeholder="Enter your betting ID"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            value={userId}
            onChange={(event) => {
              setUserId(event.target.value);
              clearError('userId');
            }}
            error={errors.userId}
            leading={
              selected ? (
                <span
                  data-testid="user-id-platform"
                  className="-ml-1 flex max-w-[45%] shrink-0 items-center gap-1.5 border-r border-line py-1 pr-2.5 text-sm font-semibold text-ink"
                >
                  <BillerLogo name={selected.billerName} icon={selected.billerIcon} size={22} />
                  <span className="truncate">{selected.billerName}</span>
                </span>
              ) : null
            }
            hint="The ID or phone number on your betting account."
          />
        </BeneficiaryPicker>
      </section>

      <AmountPicker
        quick={quick}
        onQuick={pickQuick}
        typed={typed}
        onType={type}
        onTypedBlur={leaveTyped}
        limits={limits}
        platformChosen={selected !== null}
        limitsLoading={item.isPending && selected !== null}
        warning={warning}
        error={errors.amount ?? null}
      />
    </FormScreen>
  );
}

/** What the wallet holds, so the customer knows what they can spend (respects "hide balance"). */
function BalanceStrip() {
  const balance = useShownBalance();
  return (
    <div className="flex items-center gap-3 rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-4 py-3.5 text-white shadow-card">
      <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-white/15">
        <WalletIcon size={20} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs text-brand-100">Wallet balance</p>
        {balance.loading ? (
          <Skeleton className="mt-1 h-5 w-28 bg-white/20" />
        ) : (
          <p data-testid="betting-balance" className="text-lg leading-6 font-bold amount">
            {balance.text}
          </p>
        )}
      </div>
    </div>
  );
}
