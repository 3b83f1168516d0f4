/**
 * `cli live-check datastation`: read-only calls that show our token and base URL work before real
 * orders go out: our wallet (GET api/user/), the networks (GET api/network/) and the plan counts
 * (GET api/user/). Nothing here buys anything.
 */
import { formatKobo } from '@owo/shared/money';
import type { DataStationClient, LiveCheckLine } from '../types';
import { liveCheckLines } from '../live-check-kit';

export type { LiveCheckLine } from '../types';

/** The networks our purchase screens send to DataStation by id. */
const EXPECTED_NETWORKS = ['MTN', 'GLO', '9MOBILE', 'AIRTEL'];

export async function datastationLiveCheck(client: DataStationClient): Promise<LiveCheckLine[]> {
  const { lines, attempt } = liveCheckLines();

  await attempt('balance (GET api/user/)', async () => {
    const kobo = await client.balance();
    // An empty wallet answers, but every order would then be refused for insufficient balance.
    return {
      ok: kobo > 0,
      detail: `wallet ${formatKobo(kobo)}${kobo > 0 ? '' : ' (fund the DataStation wallet)'}`,
    };
  });
  await attempt('networks and plans (GET api/network/, GET api/user/)', async () => {
    const catalogue = await client.catalogue();
    const names = catalogue.networks.map((n) => `${n.name}=${n.networkId}`);
    const missing = EXPECTED_NETWORKS.filter((n) => !catalogue.networks.some((x) => x.name === n));
    const cables = [...new Set(catalogue.cablePlans.map((p) => p.cablename))].join(', ');
    return {
      ok: missing.length === 0 && catalogue.dataPlans.length > 0,
      detail:
        `networks ${names.join(', ') || 'none'}${missing.length ? ` (missing ${missing.join(', ')})` : ''}; ` +
        `${catalogue.dataPlans.length} data plans; ${catalogue.cablePlans.length} cable plans (${cables || 'none'})`,
    };
  });
  return lines;
}
