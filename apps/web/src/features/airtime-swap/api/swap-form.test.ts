import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { addScreenshots } from './screenshot-files';
import { sanitiseAmount, validateSwapForm, type SwapFormValues } from './swap-form';

const valid: SwapFormValues = {
  phone: '08031234567',
  network: 'MTN',
  amount: '1000',
  paymentMethod: 'wallet',
  walletEmail: 'ada@example.com',
  bank: '',
  accountNumber: '',
  accountName: '',
  pin: '2580',
};

describe('validateSwapForm (spec 02 §5)', () => {
  it('builds the wallet request the API expects', () => {
    expect(validateSwapForm(valid)).toEqual({
      errors: {},
      request: {
        network: 'MTN',
        amount: 1000,
        userPhone: '08031234567',
        paymentMethod: 'wallet',
        walletEmail: 'ada@example.com',
        transactionPin: '2580',
      },
    });
  });

  it('builds the bank request with bankDetails only', () => {
    const { request } = validateSwapForm({
      ...valid,
      paymentMethod: 'bank',
      bank: 'Kuda',
      accountNumber: '0123456789',
      accountName: ' Ada Okafor ',
    });
    expect(request).toMatchObject({
      paymentMethod: 'bank',
      bankDetails: { bank: 'Kuda', accountNumber: '0123456789', accountName: 'Ada Okafor' },
    });
    expect(request).not.toHaveProperty('walletEmail');
  });

  it('names every broken field with the spec text', () => {
    const { errors, request } = validateSwapForm({
      ...valid,
      phone: '0803123456',
      network: null,
      amount: '99',
      walletEmail: '',
      pin: '',
    });
    expect(request).toBeNull();
    expect(errors).toEqual({
      phone: messages.swapPhoneInvalid,
      network: messages.swapSelectNetwork,
      amount: messages.swapAmountMinimum,
      walletEmail: messages.swapWalletEmailRequired,
      pin: messages.swapPinRequired,
    });
  });

  it('checks the bank details, the account number and the PIN length', () => {
    expect(validateSwapForm({ ...valid, paymentMethod: 'bank' }).errors).toEqual({
      bank: messages.swapBankDetailsRequired,
      accountNumber: messages.swapBankDetailsRequired,
      accountName: messages.swapBankDetailsRequired,
    });
    expect(
      validateSwapForm({
        ...valid,
        paymentMethod: 'bank',
        bank: 'Opay',
        accountNumber: '12345',
        accountName: 'Ada',
        pin: '12',
      }).errors,
    ).toEqual({
      accountNumber: messages.swapAccountNumberInvalid,
      pin: messages.swapPinFourDigits,
    });
    expect(validateSwapForm({ ...valid, amount: '50001' }).errors).toEqual({
      amount: messages.swapAmountMaximum,
    });
  });
});

describe('sanitiseAmount', () => {
  it('keeps digits only and caps at ₦50,000', () => {
    expect(sanitiseAmount('1,5a00')).toBe('1500');
    expect(sanitiseAmount('60000')).toBe('50000');
    expect(sanitiseAmount('007')).toBe('7');
    expect(sanitiseAmount('')).toBe('');
  });
});

describe('addScreenshots (spec 02 §5)', () => {
  const image = (name: string, size = 10, type = 'image/png') =>
    new File([new Uint8Array(size)], name, { type });

  it('refuses other types and big files by name, and keeps at most 3', () => {
    const { files, errors } = addScreenshots(
      [image('a.png')],
      [
        image('notes.txt', 10, 'text/plain'),
        image('big.jpg', MAX_IMAGE_BYTES + 1, 'image/jpeg'),
        image('b.webp', 10, 'image/webp'),
        image('c.jpg', 10, 'image/jpeg'),
        image('d.png'),
      ],
    );
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.webp', 'c.jpg']);
    expect(errors).toEqual([
      'notes.txt is not a valid image format',
      'big.jpg is too large. Maximum size is 5MB',
      messages.swapMaxImages,
    ]);
  });
});
