import type { ServiceStatus } from '@owo/shared/api-types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { switchesRepository } from './repository';

/** The spec's switchable services (02 §shutdown); "system" turns all of them off. */
export const SWITCHABLE = ['airtime', 'data', 'cable-tv', 'utility'] as const;
export type SwitchableService = (typeof SWITCHABLE)[number];

export function createSwitchService({ database, clock }: AppDeps) {
  async function status() {
    const down = await switchesRepository.shutdownAt(database.db, clock.now());
    const system = !down.has('system');
    const data: ServiceStatus = {
      system,
      airtime: system && !down.has('airtime'),
      data: system && !down.has('data'),
      'cable-tv': system && !down.has('cable-tv'),
      utility: system && !down.has('utility'),
    };
    return data;
  }

  return {
    status,
    /** The server refuses purchases of a switched-off service, whatever the client shows. */
    async assertOn(service: SwitchableService): Promise<void> {
      if (!(await status())[service]) throw new AppError('SERVICE_UNAVAILABLE');
    },
  };
}

export type SwitchService = ReturnType<typeof createSwitchService>;
