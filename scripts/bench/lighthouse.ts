/**
 * `npm run bench -- --lighthouse`: Lighthouse (mobile, its default simulated throttling) on
 * Debian's Chromium against a built web app served by the real API, for the signed-out landing
 * page and for /home of a signed-in customer with a purchase history. Several runs each (a fresh
 * browser profile every time, so nothing is cached), medians reported. Not a test: timings depend
 * on the machine, so the budgets are printed, not asserted.
 *
 * It builds nothing: point it at a build (`--web-dist`, default apps/web/dist; e.g.
 * `npm run build -w @owo/web -- --outDir /tmp/owo-web --emptyOutDir`).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { SESSION_TTL_S } from '@owo/shared/constants';
import type { UserDto } from '@owo/shared/api-types';
import { CHROMIUM, CHROMIUM_FLAGS } from '../chromium';
import { startApi } from './api-process';
import { createDatabase, databaseUrl, dropDatabase } from './databases';
import { purchase } from './load';
import { seed } from './seed';

/** The route budgets. */
export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 95, landingLcpMs: 1500 };
const HISTORY_PURCHASES = 8;

export interface LighthouseRun {
  page: 'landing' | 'home';
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** /proc/loadavg's 1-minute figure when the run started (other work skews the timings). */
  loadAverage: number;
  /** Audits that lost points (score below 0.9), for the report. */
  failing: string[];
  reportFile: string;
  lighthouseVersion: string;
}

export interface LighthouseResult {
  webDist: string;
  lighthouseVersion: string;
  chromium: string;
  runs: LighthouseRun[];
  medians: Record<
    'landing' | 'home',
    Omit<LighthouseRun, 'url' | 'failing' | 'reportFile' | 'lighthouseVersion'>
  >;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function getJson<T>(port: number, url: string, token: string): Promise<T> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: url, headers: { authorization: `Bearer ${token}` } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(JSON.parse(body) as T)
              : reject(new Error(`GET ${url} → ${response.statusCode}: ${body.slice(0, 500)}`)),
          );
        },
      )
      .on('error', reject);
  });
}

/**
 * One Lighthouse navigation in a fresh Chromium. With `session`, the web app's persisted store
 * (localStorage `root`, see apps/web/src/lib/session-store.ts) is written first, on the same
 * origin, and Lighthouse is told not to wipe storage, so the page opens signed in.
 */
