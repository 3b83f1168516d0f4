/**
 * The airtime-to-cash form's rules (spec 02 §5), checked in the spec's order so the first message
 * per field is the one the spec names. The server checks the same rules again.
 */
import {
  PIN_LENGTH,
  SWAP_BANKS,
  SWAP_MAX_NAIRA,
  SWAP_MIN_NAIRA,
  SWAP_NETWORKS,
  type SwapNetwork,
} from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import type { SwapRequest } from './swap-api';

export type PaymentMethod = 'wallet' | 'bank';

export interface SwapFormValues {
  phone: string;
  network: SwapNetwork | null;
  /** Digits only. */
  amount: string;
  paymentMethod: PaymentMethod;
  walletEmail: string;
  bank: string;
  accountNumber: string;
  accountName: string;
  pin: string;
}

export type SwapField =
  'phone' | 'network' | 'amount' | 'walletEmail' | 'bank' | 'accountNumber' | 'accountName' | 'pin';

export type SwapFormErrors = Partial<Record<SwapField, string>>;

/** Amount input: digits only, capped at the maximum as the customer types (spec 02 §5). */
export function sanitiseAmount(input: string): string {
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return '';
  return Number(digits) > SWAP_MAX_NAIRA ? String(SWAP_MAX_NAIRA) : digits;
}

export const digitsOnly = (input: string, max: number) => input.replace(/\D/g, '').slice(0, max);

export function validateSwapForm(values: SwapFormValues): {
  errors: SwapFormErrors;
  request: SwapRequest | null;
} {
  const errors: SwapFormErrors = {};
  const phone = values.phone.trim();
  if (!/^\d{11}$/.test(phone)) errors.phone = messages.swapPhoneInvalid;
  if (!values.network || !SWAP_NETWORKS.includes(values.network)) {
    errors.network = messages.swapSelectNetwork;
  }
  const amount = /^\d+$/.test(values.amount) ? Number(values.amount) : NaN;
  if (!Number.isFinite(amount) || amount < SWAP_MIN_NAIRA)
    errors.amount = messages.swapAmountMinimum;
  else if (amount > SWAP_MAX_NAIRA) errors.amount = messages.swapAmountMaximum;

  const bank = values.bank.trim();
  const accountNumber = values.accountNumber.trim();
  const accountName = values.accountName.trim();
  const walletEmail = values.walletEmail.trim();
  if (values.paymentMethod === 'bank') {
    if (!bank || !accountNumber || !accountName) {
      const missing = messages.swapBankDetailsRequired;
      if (!bank || !(SWAP_BANKS as readonly string[]).includes(bank)) errors.bank = missing;
      if (!accountNumber) errors.accountNumber = missing;
      if (!accountName) errors.accountName = missing;
    }
    if (accountNumber && !/^\d{10}$/.test(accountNumber)) {
      errors.accountNumber = messages.swapAccountNumberInvalid;
    }
  } else if (!walletEmail) {
    errors.walletEmail = messages.swapWalletEmailRequired;
  } else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(walletEmail)) {
    errors.walletEmail = messages.invalidEmail;
  }

  if (!values.pin) errors.pin = messages.swapPinRequired;
  else if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(values.pin))
    errors.pin = messages.swapPinFourDigits;

  if (Object.keys(errors).length > 0) return { errors, request: null };
  return {
    errors,
    request: {
      network: values.network!,
      amount,
      userPhone: phone,
      paymentMethod: values.paymentMethod,
      ...(values.paymentMethod === 'bank'
        ? { bankDetails: { accountNumber, bank, accountName } }
        : { walletEmail }),
      transactionPin: values.pin,
    },
  };
}
