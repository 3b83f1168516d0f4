/**
 * The admin transactions export (GET /api/admin/transactions/export) over 1,000,000 rows: does it
 * stream in bounded memory? Seeds a fresh PostgreSQL database set-based (generate_series), starts
 * the API as its own process with a memory sampler preloaded (memory-probe.mjs), downloads the
 * whole CSV over HTTP and reports the API's peak RSS and heap during the download next to its
 * figures before, the time to the first byte, rows/s and MB/s. Then the same export read slowly
 * (a consumer that pauses), which must not make the server buffer ahead.
 *
 *   npx tsx scripts/bench/export-memory.ts [--rows 1000000] [--slow-seconds 10] [--heap-mb 128]
 *
 * --heap-mb N caps the API's V8 old space (--max-old-space-size): V8 lets garbage pile up while
 * memory is plentiful, so an uncapped peak says little; a run that completes under a small cap
 * shows that the export's live memory is bounded.
 *   npm run bench -- --export-memory [--export-rows N]
 *
 * PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
 * postgres); the database it creates (owo_bench_export_…) is dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createSessionService } from '../../apps/api/src/modules/auth/session-service';
import { usersRepository } from '../../apps/api/src/modules/users/repository';
import { startApi } from './api-process';
import { createDatabase, databaseUrl, dropDatabase } from './databases';
import { offlineDeps } from './offline-deps';
import { openBenchDatabase } from './bench-database';

const MB = 1024 * 1024;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export interface ExportMemoryResult {
  rows: number;
  heapMb: number | undefined;
  seedSeconds: number;
  before: { rssMb: number; heapUsedMb: number };
  full: DownloadFigures;
  slow: DownloadFigures & { readKb: number };
}

interface DownloadFigures {
  seconds: number;
  firstByteMs: number;
  bytesMb: number;
  lines: number;
  rowsPerSecond: number;
  peakRssMb: number;
  peakHeapUsedMb: number;
  peakExternalMb: number;
}

/** 1,000 customers; rows over the last year, 60% purchases (with their orders), the rest deposits. */
export async function seed(url: string, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(
      `insert into users (email, first_name, last_name, phone_number, is_verified)
       select 'bench.export.' || g || '@example.com', 'Customer', 'Number ' || g,
              '0803' || lpad(g::text, 7, '0'), true
       from generate_series(1, 1000) g`,
    );
    await client.query(`create temporary table bench_users as
       select row_number() over (order by id) as n, id from users`);
    await client.query(
      `insert into transactions (user_id, type, service_type, amount_kobo, status, reference,
                                 description, metadata, created_at, updated_at)
       select u.id, case when g % 5 < 3 then 'debit' else 'credit' end,
              case when g % 5 < 3 then 'airtime' else 'deposit' end,
              10000 + (g::bigint * 7919) % 2000000,
              case when g % 13 = 0 then 'failed' when g % 97 = 0 then 'pending' else 'success' end,
              'BENCHX-' || g,
              case when g % 5 < 3 then 'MTN Airtime VTU' else 'Wallet funding' end,
              case when g % 5 < 3 then jsonb_build_object('phone', '0803' || lpad((g % 9999999)::text, 7, '0'))
                   else '{}'::jsonb end,
              now() - (g * interval '31 seconds'), now() - (g * interval '31 seconds')
       from generate_series(1, $1::int) g
       join bench_users u on u.n = 1 + g % 1000`,
      [rows],
    );
    await client.query(
      `insert into purchases (transaction_id, user_id, product, supplier, state, request,
                              supplier_request_id, supplier_reference, selling_kobo, cost_kobo,
                              created_at, updated_at)
       select id, user_id, 'airtime', 'vtpass',
              case status when 'success' then 'delivered' when 'failed' then 'failed'
                          else 'pending' end,
              '{}'::jsonb, reference, 'VT' || reference, amount_kobo, amount_kobo - amount_kobo / 30,
              created_at, created_at
       from transactions where service_type = 'airtime'`,
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function adminToken(url: string, dataDir: string, sessionSecret: string) {
  const { config, database } = openBenchDatabase({
    dataDir: dataDir,
    databaseUrl: url,
    sessionSecret: sessionSecret,
    poolMax: 2,
  });
  try {
    await database.migrate();
    const deps = offlineDeps(config, database, 'the export bench');
    const admin = await database.db.transaction((tx) =>
      usersRepository.insertWithWallet(tx, {
        email: 'bench.export.admin@example.com',
        firstName: 'Bench',
        lastName: 'Admin',
        role: 'admin',
        isVerified: true,
      }),
    );
    const { token } = await createSessionService(deps).issue(admin.id, {
      ip: '127.0.0.1',
      userAgent: 'owo-bench',
    });
    return { token, migrate: () => database.migrate() };
  } finally {
    await database.close();
  }
}

interface MemorySample {
  rss: number;
  heapUsed: number;
  maxRss: number;
  maxHeapUsed: number;
  maxExternal: number;
}

function readSample(file: string): MemorySample | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as MemorySample;
  } catch {
    return undefined; // being rewritten
  }
}

/**
 * Downloads the export; `pauseMs` > 0 reads one chunk, pauses that long, and so on, for
 * `slowSeconds` (then stops): a slow client.
 */
