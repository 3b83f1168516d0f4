import { datastationLiveCheck } from '@owo/providers/datastation/live-check';
import { ogdamsLiveCheck } from '@owo/providers/ogdams/live-check';
import { palmpayLiveCheck } from '@owo/providers/palmpay/live-check';
import { safehavenLiveCheck } from '@owo/providers/safehaven/live-check';
import type { LiveCheckLine, Providers } from '@owo/providers/types';
import { vtpassLiveCheck } from '@owo/providers/vtpass/live-check';

export const LIVE_CHECK_SUPPLIERS = [
  'vtpass',
  'datastation',
  'ogdams',
  'palmpay',
  'safehaven',
] as const;
export type LiveCheckSupplier = (typeof LIVE_CHECK_SUPPLIERS)[number];

const CHECKS: Record<LiveCheckSupplier, (providers: Providers) => Promise<LiveCheckLine[]>> = {
  vtpass: (p) => vtpassLiveCheck(p.vtpass),
  datastation: (p) => datastationLiveCheck(p.datastation),
  ogdams: (p) => ogdamsLiveCheck(p.ogdams),
  palmpay: (p) => palmpayLiveCheck(p.palmpay),
  safehaven: (p) => safehavenLiveCheck(p.safehaven),
};

export function isLiveCheckSupplier(name: string): name is LiveCheckSupplier {
  return (LIVE_CHECK_SUPPLIERS as readonly string[]).includes(name);
}

export interface LiveCheckReport {
  /** A supplier's read-only calls, or `webhooks`: our webhook routes and keys (decision 0045). */
  supplier: LiveCheckSupplier | 'webhooks';
  lines: LiveCheckLine[];
}

/**
 * `cli live-check`: each supplier's read-only calls (balance, catalogues, a verification of a
 * documented test number), so an operator can confirm keys, IP whitelisting and base URLs on day
 * one without buying anything. A check that throws is a failed line, never a crash: the operator
 * sees every supplier's answer in one run.
 */
export async function runLiveCheck(
  providers: Providers,
  suppliers: readonly LiveCheckSupplier[],
): Promise<LiveCheckReport[]> {
  const reports: LiveCheckReport[] = [];
  for (const supplier of suppliers) {
    try {
      reports.push({ supplier, lines: await CHECKS[supplier](providers) });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      reports.push({ supplier, lines: [{ check: 'live check', ok: false, detail }] });
    }
  }
  return reports;
}

export function formatLiveCheck(reports: LiveCheckReport[], mode: 'live' | 'sandbox'): string {
  const out = [`live-check (${mode === 'live' ? 'live suppliers' : 'provider sandbox'})`];
  for (const { supplier, lines } of reports) {
    out.push('', supplier);
    for (const line of lines)
      out.push(`  ${line.ok ? 'ok  ' : 'FAIL'}  ${line.check}: ${line.detail}`);
  }
  const failed = reports.flatMap((r) => r.lines).filter((l) => !l.ok).length;
  out.push('', failed === 0 ? 'all checks passed' : `${failed} check(s) failed`);
  return out.join('\n');
}

export const liveCheckFailed = (reports: LiveCheckReport[]) =>
  reports.some((r) => r.lines.length === 0 || r.lines.some((l) => !l.ok));
