/**
 * `npm run bench -- --lighthouse`: Lighthouse (mobile, its default simulated throttling) on
 * Debian's Chromium against a built web app served by the real API, for the signed-out landing
 * page and for /home of a signed-in customer with a purchase history, and a static page with no
 * script as the floor, measured in the same run. Several runs each (a fresh
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

/** The budgets each measured page (landing, /home) must meet, on medians. */
export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 95, tbtMs: 200, lcpMs: 1500 };
type PageName = 'floor' | 'landing' | 'home';
const PAGES: readonly PageName[] = ['floor', 'landing', 'home'];

/**
 * The floor: a static page with no script, as big as the landing page's headline and text, from
 * a plain HTTP server on the same machine. What it scores is what the machine and Lighthouse's
 * simulation allow; the app's pages are read against it, measured in the same run.
 */
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>
<meta name="description" content="A static page with no script: the bench's floor.">
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#111}
h1{font-size:32px;line-height:1.2}p{font-size:16px;line-height:1.5}</style></head>
<body><main><h1>Buy airtime, data and pay bills in seconds</h1>
<p>A static page with no script, served by a plain HTTP server: what Lighthouse scores here is the
machine's and the simulation's floor, not the app's.</p></main></body></html>`;

function startFloorServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(FLOOR_HTML);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
const HISTORY_PURCHASES = 8;

export interface LighthouseRun {
  page: PageName;
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
  /** Main-thread time as Lighthouse reports it (observed ms times its 4× CPU factor), by kind. */
  mainThreadMs: number;
  mainThread: Record<string, number>;
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
    PageName,
    Omit<LighthouseRun, 'url' | 'failing' | 'reportFile' | 'lighthouseVersion' | 'mainThread'>
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
      const mainThread: Record<string, number> = {};
      const breakdown = lhr.audits['mainthread-work-breakdown']?.details;
      if (breakdown && 'items' in breakdown) {
        for (const item of breakdown.items as { groupLabel?: string; duration?: number }[]) {
          const label = item.groupLabel ?? 'other';
          mainThread[label] = Math.round((mainThread[label] ?? 0) + (item.duration ?? 0));
        }
      }
      return {
        page: options.page,
        url: options.url,
        mainThreadMs: Math.round(metric('mainthread-work-breakdown')),
        mainThread,
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

      const floor = await startFloorServer();
      const urls: Record<PageName, string> = {
        floor: `${floor.origin}/`,
        landing: `${origin}/`,
        home: `${origin}/home`,
      };
      const runs: LighthouseRun[] = [];
      try {
        for (const page of PAGES) {
          for (let index = 0; index < options.runs; index++) {
            // Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART):
            // such a run measured nothing, so it is repeated, at most twice.
            const attempt = () =>
              runOnce({
                page,
                url: urls[page],
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
                `${run.accessibility}, best practices ${run.bestPractices}, LCP ${run.lcpMs} ms, ` +
                `TBT ${run.tbtMs} ms (load average ${run.loadAverage.toFixed(2)})`,
            );
            runs.push(run);
          }
        }
      } finally {
        await floor.close();
      }
      const mediansOf = (page: PageName) => {
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
          mainThreadMs: m('mainThreadMs'),
          loadAverage: m('loadAverage'),
        };
      };
      return {
        webDist,
        lighthouseVersion: runs[0]?.lighthouseVersion ?? '',
        chromium: CHROMIUM,
        runs,
        medians: {
          floor: mediansOf('floor'),
          landing: mediansOf('landing'),
          home: mediansOf('home'),
        },
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
    '| page | run | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | SI ms | main thread ms | load avg |',
  );
  console.log(
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  const row = (r: LighthouseResult['medians']['home'], label: string) =>
    console.log(
      `| ${r.page} | ${label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ` +
        `${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.speedIndexMs} | ` +
        `${r.mainThreadMs} | ${r.loadAverage.toFixed(2)} |`,
    );
  for (const page of PAGES) {
    result.runs.filter((r) => r.page === page).forEach((r, i) => row(r, `#${i + 1}`));
    row(result.medians[page], '**median**');
  }
  console.log(
    '\nmain thread by kind (median ms of the runs; observed time × the simulated 4× CPU factor):',
  );
  for (const page of PAGES) {
    const mine = result.runs.filter((r) => r.page === page);
    const kinds = new Set(mine.flatMap((r) => Object.keys(r.mainThread)));
    const parts = [...kinds]
      .map((kind) => [kind, median(mine.map((r) => r.mainThread[kind] ?? 0))] as const)
      .sort((x, y) => y[1] - x[1])
      .map(([kind, ms]) => `${kind} ${Math.round(ms)}`);
    console.log(`  ${page}: ${parts.join(', ')}`);
  }
  const verdicts: string[] = [];
  const f = result.medians.floor;
  verdicts.push(`floor: performance ${f.performance}, TBT ${f.tbtMs} ms, LCP ${f.lcpMs} ms`);
  for (const page of ['landing', 'home'] as const) {
    const m = result.medians[page];
    const check = (name: string, value: number, budget: number, atLeast: boolean) =>
      `${page}: ${name} ${value} ${atLeast ? (value >= budget ? '≥' : '<') : value <= budget ? '≤' : '>'} ${budget}` +
      ((atLeast ? value >= budget : value <= budget) ? '' : ' (NOT MET)');
    verdicts.push(
      check('performance', m.performance, b.performance, true),
      check('accessibility', m.accessibility, b.accessibility, true),
      check('TBT ms', m.tbtMs, b.tbtMs, false),
      check('LCP ms', m.lcpMs, b.lcpMs, false),
    );
  }
  console.log(`\nbudgets (medians of this run):\n  ${verdicts.join('\n  ')}`);
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