async function runOnce(options: {
  page: LighthouseRun['page'];
  url: string;
  session?: unknown;
  reportDir: string;
  index: number;
  chromePath: string;
}): Promise<LighthouseRun> {
  const loadAverage = os.loadavg()[0]!;
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      if (options.session) {
        // A JSON endpoint of the same origin: it sets the origin up without loading the app
        // (no scripts, no service worker, nothing in the HTTP cache for the measured load).
        await page.goto(new URL('/api/ready', options.url).href);
        await page.evaluate(
          (value: string) => localStorage.setItem('root', value),
          JSON.stringify(options.session),
        );
      }
      const result = await lighthouse(
        options.url,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: Boolean(options.session),
        },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${options.url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const reportFile = path.join(options.reportDir, `${options.page}-${options.index + 1}.json`);
      writeFileSync(reportFile, typeof result.report === 'string' ? result.report : '');
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const failing: string[] = [];
      for (const category of Object.values(lhr.categories)) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (audit && audit.score !== null && audit.score < 0.9 && ref.weight > 0) {
            failing.push(`${ref.id} ${audit.displayValue ?? audit.score}`.trim());
          }
        }
      }
      return {
        page: options.page,
        url: options.url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcpMs: Math.round(metric('first-contentful-paint')),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
        speedIndexMs: Math.round(metric('speed-index')),
        loadAverage,
        failing,
        reportFile,
        lighthouseVersion: lhr.lighthouseVersion,
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

/**
 * Starts the API (its own process, port, DATA_DIR and fresh PostgreSQL database) serving
 * `webDist`, seeds one customer with a purchase history, and runs Lighthouse `runs` times on
 * landing (signed out) and on /home (signed in as that customer).
 */
export async function lighthouseBench(options: {
  root: string;
  adminUrl: string;
  webDist: string;
  runs: number;
  /**
   * Run Chromium and the API at this nice value (e.g. -10; negative needs root), so other work on
   * a shared machine skews the simulated timings less. Lantern scales the CPU time it observes.
   */
  nice?: number;
  log: (message: string) => void;
}): Promise<LighthouseResult> {
  const webDist = path.resolve(options.webDist);
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `no web build in ${webDist}: run \`npm run build\` (or pass --web-dist <dir> of a build)`,
    );
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  const name = `owo_bench_lh_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-lighthouse-'));
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'owo-lighthouse-reports-'));
  const sessionSecret = randomBytes(32).toString('hex');
  await createDatabase(options.adminUrl, name);
  try {
    const url = databaseUrl(options.adminUrl, name);
    const seeded = await seed({ databaseUrl: url, users: 1, dataDir, sessionSecret });
    const token = seeded.tokens[0]!;
    const api = await startApi({
      root: options.root,
      databaseUrl: url,
      poolMax: 5,
      dataDir,
      sessionSecret,
      pinCache: false,
      env: { WEB_DIST_DIR: webDist, LOG_LEVEL: 'error' },
    });
    try {
      const origin = `http://127.0.0.1:${api.port}`;
      let chromePath = CHROMIUM;
      if (options.nice !== undefined) {
        os.setPriority(api.pid, options.nice);
        // Every Chromium process (browser, renderer, GPU, network) inherits the value.
        chromePath = path.join(dataDir, 'chromium-nice.sh');
        writeFileSync(chromePath, `#!/bin/sh\nexec nice -n ${options.nice} ${CHROMIUM} "$@"\n`, {
          mode: 0o755,
        });
      }
      options.log(`lighthouse: API on ${origin} serving ${webDist}; seeding a history…`);
      const agent = new http.Agent({ keepAlive: true });
      for (let i = 0; i < HISTORY_PURCHASES; i++) {
        const reply = await purchase(agent, api.port, token);
        if (!reply.ok) throw new Error(`seeding purchase failed: ${reply.status} ${reply.body}`);
      }
      agent.destroy();
      const { data: user } = await getJson<{ data: UserDto }>(api.port, '/api/user', token);
      // The shape zustand's persist middleware stores (session-store.ts: name root, version 1).
      const session = () => ({
        state: {
          user,
          auth: {
            isAuthenticated: true,
            token,
            expires_in: SESSION_TTL_S,
            lastActivity: Date.now(),
          },
        },
        version: 1,
      });

      const runs: LighthouseRun[] = [];
      for (const page of ['landing', 'home'] as const) {
        for (let index = 0; index < options.runs; index++) {
          // Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART):
          // such a run measured nothing, so it is repeated, at most twice.
          const attempt = () =>
            runOnce({
              page,
              url: page === 'landing' ? `${origin}/` : `${origin}/home`,
              session: page === 'home' ? session() : undefined,
              reportDir,
              index,
              chromePath,
            });
          let run: LighthouseRun | undefined;
          for (let tries = 1; !run; tries++) {
            try {
              run = await attempt();
            } catch (error) {
              if (tries >= 3 || !/NO_NAVSTART/.test(String(error))) throw error;
              options.log(`lighthouse ${page} #${index + 1}: ${String(error)}; again`);
            }
          }
          options.log(
            `lighthouse ${page} #${index + 1}: performance ${run.performance}, accessibility ` +
              `${run.accessibility}, best practices ${run.bestPractices}, LCP ${run.lcpMs} ms ` +
              `(load average ${run.loadAverage.toFixed(2)})`,
          );
          runs.push(run);
        }
      }
      const mediansOf = (page: LighthouseRun['page']) => {
        const mine = runs.filter((run) => run.page === page);
        const m = (key: keyof LighthouseRun) => median(mine.map((run) => run[key] as number));
        return {
          page,
          performance: m('performance'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          fcpMs: m('fcpMs'),
          lcpMs: m('lcpMs'),
          tbtMs: m('tbtMs'),
          cls: m('cls'),
          speedIndexMs: m('speedIndexMs'),
          loadAverage: m('loadAverage'),
        };
      };
      return {
        webDist,
        lighthouseVersion: runs[0]?.lighthouseVersion ?? '',
        chromium: CHROMIUM,
        runs,
        medians: { landing: mediansOf('landing'), home: mediansOf('home') },
      };
    } finally {
      await api.stop();
    }
  } finally {
    await dropDatabase(options.adminUrl, name);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printLighthouse(result: LighthouseResult): void {
  const b = LIGHTHOUSE_BUDGETS;
  console.log(`\nLighthouse ${result.lighthouseVersion}, mobile, ${result.chromium}`);
  console.log(`web build: ${result.webDist}`);
  console.log(
    '| page | run | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | SI ms | load avg |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const row = (r: LighthouseResult['medians']['home'], label: string) =>
    console.log(
      `| ${r.page} | ${label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ` +
        `${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.speedIndexMs} | ` +
        `${r.loadAverage.toFixed(2)} |`,
    );
  for (const page of ['landing', 'home'] as const) {
    result.runs.filter((r) => r.page === page).forEach((r, i) => row(r, `#${i + 1}`));
    row(result.medians[page], '**median**');
  }
  const verdicts: string[] = [];
  for (const page of ['landing', 'home'] as const) {
    const m = result.medians[page];
    verdicts.push(
      `${page}: performance ${m.performance} ${m.performance >= b.performance ? '≥' : '<'} ${b.performance}`,
      `${page}: accessibility ${m.accessibility} ${m.accessibility >= b.accessibility ? '≥' : '<'} ${b.accessibility}`,
    );
  }
  const lcp = result.medians.landing.lcpMs;
  verdicts.push(`landing: LCP ${lcp} ms ${lcp < b.landingLcpMs ? '<' : '≥'} ${b.landingLcpMs} ms`);
  console.log(`\nbudgets (medians): ${verdicts.join('; ')}`);
  const failing = new Map<string, number>();
  for (const run of result.runs) {
    for (const audit of run.failing) {
      const key = `${run.page}: ${audit.split(' ')[0]}`;
      failing.set(key, (failing.get(key) ?? 0) + 1);
    }
  }
  if (failing.size > 0) {
    console.log('audits that lost points (runs):');
    for (const [key, count] of failing) console.log(`  ${key} (${count})`);
  }
  console.log(`reports: ${path.dirname(result.runs[0]?.reportFile ?? '')}`);
}
