import { useState, type FormEvent } from 'react';
import { DATA_BALANCE_USSD } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { detectNetwork } from '@owo/shared/network-prefixes';
import { NETWORK_IDS, networkById, type NetworkName } from '@owo/shared/networks';
import { toLocalPhone } from '@owo/shared/phone';
import type { PlanOption } from '@owo/shared/plan-groups';
import { purchasePhoneField } from '@owo/shared/schemas/purchases';
import { Button } from '../../../components/Button';
import { BeneficiaryPicker } from '../../../components/beneficiaries/BeneficiaryPicker';
import { formatNaira, formatPrice } from '../../../lib/money';
import { isServiceAvailable, useServiceStatus } from '../../../lib/service-status';
import { useSession } from '../../../lib/session-store';
import { useNetworkPlans } from '../api/catalogue-api';
import { dataOrder, type PurchaseOrder } from '../api/purchase-api';
import { usePurchaseDraft } from '../api/purchase-draft';
import { phoneChoice, pickedNetwork } from '../components/beneficiary-choice';
import { CheckoutSheet } from '../components/CheckoutSheet';
import { formatPhone } from '../components/format';
import { NetworkPicker } from '../../../components/NetworkPicker';
import { PhoneNumberField } from '../components/PhoneNumberField';
import { PlanPicker, planTitle } from '../components/PlanPicker';
import { Card } from '../../../components/ScreenLayout';
import { PurchaseLayout } from '../components/PurchaseLayout';
import { RequirePin } from '../../../components/RequirePin';
import { SuccessDialog } from '../components/SuccessDialog';
import { usePurchaseFlow, type Checkout } from '../components/use-purchase-flow';

type Field = 'phone' | 'network' | 'plan';

/** Buy Data (/data): network, phone, plan cards grouped by type (spec §2, §4, §9). */
export function DataPage() {
  return (
    <RequirePin returnPath="/data" secondData="data">
      <DataForm />
    </RequirePin>
  );
}

function orderFor(plan: PlanOption, phone: string): PurchaseOrder {
  // §4: the plan's supplier decides the route.
  if (plan.source === 'ogdams') return dataOrder.ogdams({ phone, planId: plan.id });
  if (plan.source === 'vtpass') {
    return dataOrder.vtpass({ phone, serviceID: plan.serviceID ?? '', variationCode: plan.id });
  }
  return dataOrder.datastation({
    networkId: plan.networkId,
    phone,
    planId: plan.id,
    amount: plan.price,
  });
}

