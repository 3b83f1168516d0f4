import sharp from 'sharp';
import { DEMO_CUSTOMERS, DEMO_PIN } from './accounts';
import type { DemoUser } from './people';
import { dataOf, oneFile, type Call } from './requests';

/** Airtime-to-cash swaps in every state, decided by the admin the way the admin screen does. */
export async function playSwaps(
  call: Call,
  onDay: (day: number, hour?: number) => Promise<void>,
  who: { ada: DemoUser; bola: DemoUser; chidi: DemoUser; admin: DemoUser },
) {
  const { ada, bola, chidi, admin } = who;
  const screenshot = await sharp({
    create: { width: 360, height: 640, channels: 3, background: '#0B6E4F' },
  })
    .png()
    .toBuffer();
  const bank = { accountNumber: '0123456789', bank: 'GTBank', accountName: 'Ada Okafor' };
  const create = async (user: DemoUser, body: Record<string, unknown>) => {
    const reply = await call('POST', '/api/airtime-swap', {
      token: user.token,
      payload: { transactionPin: DEMO_PIN, ...body },
    });
    return dataOf<{ swapId: string }>(reply).swapId;
  };
  const upload = (user: DemoUser, ref: string) =>
    call('POST', `/api/airtime-swap/${ref}/upload`, {
      token: user.token,
      ...oneFile('screenshot', 'transfer.png', 'image/png', screenshot),
    });
  const decide = (ref: string, payload: Record<string, unknown>) =>
    call('PATCH', `/api/airtime-swap/admin/${ref}/verify`, { token: admin.token, payload });

  await onDay(15, 1);
  const paidToWallet = await create(ada, {
    network: 'MTN',
    amount: 2_000,
    userPhone: DEMO_CUSTOMERS.ada.phone,
    paymentMethod: 'wallet',
    walletEmail: ada.email,
  });
  await upload(ada, paidToWallet);
  await onDay(15, 3);
  await decide(paidToWallet, { action: 'approve' });

  await onDay(16, 2);
  const rejected = await create(ada, {
    network: 'AIRTEL',
    amount: 1_000,
    userPhone: DEMO_CUSTOMERS.chidi.phone,
    paymentMethod: 'bank',
    bankDetails: bank,
  });
  await decide(rejected, { action: 'reject', note: 'No airtime arrived from this number.' });

  await onDay(16, 4);
  const completed = await create(bola, {
    network: 'MTN',
    amount: 1_500,
    userPhone: DEMO_CUSTOMERS.bola.phone,
    paymentMethod: 'bank',
    bankDetails: { ...bank, accountName: 'Bola Adeyemi' },
  });
  await upload(bola, completed);
  await decide(completed, { action: 'approve', payoutReference: 'GTB-DEMO-0001' });
  await onDay(17, 1);
  await decide(completed, { action: 'complete', payoutReference: 'GTB-DEMO-0001' });

  await onDay(17, 3);
  // Chidi thinks better of it before sending the airtime: cancelled.
  await create(chidi, {
    network: 'AIRTEL',
    amount: 500,
    userPhone: DEMO_CUSTOMERS.chidi.phone,
    paymentMethod: 'wallet',
    walletEmail: chidi.email,
  });
  await call('GET', '/api/airtime-swap/pending/clear', { token: chidi.token });

  await onDay(18, 2);
  const processing = await create(ada, {
    network: 'MTN',
    amount: 3_000,
    userPhone: DEMO_CUSTOMERS.ada.phone,
    paymentMethod: 'bank',
    bankDetails: bank,
  });
  await upload(ada, processing);
  await decide(processing, { action: 'approve', payoutReference: 'GTB-DEMO-0002' });

  await onDay(19, 1);
  const awaiting = await create(bola, {
    network: 'MTN',
    amount: 1_000,
    userPhone: DEMO_CUSTOMERS.bola.phone,
    paymentMethod: 'wallet',
    walletEmail: bola.email,
  });
  await upload(bola, awaiting);

  await onDay(19, 5);
  // Waiting for the customer's airtime: the start of every swap.
  await create(chidi, {
    network: 'AIRTEL',
    amount: 1_000,
    userPhone: DEMO_CUSTOMERS.chidi.phone,
    paymentMethod: 'wallet',
    walletEmail: chidi.email,
  });
}
