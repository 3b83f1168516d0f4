import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { DEMO_CUSTOMERS } from './accounts';
import type { DemoPlans } from './plans';

export type Buy = (
  url: string,
  payload: Record<string, unknown>,
  accept?: number[],
) => Promise<void>;

/** Every kind of purchase, each on its own day; one fails at the supplier and is refunded. */
export async function playPurchases(
  onDay: (day: number, hour?: number) => Promise<void>,
  buy: Buy,
  plans: DemoPlans,
) {
  const phone = DEMO_CUSTOMERS.ada.phone;
  await onDay(1);
  await buy('/api/transactions/airtime', {
    network: 1,
    mobile_number: phone,
    airtime_type: 'VTU',
    Ported_number: true,
    amount: 200,
  });
  await onDay(2);
  await buy('/api/transactions/data', {
    network: plans.inhouseData.network,
    mobile_number: phone,
    plan: plans.inhouseData.plan,
    Ported_number: true,
  });
  await onDay(3, 2);
  await buy('/api/vtpass/data', {
    phone,
    serviceID: 'mtn-data',
    variation_code: plans.vtpassData.variationCode,
  });
  await onDay(4, 6);
  await buy('/api/transactions/data/ogdams', { phoneNumber: phone, planId: plans.ogdams.planId });
  await onDay(5, 1);
  await buy('/api/transactions/cable-tv', {
    cablename: 'GOTV',
    cableplan: plans.inhouseCable.cablePlanId,
    smart_card_number: MAGIC_SMARTCARDS.delivered,
  });
  await onDay(6, 3);
  await buy('/api/vtpass/tv-plans', {
    serviceID: 'gotv',
    variation_code: plans.vtpassTv.variationCode,
    phone,
    billersCode: MAGIC_SMARTCARDS.delivered,
  });
  await onDay(7, 4);
  await buy('/api/transactions/utility', {
    amount: 1_000,
    disco_name: 1,
    meter_number: MAGIC_METERS.delivered,
    meterType: 'prepaid',
  });
  await onDay(8, 2);
  await buy('/api/vtpass/utility', {
    serviceID: 'ikeja-electric',
    phone,
    billersCode: MAGIC_METERS.delivered,
    amount: 1_500,
    variation_code: 'prepaid',
  });
  await onDay(11, 7);
  // The supplier refuses this number: the order fails and the money comes back at once.
  await buy(
    '/api/vtpass/airtime',
    { serviceID: 'mtn', phone: MAGIC_PHONES.failed, amount: 500 },
    [422],
  );
  await onDay(13, 2);
  await buy('/api/vtpass/airtime', { serviceID: 'mtn', phone, amount: 1_000 });
}
