import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  file: string;
  /** Milliseconds of the window the main thread spent, by where (package or app folder). */
  byArea: { area: string; ms: number; share: number }[];
  /** The hottest functions by self time. */
  topFunctions: { fn: string; ms: number; share: number }[];
  /** Milliseconds the main thread was not idle. */
  busyMs: number;
  windowMs: number;
}

/** Where a function lives: a package, a folder of the app, Node itself, or V8's own buckets. */
function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(program)') return 'V8/native (program)';
    return `native ${functionName || '(anonymous)'}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  const app = /\/apps\/api\/src\/((?:modules\/)?[^/]+)/.exec(url);
  if (app?.[1]) return `app: ${app[1].replace(/\.ts$/, '')}`;
  const own = /\/packages\/([^/]+)\/src\/([^/]+)/.exec(url);
  if (own?.[1]) return `@owo/${own[1]}: ${own[2]?.replace(/\.ts$/, '')}`;
  return url.replace(/^file:\/\//, '');
}

/** Self time of a V8 .cpuprofile, grouped so the main thread's time reads at a glance. */
export function summarizeProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const totalHits = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const windowMs = (profile.endTime - profile.startTime) / 1000;
  const msPerHit = totalHits > 0 ? windowMs / totalHits : 0;
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + hits);
    if (area !== '(idle)') {
      const where = url
        ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}`
        : '';
      const key = `${functionName || '(anonymous)'} ${where}`.trim();
      functions.set(key, (functions.get(key) ?? 0) + hits);
    }
  }
  const round = (x: number) => Math.round(x * 10) / 10;
  const busyHits = totalHits - (areas.get('(idle)') ?? 0);
  return {
    file,
    windowMs: round(windowMs),
    busyMs: round(busyHits * msPerHit),
    byArea: [...areas.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([area, hits]) => ({
        area,
        ms: round(hits * msPerHit),
        share: round((hits / totalHits) * 100),
      })),
    topFunctions: [...functions.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([fn, hits]) => ({
        fn,
        ms: round(hits * msPerHit),
        share: round((hits / totalHits) * 100),
      })),
  };
}
