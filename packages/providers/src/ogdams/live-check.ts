/**
 * `cli live-check ogdams`: read-only calls that show our key and base URL work before real orders
 * go out (get/balances and get/data/plans). Nothing here buys anything, and no webhook is needed.
 */
import { formatKobo } from '@owo/shared/money';
import type { LiveCheckLine, OgdamsClient } from '../types';
import { liveCheckLines } from '../live-check-kit';

export type { LiveCheckLine } from '../types';

export async function ogdamsLiveCheck(client: OgdamsClient): Promise<LiveCheckLine[]> {
  const { lines, attempt } = liveCheckLines();

  await attempt('balance (GET get/balances)', async () => {
    const { mainBalanceKobo } = await client.balance();
    // An empty wallet answers, but every order would then fail at Ogdams.
    return {
      ok: mainBalanceKobo > 0,
      detail: `main balance ${formatKobo(mainBalanceKobo)}${mainBalanceKobo > 0 ? '' : ' (fund the Ogdams wallet)'}`,
    };
  });
  await attempt('plans (GET get/data/plans)', async () => {
    const plans = await client.plans();
    const networks = [...new Set(plans.map((p) => p.networkId))].sort().join(', ');
    return {
      ok: plans.length > 0,
      detail: `${plans.length} priced plans on network ids ${networks || 'none'}${plans[0] ? `, e.g. ${plans[0].planId} ${plans[0].name}` : ''}`,
    };
  });
  return lines;
}