function DataForm() {
  const userPhone = useSession((s) => toLocalPhone(s.user.phoneNumber) ?? '');
  const { draft, restored, setDraft: saveDraft } = usePurchaseDraft('data');
  // Until the form is touched it shows the user's own number; the first change keeps it.
  const setDraft: typeof saveDraft = (patch) =>
    saveDraft(restored ? patch : { number: userPhone, ...patch });
  const services = useServiceStatus();
  const phone = restored ? draft.number : userPhone;
  const detected = detectNetwork(phone);
  const network: NetworkName | null =
    (draft.NetworkId !== null ? networkById(draft.NetworkId) : undefined) ?? detected;
  const plans = useNetworkPlans(network);
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const allPlans = plans.groups.flatMap((g) => g.plans);
  const selected = allPlans.find((p) => p.key === draft.DataId) ?? null;
  const activeGroup = chosenGroup ?? selected?.group ?? null;

  const flow = usePurchaseFlow({
    returnPath: '/data',
    secondData: 'data',
    onSuccess: () => setDraft({ DataId: '', amount: '' }),
  });

  const clearError = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const onPhone = (value: string) => {
    // A number the prefixes do not know (a sandbox 0801… number, a new range) keeps the network
    // on screen, even one only detected from the previous number.
    const next = detectNetwork(value) ?? network;
    const changed = next !== null && next !== network;
    setDraft({
      number: value,
      ...(next ? { NetworkId: NETWORK_IDS[next] } : {}),
      ...(changed ? { DataId: '' } : {}),
    });
    clearError('phone');
    if (next) clearError('network');
    if (changed) setChosenGroup(null);
  };

  const onNetwork = (next: NetworkName) => {
    // §4: selecting a network resets the chosen plan.
    if (next !== network) {
      setDraft({ NetworkId: NETWORK_IDS[next], DataId: '' });
      setChosenGroup(null);
    } else {
      setDraft({ NetworkId: NETWORK_IDS[next] });
    }
    clearError('network');
  };

  const validate = (plan: PlanOption | null): Checkout | null => {
    const found: Partial<Record<Field, string>> = {};
    const parsedPhone = purchasePhoneField.safeParse(phone);
    if (!parsedPhone.success) found.phone = messages.invalidPhone;
    if (!network) found.network = messages.selectNetworkData;
    if (!plan) found.plan = messages.selectDataPlan;
    setErrors(found);
    if (!parsedPhone.success || !network || !plan) return null;
    const localPhone = parsedPhone.data;
    const size = plan.size;
    return {
      order: orderFor(plan, localPhone),
      amount: plan.price,
      description: `${plan.network} ${size} data for ${formatPhone(localPhone)}`,
      rows: [
        { label: 'Type', value: 'DATA' },
        { label: 'Network', value: plan.network },
        { label: 'Plan', value: planTitle(plan) },
        { label: 'Phone number', value: localPhone },
        { label: 'Amount', value: formatNaira(plan.price) },
      ],
    };
  };

  const onPlan = (plan: PlanOption) => {
    setDraft({ DataId: plan.key, NetworkId: plan.networkId });
    clearError('plan');
    const checkout = validate(plan);
    if (checkout) flow.review(checkout, true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkout = validate(selected);
    if (checkout) flow.review(checkout);
  };

  return (
    <PurchaseLayout
      title="Buy Data"
      onSubmit={submit}
      available={isServiceAvailable(services.data, 'data')}
      action={
        <Button type="submit" disabled={flow.busy}>
          Continue
        </Button>
      }
    >
      <Card title="Select network">
        <NetworkPicker value={network} onChange={onNetwork} error={errors.network} />
      </Card>
      <Card>
        <BeneficiaryPicker
          kind="phone"
          current={phoneChoice(phone, network)}
          onPick={(choice) => {
            // One update: the saved network wins over the prefix (a ported number).
            const picked = pickedNetwork(choice.provider) ?? detectNetwork(choice.number);
            const changed = picked !== network;
            setDraft({
              number: choice.number,
              ...(picked ? { NetworkId: NETWORK_IDS[picked] } : {}),
              ...(changed ? { DataId: '' } : {}),
            });
            if (changed) setChosenGroup(null);
            setErrors((e) => ({ ...e, phone: undefined, network: undefined }));
          }}
        >
          <PhoneNumberField
            value={phone}
            onChange={onPhone}
            error={errors.phone}
            detected={detected}
          />
        </BeneficiaryPicker>
      </Card>
      <Card
        title="Choose a plan"
        aside={
          selected ? (
            <span className="text-xs font-medium text-brand-700 amount">
              {planTitle(selected)} · {formatPrice(selected.price)}
            </span>
          ) : null
        }
      >
        <PlanPicker
          groups={plans.groups}
          activeGroup={activeGroup}
          onGroup={setChosenGroup}
          selectedKey={draft.DataId}
          onSelect={onPlan}
          loading={plans.loading}
          failed={plans.failed}
          onRetry={plans.retry}
          waiting={network === null}
          error={errors.plan}
        />
      </Card>

      <CheckoutSheet flow={flow} />
      <SuccessDialog flow={flow}>
        <p className="rounded-2xl bg-surface px-4 py-3 text-sm text-ink">
          Dial{' '}
          <a
            href={`tel:${encodeURIComponent(DATA_BALANCE_USSD)}`}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {DATA_BALANCE_USSD}
          </a>{' '}
          to check your data balance.
        </p>
      </SuccessDialog>
    </PurchaseLayout>
  );
}
