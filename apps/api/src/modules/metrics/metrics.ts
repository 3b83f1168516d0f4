import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Supplier } from '../../ledger/accounts';

/**
 * The app's Prometheus series (docs/decisions/0026-metrics.md). One registry per app instance:
 * tests build many apps in one process, and prom-client's global registry would mix their counts
 * (and refuse a second series of the same name).
 */

export type PurchaseOutcomeLabel = 'delivered' | 'failed' | 'pending';

/** What the background-job helper reports after each pass (jobs/job-runner.ts `onPass`). */
export interface JobPassReport {
  job: string;
  ms: number;
  ok: boolean;
  skipped: boolean;
}

/** What the scrape-time gauges read; wired by createServices (modules/metrics/scrape-sources.ts). */
export interface ScrapeSources {
  pendingOrders(): Promise<{ count: number; oldestAgeSeconds: number }>;
  /** PostgreSQL pool counts; undefined on PGlite (no pool). */
  pool(): { total: number; idle: number; waiting: number } | undefined;
  onError(error: unknown): void;
  /** DATABASE_READ_URL set: the replica's replay lag and whether reads use it (1) or not (0). */
  replica?(): { lagSeconds: number | undefined; inUse: boolean };
}

const SUPPLIERS: readonly Supplier[] = ['vtpass', 'datastation', 'ogdams', 'palmpay', 'safehaven'];
const OUTCOMES: readonly PurchaseOutcomeLabel[] = ['delivered', 'failed', 'pending'];
const SECONDS_HTTP = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SECONDS_SUPPLIER = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'owo_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'owo_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: SECONDS_HTTP,
    registers,
  });
  const purchases = new Counter({
    name: 'owo_purchases_total',
    help: 'Purchases by supplier and outcome (delivered; failed, refunded to the wallet; pending, left to the reconciler)',
    labelNames: ['supplier', 'outcome'] as const,
    registers,
  });
  const adminRefunds = new Counter({
    name: 'owo_purchase_admin_refunds_total',
    help: 'Open orders refunded on an admin decision (also counted as failed in owo_purchases_total)',
    labelNames: ['supplier'] as const,
    registers,
  });
  const supplierCalls = new Histogram({
    name: 'owo_supplier_call_duration_seconds',
    help: 'Time of one call to a supplier, by supplier and adapter operation',
    labelNames: ['supplier', 'operation'] as const,
    buckets: SECONDS_SUPPLIER,
    registers,
  });
  const webhooks = new Counter({
    name: 'owo_webhooks_total',
    help: 'Supplier webhooks received, by supplier and result',
    labelNames: ['supplier', 'result'] as const,
    registers,
  });
  const jobPasses = new Counter({
    name: 'owo_job_passes_total',
    help: 'Background job passes (reconciler, sweeper, rollup, ledger audit) by job and result',
    labelNames: ['job', 'result'] as const,
    registers,
  });
  // aggregator: how a cluster's primary combines its workers' values (decision 0038); counters
  // and histograms add up. Only the lead worker audits (the others keep 0), and every worker reads
  // the same pending orders, so the largest value is the one to show, not the sum.
  const ledgerAuditOk = new Gauge({
    name: 'owo_ledger_audit_ok',
    help: 'Result of the last scheduled ledger audit: 1 every invariant holds, 0 one is broken',
    registers,
    aggregator: 'max',
  });
  const ledgerAuditLastRun = new Gauge({
    name: 'owo_ledger_audit_last_run_timestamp_seconds',
    help: 'When the last scheduled ledger audit finished (Unix time)',
    registers,
    aggregator: 'max',
  });

  // Zero series from the start: a rate() over a series that appears only at its first event
  // misses that event, and a dashboard shows "no data" instead of 0.
  for (const supplier of SUPPLIERS) {
    for (const outcome of OUTCOMES) purchases.inc({ supplier, outcome }, 0);
    adminRefunds.inc({ supplier }, 0);
  }

  let sources: ScrapeSources | undefined;
  // Both gauges come from one query: the registry collects every series of a scrape at once,
  // so the second collect finds the first one's read still in flight and shares it.
  let reading: Promise<{ count: number; oldestAgeSeconds: number } | undefined> | undefined;
  const readPending = () =>
    (reading ??= (sources?.pendingOrders() ?? Promise.resolve(undefined))
      .catch((error: unknown) => {
        // The database may be down: the scrape still answers, with the last values read.
        sources?.onError(error);
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));
  new Gauge({
    name: 'owo_pending_orders',
    help: 'Purchases not yet resolved (processing or pending), read at scrape time',
    registers,
    aggregator: 'max',
    async collect() {
      const pending = await readPending();
      if (pending) this.set(pending.count);
    },
  });
  new Gauge({
    name: 'owo_oldest_pending_order_age_seconds',
    help: 'Age of the oldest unresolved purchase (0 when none), read at scrape time',
    registers,
    aggregator: 'max',
    async collect() {
      const pending = await readPending();
      if (pending) this.set(pending.oldestAgeSeconds);
    },
  });
  const poolGauge = (name: string, help: string, pick: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const pool = sources?.pool();
        if (pool) this.set(pool[pick]);
      },
    });

  return {
    registry,
    /** Connects the scrape-time gauges to the database; the pool series exist only on PostgreSQL. */
    readFrom(given: ScrapeSources) {
      sources = given;
      if (given.replica) {
        new Gauge({
          name: 'owo_db_replica_lag_seconds',
          help: 'Replay lag of the DATABASE_READ_URL replica, in seconds (absent when unreachable)',
          registers,
          collect() {
            const lag = sources?.replica?.().lagSeconds;
            if (lag !== undefined) this.set(lag);
            else this.reset();
          },
        });
        new Gauge({
          name: 'owo_db_replica_reads',
          help: 'Lag-tolerant reads go to the replica (1) or fell back to the primary (0)',
          registers,
          collect() {
            this.set(sources?.replica?.().inUse ? 1 : 0);
          },
        });
      }
      if (!given.pool()) return;
      poolGauge('owo_db_pool_connections', 'Open PostgreSQL pool connections', 'total');
      poolGauge('owo_db_pool_idle_connections', 'Idle PostgreSQL pool connections', 'idle');
      poolGauge(
        'owo_db_pool_waiting_requests',
        'Queries waiting for a free PostgreSQL pool connection',
        'waiting',
      );
    },
    request(method: string, route: string | undefined, status: number, ms: number) {
      // Unmatched URLs (404s, scanners) share one label: raw URLs would grow the series forever.
      const labels = {
        method,
        route: route ?? 'unmatched',
        status_class: `${Math.floor(status / 100)}xx`,
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, ms / 1000);
    },
    purchase(supplier: string, outcome: PurchaseOutcomeLabel) {
      purchases.inc({ supplier, outcome });
    },
    adminRefund(supplier: string) {
      adminRefunds.inc({ supplier });
    },
    supplierCall(supplier: string, operation: string, ms: number) {
      supplierCalls.observe({ supplier, operation }, ms / 1000);
    },
    webhook(supplier: string, result: string) {
      webhooks.inc({ supplier, result });
    },
    /** The job helper's onPass hook. */
    jobPass(report: JobPassReport) {
      const result = report.skipped ? 'skipped' : report.ok ? 'ok' : 'failed';
      jobPasses.inc({ job: report.job, result });
    },
    ledgerAudit(ok: boolean, at: Date) {
      ledgerAuditOk.set(ok ? 1 : 0);
      ledgerAuditLastRun.set(at.getTime() / 1000);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
