import { useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { CABLE_NAMES } from '@owo/shared/billers';
import { messages } from '@owo/shared/messages';
import { cardNumberField, inhouseCableSchema } from '@owo/shared/schemas/purchases';
import { Button } from '../../../components/Button';
import { PickerField } from '../../../components/PickerField';
import { BeneficiaryPicker } from '../../../components/beneficiaries/BeneficiaryPicker';
import { Skeleton } from '../../../components/Skeleton';
import { TextField } from '../../../components/TextField';
import { isApiError } from '../../../lib/api';
import { toFieldErrors } from '../../../lib/form-errors';
import { formatNaira } from '../../../lib/money';
import { isServiceAvailable, useServiceStatus } from '../../../lib/service-status';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { toast } from '../../../lib/toast';
import { useCablePlans, useCableProviders } from '../api/catalogue-api';
import { cableOrder } from '../api/purchase-api';
import { useCardOwner, verifySmartcardOnce } from '../api/live-verify';
import { ownerError, VerifiedOwner } from '../components/VerifiedOwner';
import { usePurchaseDraft, type PurchaseDraft } from '../api/purchase-draft';
import { CheckoutSheet } from '../components/CheckoutSheet';
import { LogoChoice } from '../../../components/NetworkPicker';
import { Card } from '../../../components/ScreenLayout';
import { PurchaseLayout } from '../components/PurchaseLayout';
import { RequirePin } from '../../../components/RequirePin';
import { SuccessDialog } from '../components/SuccessDialog';
import { usePurchaseFlow } from '../components/use-purchase-flow';

type Field = 'plan' | 'card';

const cableForm = z.omit(inhouseCableSchema, { transactionPin: true, amount: true });

/** Buy Cable (/cable): provider, card number, package, Continue → verify → Summary (spec §2). */
export function CablePage() {
  return (
    <RequirePin returnPath="/cable">
      <CableForm />
    </RequirePin>
  );
}

function CableForm() {
  const { draft, setDraft } = usePurchaseDraft('cable');
  const services = useServiceStatus();
  const providers = useCableProviders();
  const providerNames =
    providers.data?.map((p) => p.cablename.toUpperCase()) ??
    (providers.isError ? [...CABLE_NAMES] : []);
  const plans = useCablePlans(draft.cableName);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  /** The card lookup before the Summary sheet; it answers from the cache when it can. */
  const verify = useSubmitMutation(verifySmartcardOnce);
  const owner = useCardOwner({ cablename: draft.cableName, cardNumber: draft.number });
  const cardComplete = cardNumberField.safeParse(draft.number).success;
  const flow = usePurchaseFlow({ returnPath: '/cable' });

  const change = (field: Field, patch: Partial<PurchaseDraft>) => {
    setDraft(patch);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verify.inFlight()) return;
    const parsed = cableForm.safeParse({
      cablename: draft.cableName,
      cableplan: draft.cablePlan === '' ? undefined : draft.cablePlan,
      smart_card_number: draft.number,
    });
    const plan = plans.data?.find((p) => String(p.cablePlanID) === draft.cablePlan);
    if (!parsed.success || !plan) {
      const found = parsed.success
        ? {}
        : toFieldErrors<'cablename' | 'cableplan' | 'smart_card_number'>(parsed.error);
      setErrors({
        plan: found.cablename ?? found.cableplan ?? (plan ? undefined : messages.selectCablePlan),
        card: found.smart_card_number,
      });
      return;
    }
    setErrors({});
    const { cablename, smart_card_number: cardNumber } = parsed.data;
    try {
      const reply = await verify.send({ cablename, cardNumber });
      const customer = reply.data;
      flow.review({
        order: cableOrder({
          cablename,
          cablePlanId: plan.cablePlanID,
          cardNumber,
          amount: plan.sellingPrice,
        }),
        amount: plan.sellingPrice,
        description: `${cablename} ${plan.package} · ${customer.Customer_Name}`,
        rows: [
          { label: 'Type', value: 'CABLETV' },
          { label: 'Provider', value: cablename },
          { label: 'Card number', value: cardNumber },
          { label: 'Package', value: plan.package },
          { label: 'Amount', value: formatNaira(plan.sellingPrice) },
          { label: 'Customer name', value: customer.Customer_Name },
          ...(customer.Current_Bouquet
            ? [{ label: 'Current bouquet', value: customer.Current_Bouquet }]
            : []),
        ],
      });
    } catch (error) {
      if (isApiError(error) && typeof error.status === 'number' && error.serverMessage) {
        setErrors({ card: error.serverMessage });
      } else {
        toast.error(messages.verificationUnavailable);
      }
    }
  };

  return (
    <PurchaseLayout
      title="Cable TV"
      onSubmit={(e) => void submit(e)}
      available={isServiceAvailable(services.data, 'cable-tv')}
      action={
        <Button type="submit" loading={verify.isPending} disabled={flow.busy}>
          Continue
        </Button>
      }
    >
      <Card title="Select provider">
        {providers.isPending ? (
          <div role="status" aria-label="Loading providers" className="grid grid-cols-3 gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-22 rounded-2xl" />
            ))}
          </div>
        ) : (
          <div role="group" aria-label="Cable provider" className="grid grid-cols-3 gap-2">
            {providerNames.map((name) => (
              <LogoChoice
                key={name}
                name={name}
                selected={draft.cableName === name}
                onSelect={() => {
                  if (name !== draft.cableName) change('plan', { cableName: name, cablePlan: '' });
                }}
              />
            ))}
          </div>
        )}
      </Card>
      <Card>
        <div className="grid gap-5">
          <BeneficiaryPicker
            kind="smartcard"
            current={
              cardComplete && draft.cableName && !ownerError(owner)
                ? {
                    number: draft.number,
                    provider: draft.cableName,
                    providerName: draft.cableName,
                    suggestedName: owner.data?.data.Customer_Name,
                  }
                : null
            }
            onPick={(choice) => {
              const cable = choice.provider ?? draft.cableName;
              setDraft({
                number: choice.number,
                cableName: cable,
                ...(cable !== draft.cableName ? { cablePlan: '' } : {}),
              });
              setErrors((e) => ({ ...e, card: undefined }));
            }}
          >
            <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
              <TextField
                label="Smart card number"
                inputMode="numeric"
                autoComplete="off"
                placeholder="Enter IUC / smart card number"
                maxLength={12}
                value={draft.number}
                onChange={(e) => change('card', { number: e.target.value.replace(/\D/g, '') })}
                error={errors.card ?? ownerError(owner)}
                className="[&_input]:amount"
              />
              <VerifiedOwner query={owner} what="smart card" />
            </div>
          </BeneficiaryPicker>
          <PickerField
            label="Package"
            sheetTitle={`${draft.cableName || 'Cable'} packages`}
            value={draft.cablePlan}
            display={plans.data?.find((p) => String(p.cablePlanID) === draft.cablePlan)?.label}
            options={(plans.data ?? []).map((plan) => ({
              value: String(plan.cablePlanID),
              label: plan.package,
              aside: formatNaira(plan.sellingPrice),
            }))}
            onChange={(cablePlan) => change('plan', { cablePlan })}
            placeholder={
              !draft.cableName
                ? 'Select a provider first'
                : plans.isPending
                  ? 'Loading packages…'
                  : plans.isError
                    ? "Couldn't load packages"
                    : 'Select a package'
            }
            disabled={!draft.cableName || plans.isPending}
            error={errors.plan}
          />
        </div>
      </Card>

      <CheckoutSheet flow={flow} />
      <SuccessDialog flow={flow} />
    </PurchaseLayout>
  );
}
