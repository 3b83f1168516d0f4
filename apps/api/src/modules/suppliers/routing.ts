import { NETWORK_NAMES, type NetworkName } from '@owo/shared/networks';
import {
  MAX_ROUTE_LENGTH,
  ROUTABLE_SERVICES,
  type RoutableService,
  type RouteSupplier,
  type SupplierId,
} from '@owo/shared/suppliers';
import type { DbOrTx } from '../../db/client';
import { settingsRepository } from '../settings/repository';

/** Admin settings rows of the Suppliers screen (admin_settings, by key). */
export const SUPPLIER_SETTING_KEYS = {
  /** { [supplier]: kobo } */
  lowBalanceKobo: 'supplier_low_balance_kobo',
  /** { [service]: { [network]: supplier[] } } */
  routing: 'supplier_routing',
} as const;

export type RoutingTable = Record<RoutableService, Record<NetworkName, SupplierId[]>>;

/**
 * Until an admin changes it: the bill-payment provider first, then the in-house VTU route, as the
 * spec's airtime purchase has always done.
 */
export const DEFAULT_ROUTE: Record<RoutableService, SupplierId[]> = {
  airtime: ['vtpass', 'datastation'],
};

/** A stored route is used only when it still makes sense; anything else falls back to the default. */
function validRoute(service: RoutableService, value: unknown): SupplierId[] | undefined {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_ROUTE_LENGTH)
    return undefined;
  const choices: readonly string[] = ROUTABLE_SERVICES[service];
  if (!value.every((s) => typeof s === 'string' && choices.includes(s))) return undefined;
  if (new Set(value).size !== value.length) return undefined;
  return value as SupplierId[];
}

export function routingFrom(stored: unknown): RoutingTable {
  const table = {} as RoutingTable;
  for (const service of Object.keys(ROUTABLE_SERVICES) as RoutableService[]) {
    const byNetwork = (stored as Record<string, Record<string, unknown>> | undefined)?.[service];
    table[service] = {} as Record<NetworkName, SupplierId[]>;
    for (const network of NETWORK_NAMES) {
      table[service][network] = validRoute(service, byNetwork?.[network]) ?? [
        ...DEFAULT_ROUTE[service],
      ];
    }
  }
  return table;
}

export async function readRouting(db: DbOrTx): Promise<RoutingTable> {
  return routingFrom(await settingsRepository.get<unknown>(db, SUPPLIER_SETTING_KEYS.routing));
}

/** The suppliers that serve `service` on `network`, in the order they are tried. */
export async function routeFor<S extends RoutableService>(
  db: DbOrTx,
  service: S,
  network: NetworkName,
): Promise<RouteSupplier<S>[]> {
  // routingFrom keeps only the service's own choices (ROUTABLE_SERVICES) on a route.
  return (await readRouting(db))[service][network] as RouteSupplier<S>[];
}