function download(
  port: number,
  token: string,
  memoryFile: string,
  slow?: { pauseMs: number; seconds: number },
): Promise<DownloadFigures & { readKb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    const peak = { rss: 0, heapUsed: 0, external: 0 };
    const watch = setInterval(() => {
      const s = readSample(memoryFile);
      if (!s) return;
      peak.rss = Math.max(peak.rss, s.maxRss);
      peak.heapUsed = Math.max(peak.heapUsed, s.maxHeapUsed);
      peak.external = Math.max(peak.external, s.maxExternal);
    }, 50);
    const finish = () => {
      clearInterval(watch);
      const seconds = (performance.now() - started) / 1000;
      resolve({
        seconds: round(seconds, 2),
        firstByteMs: round(firstByteMs),
        bytesMb: round(bytes / MB),
        lines,
        rowsPerSecond: Math.round(Math.max(lines - 1, 0) / seconds),
        peakRssMb: round(peak.rss / MB),
        peakHeapUsedMb: round(peak.heapUsed / MB),
        peakExternalMb: round(peak.external / MB),
        readKb: Math.round(bytes / 1024),
      });
    };
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/admin/transactions/export',
        headers: { Authorization: `Bearer ${token}` },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`export: HTTP ${res.statusCode}`));
          return;
        }
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines += 1;
          if (slow) {
            res.pause();
            if (performance.now() - started > slow.seconds * 1000) {
              // Wait for the last samples, then hang up as a browser tab closed would.
              setTimeout(() => {
                req.destroy();
                finish();
              }, 300);
              return;
            }
            setTimeout(() => res.resume(), slow.pauseMs);
          }
        });
        res.on('end', finish);
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!slow) reject(error);
    });
  });
}

export async function exportMemoryBench(options: {
  root: string;
  adminUrl: string;
  rows: number;
  slowSeconds: number;
  /** The API's --max-old-space-size, if capped. */
  heapMb?: number;
  log: (message: string) => void;
}): Promise<ExportMemoryResult> {
  const { log } = options;
  const name = `owo_bench_export_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(options.adminUrl, name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-export-'));
  const memoryFile = path.join(dataDir, 'memory.json');
  const sessionSecret = randomBytes(36).toString('base64url');
  await createDatabase(options.adminUrl, name);
  try {
    const { token } = await adminToken(url, dataDir, sessionSecret);
    log(`export: seeding ${options.rows.toLocaleString('en-NG')} transactions (set-based SQL)…`);
    const seedStarted = performance.now();
    await seed(url, options.rows);
    const seedSeconds = round((performance.now() - seedStarted) / 1000);
    log(`export: seeded in ${seedSeconds}s; starting the API…`);
    const probe = pathToFileURL(path.join(options.root, 'scripts/bench/memory-probe.mjs')).href;
    const api = await startApi({
      root: options.root,
      databaseUrl: url,
      poolMax: 10,
      dataDir,
      sessionSecret,
      pinCache: false,
      env: {
        NODE_OPTIONS: [
          `--import ${probe}`,
          options.heapMb ? `--max-old-space-size=${options.heapMb}` : '',
        ].join(' '),
        BENCH_MEMORY_FILE: memoryFile,
        // The background jobs off (the ledger audit, the analytics rollup, alerts, retention):
        // on a freshly seeded million rows they would run during the download, and their memory
        // is theirs, not the export's.
        ANALYTICS_ROLLUP_INTERVAL_MS: '0',
        RETENTION_INTERVAL_MS: '0',
        ALERTS_INTERVAL_MS: '0',
        LEDGER_AUDIT_INTERVAL_MS: '0',
      },
    });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      const idle = readSample(memoryFile);
      if (!idle) throw new Error('no memory figures from the API (memory-probe.mjs)');
      const before = { rssMb: round(idle.rss / MB), heapUsedMb: round(idle.heapUsed / MB) };
      log(`export: API idle at ${before.rssMb} MB RSS, ${before.heapUsedMb} MB heap; downloading…`);
      const full = await download(api.port, token, memoryFile).catch((error: unknown) => {
        throw new Error(`export download failed: ${String(error)}\n${api.output()}`);
      });
      if (full.lines !== options.rows + 1) {
        throw new Error(`export: ${full.lines} lines for ${options.rows} rows and a header`);
      }
      log(`export: ${full.lines - 1} rows in ${full.seconds}s; a slow reader next…`);
      const slow = await download(api.port, token, memoryFile, {
        pauseMs: 20,
        seconds: options.slowSeconds,
      });
      return { rows: options.rows, heapMb: options.heapMb, seedSeconds, before, full, slow };
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(options.adminUrl, name);
  }
}

export function printExportMemory(result: ExportMemoryResult) {
  const { before, full, slow } = result;
  console.log(
    `\n== admin transactions export (${result.rows.toLocaleString('en-NG')} rows, seeded in ` +
      `${result.seedSeconds}s${result.heapMb ? `, API old space capped at ${result.heapMb} MB` : ''}) ==`,
  );
  console.log(`  API idle        RSS ${before.rssMb} MB, heap used ${before.heapUsedMb} MB`);
  console.log(
    `  full download   ${full.bytesMb} MB in ${full.seconds}s, first byte ${full.firstByteMs} ms, ` +
      `${full.rowsPerSecond.toLocaleString('en-NG')} rows/s`,
  );
  console.log(
    `                  peak RSS ${full.peakRssMb} MB, peak heap used ${full.peakHeapUsedMb} MB, ` +
      `peak external+buffers ${full.peakExternalMb} MB`,
  );
  console.log(
    `  slow reader     read ${slow.readKb} KB in ${slow.seconds}s (20 ms pause per chunk); ` +
      `peak RSS ${slow.peakRssMb} MB, heap ${slow.peakHeapUsedMb} MB`,
  );
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      'slow-seconds': { type: 'string', default: '10' },
      'heap-mb': { type: 'string' },
    },
  });
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  exportMemoryBench({
    root,
    adminUrl,
    rows: Number(values.rows),
    slowSeconds: Number(values['slow-seconds']),
    heapMb: values['heap-mb'] ? Number(values['heap-mb']) : undefined,
    log: (m) => console.error(m),
  })
    .then(printExportMemory)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
