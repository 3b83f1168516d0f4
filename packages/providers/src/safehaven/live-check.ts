/**
 * `cli live-check safehaven`: read-only calls that show our OAuth client, key, ClientID and debit
 * account work before real orders go out. The first call makes the token exchange
 * (POST oauth2/token), so a refused client assertion shows there. Nothing here buys, verifies an
 * identity or opens an account (each of those costs money or sends an OTP).
 */
import { formatKobo } from '@owo/shared/money';
import type { LiveCheckLine, SafeHavenClient } from '../types';
import { liveCheckLines } from '../live-check-kit';

export type { LiveCheckLine } from '../types';

export async function safehavenLiveCheck(client: SafeHavenClient): Promise<LiveCheckLine[]> {
  const { lines, attempt } = liveCheckLines();

  await attempt('token and VAS services (POST oauth2/token, GET vas/services)', async () => {
    const networks = await client.categories('AIRTIME');
    return {
      ok: networks.length > 0,
      detail: `airtime networks: ${networks.map((n) => n.identifier).join(', ') || 'none'}`,
    };
  });
  await attempt('debit account balance (GET accounts)', async () => {
    const { accountNumber, balanceKobo } = await client.balance();
    if (balanceKobo === null) {
      return { ok: false, detail: `account ${accountNumber} listed without a readable balance` };
    }
    // Listed but empty: every VAS purchase would then be refused.
    return {
      ok: balanceKobo > 0,
      detail: `account ${accountNumber}: ${formatKobo(balanceKobo)}${balanceKobo > 0 ? '' : ' (fund it)'}`,
    };
  });
  await attempt('bank list (GET transfers/banks)', async () => {
    const banks = await client.banks();
    return { ok: banks.length > 0, detail: `${banks.length} banks` };
  });
  return lines;
}
