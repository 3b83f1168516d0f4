import { koboToNaira } from '@owo/shared/money';
import type { NetworkName } from '@owo/shared/networks';
import {
  ROUTABLE_SERVICE_NAMES,
  ROUTABLE_SERVICES,
  SUPPLIER_IDS,
  SUPPLIER_NAMES,
  SUPPLIER_ROLES,
  SIGNED_WEBHOOK_SUPPLIERS,
  type RoutableService,
  type SupplierBalanceDto,
  type SupplierId,
  type SupplierRouteDto,
  type SupplierWebhookDto,
  type SuppliersReply,
} from '@owo/shared/suppliers';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../db/client';
import { auditRepository, type Actor } from '../audit/repository';
import { settingsRepository } from '../settings/repository';
import { readBalance } from './balances';
import { supplierWebhooksRepository, type SupplierWebhookRow } from '../webhooks/status-repository';
import {
  SUPPLIER_SETTING_KEYS,
  WEBHOOK_PROVEN_SUPPLIERS,
  readRouting,
  routingFrom,
} from './routing';

/** Until an admin sets one: warn below ₦50,000 (a busy day's airtime at one supplier). */
export const DEFAULT_LOW_BALANCE_KOBO = 50_000_00;

type Thresholds = Record<SupplierId, number>;

function thresholdsFrom(stored: unknown): Thresholds {
  const given = (stored ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    SUPPLIER_IDS.map((s) => {
      const value = given[s];
      return [
        s,
        Number.isSafeInteger(value) && (value as number) >= 0 ? value : DEFAULT_LOW_BALANCE_KOBO,
      ];
    }),
  ) as Thresholds;
}

const readThresholds = async (db: DbOrTx) =>
  thresholdsFrom(await settingsRepository.get<unknown>(db, SUPPLIER_SETTING_KEYS.lowBalanceKobo));

const routeText = (suppliers: SupplierId[]) => suppliers.map((s) => SUPPLIER_NAMES[s]).join(' → ');

/** A supplier whose wallet is below its threshold (the alerts job mails these). */
export interface LowBalanceSupplier {
  supplier: SupplierId;
  name: string;
  balanceKobo: number;
  thresholdKobo: number;
}

/**
 * The admin Suppliers screen: our wallet at each supplier (read live from its balance call), the
 * low-balance thresholds and the routing table, each change in the audit log in the transaction
 * that makes it.
 */
