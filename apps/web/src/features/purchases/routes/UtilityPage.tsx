import { useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { DISCOS } from '@owo/shared/billers';
import { messages } from '@owo/shared/messages';
import { koboToNaira } from '@owo/shared/money';
import { toLocalPhone } from '@owo/shared/phone';
import { meterNumberField, providerUtilitySchema } from '@owo/shared/schemas/purchases';
import { percentToBps, utilityDiscountKobo } from '@owo/shared/utility-discount';
import { Button } from '../../../components/Button';
import { PickerField } from '../../../components/PickerField';
import { BeneficiaryPicker } from '../../../components/beneficiaries/BeneficiaryPicker';
import { TokenCard } from '../../../components/TokenCard';
import { TextField } from '../../../components/TextField';
import { isApiError } from '../../../lib/api';
import { toFieldErrors } from '../../../lib/form-errors';
import { formatNaira } from '../../../lib/money';
import { isServiceAvailable, useServiceStatus } from '../../../lib/service-status';
import { useSession } from '../../../lib/session-store';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { toast } from '../../../lib/toast';
import { useUtilityDiscount, useUtilityProviders } from '../api/catalogue-api';
import { utilityOrder } from '../api/purchase-api';
import { useMeterOwner, verifyMeterOnce } from '../api/live-verify';
import { ownerError, VerifiedOwner } from '../components/VerifiedOwner';
import { usePurchaseDraft, type PurchaseDraft } from '../api/purchase-draft';
import { AmountField } from '../components/AmountField';
import { CheckoutSheet } from '../components/CheckoutSheet';
import { Card } from '../../../components/ScreenLayout';
import { PurchaseLayout } from '../components/PurchaseLayout';
import { RequirePin } from '../../../components/RequirePin';
import { SegmentedControl } from '../components/SegmentedControl';
import { SuccessDialog } from '../components/SuccessDialog';
import { usePurchaseFlow } from '../components/use-purchase-flow';

type Field = 'provider' | 'meter' | 'amount' | 'meterType' | 'phone';

const utilityForm = z.omit(providerUtilitySchema, { transactionPin: true });
const meterTypes = [
  { value: 'prepaid', label: 'Prepaid' },
  { value: 'postpaid', label: 'Postpaid' },
] as const;

/** Buy Electricity (/utility): meter type, provider, meter number, amount (spec §2, §5). */
export function UtilityPage() {
  return (
    <RequirePin returnPath="/utility" secondData="utility">
      <UtilityForm />
    </RequirePin>
  );
}

function UtilityForm() {
  const profilePhone = useSession((s) => toLocalPhone(s.user.phoneNumber) ?? '');
  const { draft, setDraft } = usePurchaseDraft('utility');
  const services = useServiceStatus();
  const providers = useUtilityProviders();
  const discountPercentage = useUtilityDiscount();
  // The catalogue names the discos; if it cannot be read the built-in list still works.
  const providerList =
    providers.data ??
    (providers.isError
      ? DISCOS.map((d) => ({ name: d.name, disco_id: d.discoId, serviceID: d.serviceID }))
      : []);
  const [phone, setPhone] = useState(profilePhone);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  /** The meter lookup before the Summary sheet; it answers from the cache when it can. */
  const verify = useSubmitMutation(verifyMeterOnce);
  const owner = useMeterOwner({
    serviceID: draft.DiscoName,
    meterNumber: draft.number,
    meterType: draft.meterType,
  });
  const flow = usePurchaseFlow({
    returnPath: '/utility',
    secondData: 'utility',
    onSuccess: () => setDraft({ amount: '' }),
  });

  const change = (field: Field, patch: Partial<PurchaseDraft>) => {
    setDraft(patch);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verify.inFlight()) return;
    const parsed = utilityForm.safeParse({
      serviceID: draft.DiscoName,
      phone,
      billersCode: draft.number,
      amount: draft.amount,
      variation_code: draft.meterType,
    });
    if (!parsed.success) {
      const found = toFieldErrors<
        'serviceID' | 'phone' | 'billersCode' | 'amount' | 'variation_code'
      >(parsed.error);
      setErrors({
        provider: found.serviceID,
        meter: found.billersCode,
        amount: found.amount,
        meterType: found.variation_code,
        phone: found.phone,
      });
      return;
    }
    setErrors({});
    const { serviceID, billersCode, variation_code: meterType } = parsed.data;
    const amount = koboToNaira(parsed.data.amount);
    // The meter gets `amount`; the customer pays it minus the utility discount (server's rule).
    const discountKobo = utilityDiscountKobo(parsed.data.amount, percentToBps(discountPercentage));
    const toPay = koboToNaira(parsed.data.amount - discountKobo);
    const chosen = providerList.find((p) => p.serviceID === serviceID);
    try {
      const reply = await verify.send({ serviceID, meterNumber: billersCode, meterType });
      const customer = reply.data;
      flow.review({
        order: utilityOrder({
          serviceID,
          phone: parsed.data.phone,
          meterNumber: billersCode,
          amount,
          meterType,
        }),
        amount: toPay,
        description: `${chosen?.name ?? 'Electricity'} · ${customer.Customer_Name}`,
        rows: [
          { label: 'Type', value: 'ELECTRICITY' },
          { label: 'Provider', value: chosen?.name ?? serviceID },
          { label: 'Meter type', value: meterType === 'prepaid' ? 'Prepaid' : 'Postpaid' },
          { label: 'Meter number', value: billersCode },
          { label: 'Customer name', value: customer.Customer_Name },
          ...(customer.Address ? [{ label: 'Address', value: customer.Address }] : []),
          { label: 'Amount', value: formatNaira(amount) },
          ...(discountKobo > 0
            ? [
                {
                  label: 'Discount',
                  value: `${discountPercentage}% (−${formatNaira(koboToNaira(discountKobo))})`,
                },
                { label: 'You pay', value: formatNaira(toPay) },
              ]
            : []),
        ],
      });
    } catch (error) {
      if (isApiError(error) && typeof error.status === 'number' && error.serverMessage) {
        setErrors({ meter: error.serverMessage });
      } else {
        toast.error(messages.verificationUnavailable);
      }
    }
  };

  const token = flow.result?.data?.metadata?.token;
  const provider = providerList.find((p) => p.serviceID === draft.DiscoName);
  const meterComplete = meterNumberField.safeParse(draft.number).success;
  const ownerName = owner.data?.data.Customer_Name;
  const units = flow.result?.data?.metadata?.units;

  return (
    <PurchaseLayout
      title="Buy Electricity"
      onSubmit={(e) => void submit(e)}
      available={isServiceAvailable(services.data, 'utility')}
      action={
        <Button type="submit" loading={verify.isPending} disabled={flow.busy}>
          Continue
        </Button>
      }
    >
      <Card title="Meter type">
        <SegmentedControl
          label="Meter type"
          options={meterTypes}
          value={draft.meterType}
          onChange={(meterType) => change('meterType', { meterType })}
        />
        {errors.meterType ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {errors.meterType}
          </p>
        ) : null}
      </Card>
      <Card>
        <div className="grid gap-5">
          <PickerField
            label="Provider"
            sheetTitle="Choose a provider"
            value={draft.DiscoName}
            options={providerList.map((p) => ({ value: p.serviceID, label: p.name }))}
            onChange={(DiscoName) => change('provider', { DiscoName })}
            placeholder={providers.isPending ? 'Loading providers…' : 'Select a provider'}
            disabled={providers.isPending}
            error={errors.provider}
          />
          <BeneficiaryPicker
            kind="meter"
            current={
              meterComplete && provider && !ownerError(owner)
                ? {
                    number: draft.number,
                    provider: provider.serviceID,
                    providerName: provider.name,
                    meterType: draft.meterType,
                    suggestedName: ownerName,
                  }
                : null
            }
            onPick={(choice) => {
              setDraft({
                number: choice.number,
                ...(choice.provider ? { DiscoName: choice.provider } : {}),
                ...(choice.meterType ? { meterType: choice.meterType } : {}),
              });
              setErrors((e) => ({ ...e, meter: undefined, provider: undefined }));
            }}
          >
            <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
              <TextField
                label="Meter number"
                inputMode="numeric"
                autoComplete="off"
                placeholder="Enter meter number"
                maxLength={13}
                value={draft.number}
                onChange={(e) => change('meter', { number: e.target.value.replace(/\D/g, '') })}
                error={errors.meter ?? ownerError(owner)}
                className="[&_input]:amount"
              />
              <VerifiedOwner query={owner} what="meter" />
            </div>
          </BeneficiaryPicker>
          <AmountField
            value={draft.amount}
            onChange={(amount) => change('amount', { amount })}
            error={errors.amount}
            chips={[1000, 2000, 5000, 10000]}
          />
          {profilePhone ? null : (
            <TextField
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="0803 123 4567"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                setErrors((x) => ({ ...x, phone: undefined }));
              }}
              error={errors.phone}
              hint="The receipt is sent to this number."
            />
          )}
        </div>
      </Card>

      <CheckoutSheet flow={flow} />
      <SuccessDialog flow={flow}>
        {token ? (
          <TokenCard token={token} units={units} testId="electricity-token" />
        ) : flow.result?.status === 'pending' ? (
          <p className="rounded-2xl bg-surface px-4 py-3 text-sm">
            Your token will appear in your transaction history as soon as it is ready.
          </p>
        ) : null}
      </SuccessDialog>
    </PurchaseLayout>
  );
}
