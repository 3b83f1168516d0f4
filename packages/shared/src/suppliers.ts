/**
 * The admin Suppliers screen: our wallet at each supplier, its low-balance threshold, and the
 * routing table (which suppliers serve a service on a network, in what order).
 */
import { z } from 'zod/mini';
import { parseNairaToKobo } from './money';
import { NETWORK_NAMES, type NetworkName } from './networks';
import { refuse } from './schemas/fields';

export const SUPPLIER_IDS = ['vtpass', 'datastation', 'ogdams', 'palmpay', 'safehaven'] as const;
export type SupplierId = (typeof SUPPLIER_IDS)[number];

export const SUPPLIER_NAMES: Record<SupplierId, string> = {
  vtpass: 'VTpass',
  datastation: 'DataStation',
  ogdams: 'Ogdams',
  palmpay: 'PalmPay',
  safehaven: 'Safe Haven',
};

/** What each supplier's wallet pays for, shown under its name. */
export const SUPPLIER_ROLES: Record<SupplierId, string> = {
  vtpass: 'Airtime, data, TV, electricity',
  datastation: 'Airtime, data, cable, electricity',
  ogdams: 'Airtel data, airtime',
  palmpay: 'Betting top-ups',
  safehaven: 'Services pay',
};

/**
 * Routable services and the suppliers that can sell each on any network. Airtime is bought by
 * amount, so any of these can take an order another refused; plan-bound products (data bundles,
 * TV bouquets) go to the supplier whose plan the customer picked (decision 0029).
 */
export const ROUTABLE_SERVICES = {
  airtime: ['vtpass', 'datastation', 'ogdams'],
} as const satisfies Record<string, readonly SupplierId[]>;
export type RoutableService = keyof typeof ROUTABLE_SERVICES;
/** The suppliers that may serve one routable service. */
export type RouteSupplier<S extends RoutableService> = (typeof ROUTABLE_SERVICES)[S][number];
/** The suppliers whose webhooks are signed, so a signed event proves our key (decision 0045). */
export const SIGNED_WEBHOOK_SUPPLIERS: readonly SupplierId[] = ['ogdams', 'palmpay'];

export const ROUTABLE_SERVICE_NAMES: Record<RoutableService, string> = { airtime: 'Airtime' };

/** At most this many suppliers on one route: each one a request can wait on (reliability.md). */
export const MAX_ROUTE_LENGTH = 3;

/**
 * A supplier's signed webhooks as we saw them arrive (decision 0045): the proof that the key we
 * check its signatures with is the one it signs with.
 */
export interface SupplierWebhookDto {
  /** When a signed event first verified; null: none yet. */
  verifiedAt: string | null;
  lastVerifiedAt: string | null;
  /** Events whose signature did not verify: how many, and the last one's time. */
  refusedCount: number;
  lastRefusedAt: string | null;
  /** Not verified yet, in live mode: kept off the airtime routes until a signed event arrives. */
  heldFromRouting: boolean;
}

export interface SupplierBalanceDto {
  supplier: SupplierId;
  name: string;
  role: string;
  /** Naira; null when the supplier's balance call did not answer. */
  balance: number | null;
  /** Why the balance is unknown (the adapter's words), else null. */
  error: string | null;
  /** Naira; 0 = no warning. */
  lowBalanceThreshold: number;
  /** Balance known and below the threshold. */
  low: boolean;
  /** Suppliers that sign their webhooks (Ogdams, PalmPay); null for the others. */
  webhook: SupplierWebhookDto | null;
}

export interface SupplierRouteDto {
  service: RoutableService;
  serviceName: string;
  network: NetworkName;
  /** In the order they are tried. */
  suppliers: SupplierId[];
  /** Who may serve it (the choices of the screen). */
  choices: SupplierId[];
}

export interface SuppliersReply {
  success: true;
  data: { balances: SupplierBalanceDto[]; routes: SupplierRouteDto[]; checkedAt: string };
}

export const supplierParams = z.object({ supplier: z.enum(SUPPLIER_IDS) });

/** The largest threshold the screen takes: ₦100,000,000. */
export const MAX_THRESHOLD_KOBO = 100_000_000_00;

/** Naira (a number or text such as "50,000.50"), 0 to switch the warning off; parsed to kobo. */
export const thresholdBody = z.object({
  lowBalanceThreshold: z.pipe(
    z.union([z.number(), z.string()], { error: 'Enter an amount in naira.' }),
    z.transform((value: number | string, ctx) => {
      const kobo = parseNairaToKobo(value);
      if (kobo === null || kobo > MAX_THRESHOLD_KOBO) {
        return refuse(ctx, 'Enter an amount from ₦0 to ₦100,000,000.');
      }
      return kobo;
    }),
  ),
});

/** One row of the routing table, replaced whole. */
export const routeBody = z.object({
  service: z.enum(Object.keys(ROUTABLE_SERVICES) as [RoutableService]),
  network: z.enum(NETWORK_NAMES),
  suppliers: z.array(z.enum(SUPPLIER_IDS)).check(
    z.minLength(1, 'Choose at least one supplier.'),
    z.maxLength(MAX_ROUTE_LENGTH, `At most ${MAX_ROUTE_LENGTH} suppliers on a route.`),
    z.refine((list) => new Set(list).size === list.length, 'A supplier appears twice.'),
  ),
});