export function createSupplierService({ database, providers, clock, config }: AppDeps) {
  const live = config.liveProviders !== undefined;

  function webhookOf(supplier: SupplierId, rows: SupplierWebhookRow[]): SupplierWebhookDto | null {
    if (!SIGNED_WEBHOOK_SUPPLIERS.includes(supplier)) return null;
    const row = rows.find((r) => r.supplier === supplier);
    const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
    return {
      verifiedAt: iso(row?.firstVerifiedAt),
      lastVerifiedAt: iso(row?.lastVerifiedAt),
      refusedCount: row?.refusedCount ?? 0,
      lastRefusedAt: iso(row?.lastRefusedAt),
      heldFromRouting: live && WEBHOOK_PROVEN_SUPPLIERS.includes(supplier) && !row?.firstVerifiedAt,
    };
  }

  async function readAll() {
    const readings = await Promise.all(SUPPLIER_IDS.map((s) => readBalance(providers, s)));
    const thresholds = await readThresholds(database.db);
    return SUPPLIER_IDS.map((supplier, i) => ({
      supplier,
      reading: readings[i]!,
      thresholdKobo: thresholds[supplier],
    }));
  }

  const isLow = (balanceKobo: number | null, thresholdKobo: number) =>
    balanceKobo !== null && thresholdKobo > 0 && balanceKobo < thresholdKobo;

  async function routes(db: DbOrTx): Promise<SupplierRouteDto[]> {
    const table = await readRouting(db);
    return (Object.keys(table) as RoutableService[]).flatMap((service) =>
      (Object.keys(table[service]) as NetworkName[]).map((network) => ({
        service,
        serviceName: ROUTABLE_SERVICE_NAMES[service],
        network,
        suppliers: table[service][network],
        choices: [...ROUTABLE_SERVICES[service]],
      })),
    );
  }

  return {
    async overview(): Promise<SuppliersReply> {
      const [all, webhooks] = await Promise.all([
        readAll(),
        supplierWebhooksRepository.all(database.db),
      ]);
      const balances: SupplierBalanceDto[] = all.map(({ supplier, reading, thresholdKobo }) => ({
        supplier,
        name: SUPPLIER_NAMES[supplier],
        role: SUPPLIER_ROLES[supplier],
        balance: reading.balanceKobo === null ? null : koboToNaira(reading.balanceKobo),
        error: reading.error,
        lowBalanceThreshold: koboToNaira(thresholdKobo),
        low: isLow(reading.balanceKobo, thresholdKobo),
        webhook: webhookOf(supplier, webhooks),
      }));
      return {
        success: true,
        data: { balances, routes: await routes(database.db), checkedAt: clock.now().toISOString() },
      };
    },

    /**
     * The suppliers whose balance, read now, is below their threshold (0 turns a warning off; a
     * balance that could not be read is not "low"). For the alerts job.
     */
    async listLowBalanceSuppliers(): Promise<LowBalanceSupplier[]> {
      const all = await readAll();
      return all.flatMap(({ supplier, reading, thresholdKobo }) =>
        reading.balanceKobo !== null && isLow(reading.balanceKobo, thresholdKobo)
          ? [
              {
                supplier,
                name: SUPPLIER_NAMES[supplier],
                balanceKobo: reading.balanceKobo,
                thresholdKobo,
              },
            ]
          : [],
      );
    },

    async setThreshold(actor: Actor, supplier: SupplierId, kobo: number) {
      await database.db.transaction(async (tx) => {
        const stored = await settingsRepository.getForUpdate<unknown>(
          tx,
          SUPPLIER_SETTING_KEYS.lowBalanceKobo,
          {},
        );
        const before = thresholdsFrom(stored);
        if (before[supplier] === kobo) return;
        await settingsRepository.set(tx, SUPPLIER_SETTING_KEYS.lowBalanceKobo, {
          ...before,
          [supplier]: kobo,
        });
        await auditRepository.record(tx, actor, {
          action: 'supplier.low_balance_threshold',
          entity: 'supplier',
          entityId: SUPPLIER_NAMES[supplier],
          before: { lowBalanceThresholdKobo: before[supplier] },
          after: { lowBalanceThresholdKobo: kobo },
        });
      });
      return { success: true as const, message: 'Threshold updated' };
    },

    async setRoute(
      actor: Actor,
      service: RoutableService,
      network: NetworkName,
      suppliers: SupplierId[],
    ) {
      const choices: readonly SupplierId[] = ROUTABLE_SERVICES[service];
      const outsider = suppliers.find((s) => !choices.includes(s));
      if (outsider) {
        throw new AppError('VALIDATION_FAILED', {
          message: `${SUPPLIER_NAMES[outsider]} does not sell ${ROUTABLE_SERVICE_NAMES[service].toLowerCase()}.`,
        });
      }
      await database.db.transaction(async (tx) => {
        const stored = await settingsRepository.getForUpdate<unknown>(
          tx,
          SUPPLIER_SETTING_KEYS.routing,
          {},
        );
        const table = routingFrom(stored);
        const before = table[service][network];
        if (before.join() === suppliers.join()) return;
        table[service][network] = suppliers;
        await settingsRepository.set(tx, SUPPLIER_SETTING_KEYS.routing, table);
        await auditRepository.record(tx, actor, {
          action: 'supplier.routing',
          entity: 'route',
          entityId: `${ROUTABLE_SERVICE_NAMES[service]} · ${network}`,
          before: { suppliers: routeText(before) },
          after: { suppliers: routeText(suppliers) },
        });
      });
      return { success: true as const, message: 'Routing updated' };
    },
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
