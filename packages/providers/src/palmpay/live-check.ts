/**
 * `cli live-check palmpay`: read-only calls against the configured PalmPay, to see before going
 * live that our keys, IP whitelist and paths are accepted. Nothing here creates or pays anything.
 */
import { formatKobo } from '@owo/shared/money';
import type { PalmPayClient } from '../types';

export interface LiveCheckLine {
  check: string;
  ok: boolean;
  detail: string;
}

/** The betting scene: the only bill scene we sell through PalmPay. */
const SCENE = 'betting';

async function line(check: string, run: () => Promise<string>): Promise<LiveCheckLine> {
  try {
    return { check, ok: true, detail: await run() };
  } catch (error) {
    return { check, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

export async function palmpayLiveCheck(client: PalmPayClient): Promise<LiveCheckLine[]> {
  const lines: LiveCheckLine[] = [];
  lines.push(
    await line('merchant balance (queryBalance)', async () => {
      const balance = await client.balance();
      return `available ${formatKobo(balance.availableKobo)}, frozen ${formatKobo(balance.frozenKobo)}`;
    }),
  );
  let firstBiller: string | undefined;
  lines.push(
    await line(`betting billers (biller/query ${SCENE})`, async () => {
      const billers = await client.billers(SCENE);
      if (billers.length === 0) throw new Error('PalmPay lists no betting billers');
      firstBiller = billers[0]?.billerId;
      return `${billers.length} billers: ${billers.map((b) => b.billerName).join(', ')}`;
    }),
  );
  if (firstBiller) {
    const billerId = firstBiller;
    lines.push(
      await line(`items of ${billerId} (item/query)`, async () => {
        const items = await client.items({ sceneCode: SCENE, billerId });
        const limits = items.map(
          (i) =>
            `${i.itemId} ${i.minAmountKobo === null ? 'no min' : formatKobo(i.minAmountKobo)}–` +
            `${i.maxAmountKobo === null ? 'no max' : formatKobo(i.maxAmountKobo)}`,
        );
        return `${items.length} items: ${limits.join('; ')}`;
      }),
    );
  }
  return lines;
}
