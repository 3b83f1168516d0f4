import type { AppDeps } from '../../deps';
import { metricsRepository } from './repository';
import type { ScrapeSources } from './metrics';

/** What the scrape-time gauges read from this app's database. */
export function scrapeSources({ database, clock, logger, replicaReads }: AppDeps): ScrapeSources {
  return {
    pendingOrders: () => metricsRepository.pendingOrders(database.db, clock.now()),
    pool: () => database.poolStats?.(),
    ...(replicaReads
      ? {
          replica: () => ({
            lagSeconds: replicaReads.lagSeconds(),
            inUse: replicaReads.state() === 'replica',
          }),
        }
      : {}),
    onError: (error) => logger.warn({ err: error }, 'metrics: could not read the pending orders'),
  };
}
