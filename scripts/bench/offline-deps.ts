import type { Config } from '../../apps/api/src/config';
import type { Database } from '../../apps/api/src/db/client';
import type { AppDeps } from '../../apps/api/src/deps';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createLogger } from '../../apps/api/src/lib/logger';
import type { Providers } from '@owo/providers/types';

/**
 * The app's services for seeding and set-up in the bench process: the real database and clock, no
 * mail, no log, and no suppliers (a call to one is a bench bug, so it throws naming the caller).
 */
export function offlineDeps(config: Config, database: Database, who: string): AppDeps {
  return {
    config,
    database,
    clock: systemClock,
    mailer: { send: async () => {} },
    logger: createLogger('silent'),
    providers: new Proxy({} as Providers, {
      get() {
        throw new Error(`${who} calls no supplier`);
      },
    }),
  };
}
