import { NETWORK_NAMES, type NetworkName } from '@owo/shared/networks';
import { purchasePhoneField } from '@owo/shared/schemas/purchases';
import type { CurrentNumber } from '../../../components/beneficiaries/BeneficiaryPicker';

/** A saved or recent phone's network, when it names one we sell. */
export function pickedNetwork(provider: string | null): NetworkName | null {
  return (NETWORK_NAMES as readonly string[]).includes(provider ?? '')
    ? (provider as NetworkName)
    : null;
}

/** The typed phone as a beneficiary to save, once it is a valid number. */
export function phoneChoice(phone: string, network: NetworkName | null): CurrentNumber | null {
  const parsed = purchasePhoneField.safeParse(phone);
  if (!parsed.success) return null;
  return network
    ? { number: parsed.data, provider: network, providerName: network }
    : { number: parsed.data };
}
