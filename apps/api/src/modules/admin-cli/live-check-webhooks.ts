/**
 * `cli live-check`'s webhook checks (decision 0045): what the suppliers' outgoing calls need to
 * land. Each webhook route is called through PUBLIC_BASE_URL (the origin suppliers are given) with
 * the route's GET probe, which moves and records nothing and echoes a nonce, so the answer is
 * known to be ours; PALMPAY_PUBLIC_KEY is parsed, and shown against the last PalmPay notification
 * it verified (PalmPay's API replies are not signed; its notifications are); the Ogdams signing
 * key's status is read from what its events proved.
 */
import { randomBytes } from 'node:crypto';
import { loadPublicKey } from '@owo/providers/palmpay/signing';
import type { LiveCheckLine } from '@owo/providers/types';
import type { DbOrTx } from '../../db/client';
import { WEBHOOK_ROUTES } from '@owo/shared/replies/system';
import { supplierWebhooksRepository, type SupplierWebhookRow } from '../webhooks/status-repository';

/** A probe slower than this is a failed line (a supplier would give up on us too). */
const PROBE_TIMEOUT_MS = 10_000;

export interface WebhookCheckInput {
  publicBaseUrl: string;
  live: boolean;
  /** PALMPAY_PUBLIC_KEY as configured (the sandbox's own in sandbox mode). */
  palmpayPublicKey: string;
  /** The database's record of signed events, or why it cannot be read now. */
  records: { db: DbOrTx } | { unavailable: string };
}

const when = (at: Date | null | undefined) => at?.toISOString().replace(/\.\d{3}Z$/, 'Z');

async function probe(publicBaseUrl: string, route: string): Promise<LiveCheckLine> {
  const nonce = randomBytes(12).toString('hex');
  const url = `${publicBaseUrl}/api/webhooks/${route}`;
  const check = `webhook route ${route} (GET ${url})`;
  try {
    const res = await fetch(`${url}?probe=${nonce}`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await res.text();
    let body: { webhook?: unknown; probe?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not our API answering (a proxy's page, another server): the line says what came back.
    }
    const ours = res.status === 200 && body.webhook === route && body.probe === nonce;
    return {
      check,
      ok: ours,
      detail: ours
        ? 'reachable: our API answered the probe (suppliers POST here)'
        : `HTTP ${res.status}, not our probe's answer: ${text.replace(/\s+/g, ' ').slice(0, 120)}`,
    };
  } catch (error) {
    const reason = error instanceof Error ? (error.cause as Error)?.message || error.message : '';
    return { check, ok: false, detail: `not reachable: ${reason || String(error)}` };
  }
}

function palmpayKeyLine(input: WebhookCheckInput, palmpay?: SupplierWebhookRow): LiveCheckLine {
  const check = 'PALMPAY_PUBLIC_KEY (checks PalmPay notifications)';
  let described: string;
  try {
    const key = loadPublicKey(input.palmpayPublicKey);
    const bits = key.asymmetricKeyDetails?.modulusLength;
    described = `parsed: ${key.asymmetricKeyType?.toUpperCase() ?? 'unknown'} public key${bits ? `, ${bits} bits` : ''}`;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { check, ok: false, detail: `does not parse as a public key: ${reason}` };
  }
  if ('unavailable' in input.records) {
    return { check, ok: true, detail: `${described}; ${input.records.unavailable}` };
  }
  if (palmpay?.lastVerifiedAt) {
    return {
      check,
      ok: true,
      detail: `${described}; a signed PalmPay notification verified with it at ${when(palmpay.lastVerifiedAt)}`,
    };
  }
  if (palmpay && palmpay.refusedCount > 0) {
    // Notifications came and none verified: deposits would never be credited.
    return {
      check,
      ok: false,
      detail: `${described}, but ${palmpay.refusedCount} PalmPay notification(s) failed its check (last ${when(palmpay.lastRefusedAt)}) and none passed: is it PalmPay's key?`,
    };
  }
  return {
    check,
    ok: true,
    detail: `${described}; no PalmPay notification received yet to check it against (the first deposit's will)`,
  };
}

function ogdamsKeyLine(input: WebhookCheckInput, ogdams?: SupplierWebhookRow): LiveCheckLine {
  const check = 'Ogdams signing key (OGDAMS_WEBHOOK_SECRET, else OGDAMS_API_KEY)';
  if ('unavailable' in input.records) {
    return { check, ok: true, detail: input.records.unavailable };
  }
  if (ogdams?.firstVerifiedAt) {
    return {
      check,
      ok: true,
      detail: `verified: a signed Ogdams event first passed at ${when(ogdams.firstVerifiedAt)}, last at ${when(ogdams.lastVerifiedAt)}`,
    };
  }
  const held = input.live
    ? 'Ogdams takes no airtime routing traffic until one does'
    : 'the sandbox routes to it regardless';
  if (ogdams && ogdams.refusedCount > 0) {
    return {
      check,
      ok: false,
      detail: `not verified: ${ogdams.refusedCount} Ogdams event(s) refused for their signature (last ${when(ogdams.lastRefusedAt)}) and none passed, so the key is wrong; ${held}`,
    };
  }
  return {
    check,
    ok: true,
    detail: `not verified yet: no signed Ogdams event received (one Ogdams order's event proves it); ${held}`,
  };
}

export async function webhookLiveCheck(input: WebhookCheckInput): Promise<LiveCheckLine[]> {
  const lines: LiveCheckLine[] = [];
  if (input.live && !input.publicBaseUrl.startsWith('https://')) {
    lines.push({
      check: 'PUBLIC_BASE_URL',
      ok: false,
      detail: `${input.publicBaseUrl} is not https: suppliers post webhooks to it`,
    });
  }
  for (const route of WEBHOOK_ROUTES) lines.push(await probe(input.publicBaseUrl, route));
  let rows: SupplierWebhookRow[] = [];
  if ('db' in input.records) {
    try {
      rows = await supplierWebhooksRepository.all(input.records.db);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      input = { ...input, records: { unavailable: `signed events not readable: ${reason}` } };
    }
  }
  lines.push(
    palmpayKeyLine(
      input,
      rows.find((r) => r.supplier === 'palmpay'),
    ),
  );
  lines.push(
    ogdamsKeyLine(
      input,
      rows.find((r) => r.supplier === 'ogdams'),
    ),
  );
  return lines;
}
