import type { ServiceStatus, ShutdownReply, ShutdownStatusReply } from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import {
  AIRTIME_NETWORK_SWITCHES,
  SHUTDOWN_REASON_DEFAULT,
  SHUTDOWN_SERVICES,
  type ShutdownService,
} from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { auditRepository, type Actor } from '../audit/repository';
import { switchesRepository, type SwitchRow } from './repository';

/** The spec's switchable services (02 §shutdown); "system" turns all of them off. */
export const SWITCHABLE = ['airtime', 'data', 'cable-tv', 'utility'] as const;
export type SwitchableService = (typeof SWITCHABLE)[number];

const MINUTE_MS = 60_000;

/** A switch as the admin sees it: its own state, not the effect of the system switch. */
function stateOf(row: SwitchRow | undefined, now: Date) {
  const active = Boolean(row?.shutdownUntil && row.shutdownUntil > now);
  return {
    on: !active,
    until: active ? row!.shutdownUntil!.toISOString() : null,
    reason: active ? row!.reason : '',
  };
}

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

  async function adminData(): Promise<ShutdownStatusReply['data']> {
    const now = clock.now();
    const rows = new Map((await switchesRepository.all(database.db)).map((r) => [r.service, r]));
    return Object.fromEntries(
      SHUTDOWN_SERVICES.map((service) => [service, stateOf(rows.get(service), now)]),
    ) as ShutdownStatusReply['data'];
  }

  /**
   * Sets the given switches in one transaction, each with its audit entry; `until` null restores.
   * A restore of a service that is already running changes nothing and records nothing.
   */
  async function apply(
    actor: Actor,
    services: readonly ShutdownService[],
    next: { until: Date | null; reason: string; minutes?: number },
  ) {
    const unique = [...new Set(services)];
    await database.db.transaction(async (tx) => {
      const now = clock.now();
      const rows = await switchesRepository.lock(tx, unique);
      for (const service of unique) {
        const before = stateOf(rows.get(service), now);
        if (next.until === null && before.on) continue;
        await switchesRepository.set(tx, service, {
          shutdownUntil: next.until,
          reason: next.reason,
          updatedAt: now,
        });
        await auditRepository.record(
          tx,
          actor,
          {
            action: next.until ? 'system.shutdown' : 'system.restore',
            entity: 'service',
            entityId: service,
            before: { until: before.until, reason: before.reason },
            after: {
              until: next.until?.toISOString() ?? null,
              reason: next.reason,
              ...(next.minutes ? { durationMinutes: next.minutes } : {}),
            },
            reason: next.reason,
          },
          now,
        );
      }
    });
  }

  /** Airtime on one network: the airtime switch, the system switch and that network's own. */
  async function airtimeOn(network: string): Promise<boolean> {
    const key = network.toUpperCase() as keyof typeof AIRTIME_NETWORK_SWITCHES;
    const own = AIRTIME_NETWORK_SWITCHES[key];
    const down = await switchesRepository.shutdownAt(database.db, clock.now());
    return !down.has('system') && !down.has('airtime') && !(own && down.has(own));
  }

  return {
    status,
    /**
     * The server refuses purchases of a switched-off service, whatever the client shows. Airtime
     * names its network, whose own switch counts too.
     */
    async assertOn(service: SwitchableService, network?: string): Promise<void> {
      const on =
        service === 'airtime' && network ? await airtimeOn(network) : (await status())[service];
      if (!on) throw new AppError('SERVICE_UNAVAILABLE');
    },
    /** For products only the system switch stops (betting, new airtime swaps). */
    async assertSystemOn(): Promise<void> {
      if (!(await status()).system) throw new AppError('SERVICE_UNAVAILABLE');
    },

    async adminStatus(): Promise<ShutdownStatusReply> {
      return { success: true, data: await adminData() };
    },

    /** Stops each service until now + `minutes`; it comes back by itself when that time passes. */
    async shutdown(
      actor: Actor,
      input: { reason: string; duration: number; services: ShutdownService[] },
    ): Promise<ShutdownReply> {
      const until = new Date(clock.now().getTime() + input.duration * MINUTE_MS);
      await apply(actor, input.services, {
        until,
        reason: input.reason || SHUTDOWN_REASON_DEFAULT,
        minutes: input.duration,
      });
      return { success: true, message: adminMessages.shutdownSuccess, data: await adminData() };
    },

    /** Lifts the given shutdowns at once. */
    async restore(actor: Actor, input: { services: ShutdownService[] }): Promise<ShutdownReply> {
      await apply(actor, input.services, { until: null, reason: '' });
      return { success: true, message: adminMessages.restoreSuccess, data: await adminData() };
    },
  };
}

export type SwitchService = ReturnType<typeof createSwitchService>;
