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
import { supplierWebhooksRepository } from '../webhooks/status-repository';

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

/**
 * Suppliers whose orders settle only by a signed webhook whose signing key we could only infer
 * (Ogdams: no status lookup). In live mode they take no routing traffic until one signed event
 * has verified (decision 0045): with a wrong key every event is refused, and every order routed to
 * them would wait a day for an admin who has nothing to look up.
 */
export const WEBHOOK_PROVEN_SUPPLIERS: readonly SupplierId[] = ['ogdams'];

/** Those of WEBHOOK_PROVEN_SUPPLIERS no signed event has verified yet. */
export async function unprovenSuppliers(db: DbOrTx): Promise<Set<SupplierId>> {
  const rows = await supplierWebhooksRepository.all(db);
  const proven = new Set(rows.filter((r) => r.firstVerifiedAt).map((r) => r.supplier));
  return new Set(WEBHOOK_PROVEN_SUPPLIERS.filter((s) => !proven.has(s)));
}

/**
 * The suppliers that serve `service` on `network`, in the order they are tried. In live mode a
 * supplier not yet proven by its webhook is left out; a route left empty falls back to the
 * default route, so a purchase is never refused for it.
 */
export async function routeFor<S extends RoutableService>(
  db: DbOrTx,
  service: S,
  network: NetworkName,
  { live }: { live: boolean },
): Promise<RouteSupplier<S>[]> {
  // routingFrom keeps only the service's own choices (ROUTABLE_SERVICES) on a route.
  const route = (await readRouting(db))[service][network] as RouteSupplier<S>[];
  if (!live || !route.some((s) => WEBHOOK_PROVEN_SUPPLIERS.includes(s))) return route;
  const unproven = await unprovenSuppliers(db);
  const usable = route.filter((s) => !unproven.has(s));
  if (usable.length > 0) return usable;
  return (DEFAULT_ROUTE[service] as RouteSupplier<S>[]).filter((s) => !unproven.has(s));
}
