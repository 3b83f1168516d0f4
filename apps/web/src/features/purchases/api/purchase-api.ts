/**
 * Purchase and verification calls (spec §7). Bodies are sent as the API expects them: amounts in
 * naira, phones in the local 0XXXXXXXXXX form. Every purchase carries an Idempotency-Key.
 */
import type { MeterVerifyReply, SmartcardVerifyReply } from '@owo/shared/api-types';
import { apiRequest } from '../../../lib/api';

/** A purchase ready to send once the PIN is known. */
export interface PurchaseOrder {
  path: string;
  /** The body without transactionPin. */
  body: Record<string, unknown>;
}

export const dataOrder = {
  datastation: (input: { networkId: number; phone: string; planId: string; amount: number }) => ({
    path: '/transactions/data',
    body: {
      network: input.networkId,
      mobile_number: input.phone,
      plan: Number(input.planId),
      Ported_number: true,
      amount: input.amount,
    },
  }),
  ogdams: (input: { phone: string; planId: string }) => ({
    path: '/transactions/data/ogdams',
    body: { phoneNumber: input.phone, planId: input.planId },
  }),
  vtpass: (input: { phone: string; serviceID: string; variationCode: string }) => ({
    path: '/vtpass/data',
    body: { phone: input.phone, serviceID: input.serviceID, variation_code: input.variationCode },
  }),
} satisfies Record<string, (input: never) => PurchaseOrder>;

export const airtimeOrder = (input: {
  phone: string;
  amount: number;
  serviceID: string;
}): PurchaseOrder => ({
  path: '/vtpass/airtime',
  body: { phone: input.phone, amount: input.amount, serviceID: input.serviceID },
});

export const utilityOrder = (input: {
  serviceID: string;
  phone: string;
  meterNumber: string;
  amount: number;
  meterType: 'prepaid' | 'postpaid';
}): PurchaseOrder => ({
  path: '/vtpass/utility',
  body: {
    serviceID: input.serviceID,
    phone: input.phone,
    billersCode: input.meterNumber,
    amount: input.amount,
    variation_code: input.meterType,
  },
});

export const cableOrder = (input: {
  cablename: string;
  cablePlanId: number;
  cardNumber: string;
  amount: number;
}): PurchaseOrder => ({
  path: '/transactions/cable-tv',
  body: {
    cablename: input.cablename,
    cableplan: input.cablePlanId,
    smart_card_number: input.cardNumber,
    amount: input.amount,
  },
});

export function verifyMeter(input: {
  serviceID: string;
  meterNumber: string;
  meterType: 'prepaid' | 'postpaid';
}) {
  return apiRequest<MeterVerifyReply>('/vtpass/verify-meter-number', {
    method: 'POST',
    body: { serviceID: input.serviceID, billersCode: input.meterNumber, type: input.meterType },
  });
}

export function verifySmartcard(input: { cablename: string; cardNumber: string }) {
  return apiRequest<SmartcardVerifyReply>('/vtpass/smartcard-verify', {
    method: 'POST',
    body: { serviceID: input.cablename.toLowerCase(), billersCode: input.cardNumber },
  });
}
