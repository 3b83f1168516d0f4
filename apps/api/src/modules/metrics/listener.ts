import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import {
  collectDefaultMetrics,
  type AggregatorRegistry,
  type PrometheusContentType,
  type Registry,
} from 'prom-client';
import type { Metrics } from './metrics';

export interface MetricsListener {
  /** The address it is bound to, and its port (the one asked for, or the one picked for 0). */
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics on their own listener (METRICS_PORT, loopback unless METRICS_HOST says otherwise),
 * apart from the API port: the series name routes, suppliers and volumes, which are for the
 * operator's scraper, not for the internet. It answers GET /metrics and nothing else.
 * The process series (CPU, memory, event loop, GC) are collected from here on: only a process
 * that exposes them pays for their monitors.
 */
/**
 * The process series (CPU, memory, event loop, GC), once per registry (a second listener on the
 * same app would register them twice). Cluster workers call it themselves: the primary's
 * listener sums theirs.
 */
export function collectProcessMetrics(registry: Registry): void {
  if (!registry.getSingleMetric('process_cpu_user_seconds_total')) {
    collectDefaultMetrics({ register: registry });
  }
}

export async function startMetricsListener(
  options: {
    host: string;
    port: number;
    logger: FastifyBaseLogger;
  } & (
    | { metrics: Metrics }
    /** The cluster's primary (decision 0038): every worker's series, summed by prom-client. */
    | { cluster: AggregatorRegistry<PrometheusContentType> }
  ),
): Promise<MetricsListener> {
  let registry: { contentType: string; metrics(): Promise<string> };
  if ('cluster' in options) {
    const aggregator = options.cluster;
    registry = { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
  } else {
    registry = options.metrics.registry;
    collectProcessMetrics(options.metrics.registry);
  }
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response
        .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
        .end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    host: address,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        // A scraper's keep-alive connection must not hold the shutdown open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
