import { useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { AIRTIME_CHIPS_NAIRA } from '@owo/shared/constants';
import { koboToNaira } from '@owo/shared/money';
import { detectNetwork } from '@owo/shared/network-prefixes';
import {
  NETWORK_IDS,
  networkById,
  VTPASS_AIRTIME_SERVICE,
  type NetworkName,
} from '@owo/shared/networks';
import { toLocalPhone } from '@owo/shared/phone';
import { providerAirtimeSchema } from '@owo/shared/schemas/purchases';
import { Button } from '../../../components/Button';
import { BeneficiaryPicker } from '../../../components/beneficiaries/BeneficiaryPicker';
import { toFieldErrors } from '../../../lib/form-errors';
import { formatNaira } from '../../../lib/money';
import { isServiceAvailable, useServiceStatus } from '../../../lib/service-status';
import { useSession } from '../../../lib/session-store';
import { airtimeOrder } from '../api/purchase-api';
import { usePurchaseDraft } from '../api/purchase-draft';
import { phoneChoice, pickedNetwork } from '../components/beneficiary-choice';
import { AmountField } from '../components/AmountField';
import { CheckoutSheet } from '../components/CheckoutSheet';
import { formatPhone } from '../components/format';
import { NetworkPicker } from '../../../components/NetworkPicker';
import { PhoneNumberField } from '../components/PhoneNumberField';
import { Card } from '../../../components/ScreenLayout';
import { PurchaseLayout } from '../components/PurchaseLayout';
import { RequirePin } from '../../../components/RequirePin';
import { SuccessDialog } from '../components/SuccessDialog';
import { usePurchaseFlow } from '../components/use-purchase-flow';

type Field = 'phone' | 'amount' | 'network';

const airtimeForm = z.omit(providerAirtimeSchema, { transactionPin: true });

/** Buy Airtime (/airtime): network, phone, amount with quick amounts, Continue (spec §2). */
export function AirtimePage() {
  return (
    <RequirePin returnPath="/airtime" secondData="airtime">
      <AirtimeForm />
    </RequirePin>
  );
}

function AirtimeForm() {
  const userPhone = useSession((s) => toLocalPhone(s.user.phoneNumber) ?? '');
  const { draft, restored, setDraft: saveDraft } = usePurchaseDraft('airtime');
  const setDraft: typeof saveDraft = (patch) =>
    saveDraft(restored ? patch : { number: userPhone, ...patch });
  const services = useServiceStatus();
  const phone = restored ? draft.number : userPhone;
  const detected = detectNetwork(phone);
  const network: NetworkName | null =
    (draft.NetworkId !== null ? networkById(draft.NetworkId) : undefined) ?? detected;
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const flow = usePurchaseFlow({
    returnPath: '/airtime',
    secondData: 'airtime',
    onSuccess: () => setDraft({ amount: '' }),
  });

  const clearError = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = airtimeForm.safeParse({
      phone,
      amount: draft.amount,
      serviceID: network ? VTPASS_AIRTIME_SERVICE[network] : '',
    });
    if (!parsed.success) {
      const found = toFieldErrors<'phone' | 'amount' | 'serviceID'>(parsed.error);
      setErrors({ phone: found.phone, amount: found.amount, network: found.serviceID });
      return;
    }
    setErrors({});
    const amount = koboToNaira(parsed.data.amount);
    const localPhone = parsed.data.phone;
    flow.review({
      order: airtimeOrder({ phone: localPhone, amount, serviceID: parsed.data.serviceID }),
      amount,
      description: `${network} airtime for ${formatPhone(localPhone)}`,
      rows: [
        { label: 'Type', value: 'AIRTIME' },
        { label: 'Network', value: network ?? '' },
        { label: 'Phone number', value: localPhone },
        { label: 'Amount', value: formatNaira(amount) },
      ],
    });
  };

  return (
    <PurchaseLayout
      title="Buy Airtime"
      onSubmit={submit}
      available={isServiceAvailable(services.data, 'airtime')}
      action={
        <Button type="submit" disabled={flow.busy}>
          Continue
        </Button>
      }
    >
      <Card title="Select network">
        <NetworkPicker
          value={network}
          onChange={(next) => {
            setDraft({ NetworkId: NETWORK_IDS[next] });
            clearError('network');
          }}
          error={errors.network}
        />
      </Card>
      <Card>
        <div className="grid gap-5">
          <BeneficiaryPicker
            kind="phone"
            current={phoneChoice(phone, network)}
            onPick={(choice) => {
              const picked = pickedNetwork(choice.provider) ?? detectNetwork(choice.number);
              setDraft({
                number: choice.number,
                ...(picked ? { NetworkId: NETWORK_IDS[picked] } : {}),
              });
              setErrors((e) => ({ ...e, phone: undefined, network: undefined }));
            }}
          >
            <PhoneNumberField
              value={phone}
              onChange={(value) => {
                // A number the prefixes do not know (a sandbox 0801… number, a new range) keeps
                // the network on screen, even one only detected from the previous number.
                const next = detectNetwork(value) ?? network;
                setDraft({ number: value, ...(next ? { NetworkId: NETWORK_IDS[next] } : {}) });
                clearError('phone');
                if (next) clearError('network');
              }}
              error={errors.phone}
              detected={detected}
            />
          </BeneficiaryPicker>
          <AmountField
            value={draft.amount}
            onChange={(value) => {
              setDraft({ amount: value });
              clearError('amount');
            }}
            error={errors.amount}
            chips={AIRTIME_CHIPS_NAIRA}
          />
        </div>
      </Card>

      <CheckoutSheet flow={flow} />
      <SuccessDialog flow={flow} />
    </PurchaseLayout>
  );
}
