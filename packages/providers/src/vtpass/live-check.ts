/**
 * `cli live-check vtpass`: read-only calls that show our keys, IP whitelisting and base URL work
 * before real orders go out. Nothing here buys anything.
 */
import { formatKobo } from '@owo/shared/money';
import type { LiveCheckLine, VtpassClient } from '../types';
import { liveCheckLines } from '../live-check-kit';

/** VTpass's documented sandbox smart card (DStv/GOtv/StarTimes pages). */
export const VTPASS_DOCUMENTED_CARD = '1212121212';

export async function vtpassLiveCheck(client: VtpassClient): Promise<LiveCheckLine[]> {
  const { lines, attempt } = liveCheckLines();

  await attempt('balance (GET balance)', async () => {
    const kobo = await client.balance();
    return { ok: true, detail: `wallet ${formatKobo(kobo)}` };
  });
  await attempt('service-variations of dstv', async () => {
    const variations = await client.variations('dstv');
    return {
      ok: variations.length > 0,
      detail: `${variations.length} priced variations${variations[0] ? `, e.g. ${variations[0].variationCode}` : ''}`,
    };
  });
  await attempt(`merchant-verify of DStv card ${VTPASS_DOCUMENTED_CARD}`, async () => {
    const result = await client.verifySmartcard({
      serviceID: 'dstv',
      billersCode: VTPASS_DOCUMENTED_CARD,
    });
    // A wrong number is still an answer: on live VTpass the sandbox card may not exist.
    if (result.ok) return { ok: true, detail: `names ${result.info.customerName}` };
    return {
      ok: result.reason === 'invalid',
      detail:
        result.reason === 'invalid'
          ? `answered: not a card here (${result.description})`
          : `no usable answer: ${result.description}`,
    };
  });
  return lines;
}
