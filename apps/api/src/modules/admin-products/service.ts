import type {
  AdminCablePlanDto,
  AdminDataPlanDto,
  AdminListReply,
  AdminPlanUpdateReply,
  PlanFetchReply,
  UtilityDiscountReply,
} from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import { cableByName } from '@owo/shared/billers';
import { messages } from '@owo/shared/messages';
import { koboToNaira } from '@owo/shared/money';
import {
  NETWORK_IDS,
  NETWORK_NAMES,
  VTPASS_DATA_SERVICES,
  VTPASS_TV_SERVICES,
  type NetworkName,
} from '@owo/shared/networks';
import type { newCablePlanBody, newDataPlanBody } from '@owo/shared/schemas/admin';
import { bpsToPercent } from '@owo/shared/utility-discount';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError, errorCatalogue, type ErrorCode } from '../../errors';
import { auditRepository, type Actor } from '../audit/repository';
import { catalogueRepository, type NewPlan, type PlanRow } from '../catalogue/repository';
import { priceWithMargin, readPlanFeed, type PlanFeed } from '../catalogue/sync';
import { SETTING_KEYS, settingsRepository } from '../settings/repository';
import { readUtilityDiscountBps } from '../settings/utility-discount';
import {
  planLabel,
  toAdminCablePlanDto,
  toAdminDataPlanDto,
  toAdminOgdamsPlanDto,
  toAdminVtpassPlanDto,
  toAdminVtpassTvPlanDto,
} from './dto';
import { adminPlansRepository, type PlanScope } from './repository';

type In<T extends z.core.$ZodType> = z.output<T>;

/** The plan kinds the admin edits, each with its own route, scope and reply shape. */
export const PLAN_KINDS = {
  datastationData: { supplier: 'datastation', category: 'data', toDto: toAdminDataPlanDto },
  ogdams: { supplier: 'ogdams', category: 'data', toDto: toAdminOgdamsPlanDto },
  datastationCable: { supplier: 'datastation', category: 'cable', toDto: toAdminCablePlanDto },
  vtpassData: { supplier: 'vtpass', category: 'data', toDto: toAdminVtpassPlanDto },
  vtpassTv: { supplier: 'vtpass', category: 'cable', toDto: toAdminVtpassTvPlanDto },
} as const satisfies Record<string, PlanScope & { toDto: (p: PlanRow) => unknown }>;
export type PlanKind = keyof typeof PLAN_KINDS;
type DtoOf<K extends PlanKind> = ReturnType<(typeof PLAN_KINDS)[K]['toDto']>;

/** Which plans each fetch refreshes (DataStation sends its data and cable plans together). */
const FEED_SCOPES: Record<PlanFeed, PlanScope[]> = {
  datastation: [PLAN_KINDS.datastationData, PLAN_KINDS.datastationCable],
  ogdams: [PLAN_KINDS.ogdams],
  'vtpass-data': [PLAN_KINDS.vtpassData],
  'vtpass-tv': [PLAN_KINDS.vtpassTv],
};
const FEED_NAMES: Record<PlanFeed, string> = {
  datastation: 'DataStation',
  ogdams: 'Ogdams',
  'vtpass-data': 'VTpass',
  'vtpass-tv': 'VTpass',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A refusal in the shape the admin screens read (spec §7: error.data.errors[0].message): the
 * message is also the first entry of data.errors.
 */
function refuse(code: ErrorCode, message: string = errorCatalogue[code].message, cause?: unknown) {
  return new AppError(code, { message, errors: [{ message }], cause });
}

const planKey = (p: Pick<NewPlan, 'supplier' | 'category' | 'service' | 'externalId'>) =>
  `${p.supplier}|${p.category}|${p.service}|${p.externalId}`;

/** The supplier's side changed: what a fetch refreshes. */
const supplierSideChanged = (known: PlanRow, fresh: NewPlan) =>
  known.costKobo !== fresh.costKobo ||
  known.name !== (fresh.name ?? '') ||
  known.size !== (fresh.size ?? '') ||
  known.validity !== (fresh.validity ?? '') ||
  known.planType !== (fresh.planType ?? '') ||
  (fresh.networkId !== undefined && known.networkId !== fresh.networkId);

function list<T>(data: T[]): AdminListReply<T> {
  return { success: true, message: messages.catalogueFetched, data };
}

function updated<T>(data: T): AdminPlanUpdateReply<T> {
  return { success: true, message: adminMessages.planUpdated, data };
}

/**
 * Products and prices (spec 2 §2 "Manage Services", §7 "Admin products"): supplier fetches, the
 * admin's lists, price and availability edits, hand-added plans and the utility discount. Every
 * change writes its audit entry in the same transaction.
 */
export function createAdminProductService({ database, providers, config }: AppDeps) {
  const db = () => database.db;

  function network(name: string | undefined): NetworkName | undefined {
    if (name === undefined) return undefined;
    const upper = name.toUpperCase();
    if (!(NETWORK_NAMES as readonly string[]).includes(upper)) {
      throw refuse('VALIDATION_FAILED', adminMessages.unknownNetwork);
    }
    return upper as NetworkName;
  }

  function cable(name: string | undefined): string | undefined {
    if (name === undefined) return undefined;
    const found = cableByName(name.toUpperCase());
    if (!found) throw refuse('VALIDATION_FAILED', adminMessages.unknownCable);
    return found.cablename;
  }

  function vtpassService(serviceID: string | undefined, allowed: readonly string[]) {
    if (serviceID === undefined) return undefined;
    if (!allowed.includes(serviceID))
      throw refuse('VALIDATION_FAILED', adminMessages.unknownService);
    return serviceID;
  }

  const rows = (scope: PlanScope, service?: string) =>
    catalogueRepository.list(db(), { ...scope, service }, false);

  /** A hand-added plan: refused below cost or when the supplier's id is already ours. */
  async function addPlan<T>(
    actor: Actor,
    row: NewPlan,
    toDto: (p: PlanRow) => T,
  ): Promise<AdminPlanUpdateReply<T>> {
    if (row.sellingKobo < row.costKobo)
      throw refuse('VALIDATION_FAILED', adminMessages.priceBelowCost);
    const plan = await db().transaction(async (tx) => {
      if (await adminPlansRepository.externalIdTaken(tx, row, row.externalId)) {
        throw refuse('PLAN_EXISTS');
      }
      const inserted = await adminPlansRepository.insert(tx, row);
      if (!inserted) throw refuse('PLAN_EXISTS');
      await auditRepository.record(tx, actor, {
        action: 'plan.create',
        entity: 'plan',
        entityId: inserted.id,
        before: null,
        after: {
          plan: planLabel(inserted),
          cost: koboToNaira(inserted.costKobo),
          sellingPrice: koboToNaira(inserted.sellingKobo),
          isAvailable: inserted.isAvailable,
        },
      });
      return inserted;
    });
    return updated(toDto(plan));
  }

  return {
    // ---------------------------------------------------------------- lists (all plans)
    async dataPlans(networkName?: string): Promise<AdminListReply<AdminDataPlanDto>> {
      return list(
        (await rows(PLAN_KINDS.datastationData, network(networkName))).map(toAdminDataPlanDto),
      );
    },
    async ogdamsPlans() {
      return list((await rows(PLAN_KINDS.ogdams)).map(toAdminOgdamsPlanDto));
    },
    async vtpassDataPlans(serviceID?: string) {
      const service = vtpassService(serviceID, VTPASS_DATA_SERVICES);
      return list((await rows(PLAN_KINDS.vtpassData, service)).map(toAdminVtpassPlanDto));
    },
    async cablePlans(cablename?: string): Promise<AdminListReply<AdminCablePlanDto>> {
      return list(
        (await rows(PLAN_KINDS.datastationCable, cable(cablename))).map(toAdminCablePlanDto),
      );
    },
    async vtpassTvPlans(serviceID?: string) {
      const service = vtpassService(serviceID, VTPASS_TV_SERVICES);
      return list((await rows(PLAN_KINDS.vtpassTv, service)).map(toAdminVtpassTvPlanDto));
    },

    // ---------------------------------------------------------------- supplier fetches
    /**
     * Reads a supplier's current plans and stores them in one transaction: known plans get the
     * supplier's cost, names and sizes and keep our price and availability; new plans start
     * unavailable at cost plus the configured margin, so nothing sells before an admin looks.
     * A supplier that fails changes nothing.
     */
    async fetch(actor: Actor, feed: PlanFeed): Promise<PlanFetchReply> {
      const fresh = await readPlanFeed(providers, feed).catch((error: unknown) => {
        const message = adminMessages.plansFetchFailed.replace('{supplier}', FEED_NAMES[feed]);
        throw refuse('PLANS_FETCH_FAILED', message, error);
      });
      const margin = config.planDefaultMarginPercent;
      return db().transaction(async (tx) => {
        const known = new Map<string, PlanRow>();
        for (const scope of FEED_SCOPES[feed]) {
          for (const row of await catalogueRepository.list(tx, scope, false)) {
            known.set(planKey(row), row);
          }
        }
        let added = 0;
        let changed = 0;
        let belowCost = 0;
        const upserts: NewPlan[] = [];
        const seen = new Set<string>();
        for (const plan of fresh) {
          const key = planKey(plan);
          // A supplier list that names a plan twice: the first entry wins.
          if (seen.has(key)) continue;
          seen.add(key);
          const existing = known.get(key);
          if (!existing) {
            added += 1;
            upserts.push({
              ...plan,
              sellingKobo: priceWithMargin(plan.costKobo, margin),
              isAvailable: false,
            });
            continue;
          }
          // Our side is left alone by the upsert; these values only satisfy the insert's shape.
          const row = { ...plan, sellingKobo: existing.sellingKobo };
          if (supplierSideChanged(existing, row)) changed += 1;
          if (existing.sellingKobo < plan.costKobo) belowCost += 1;
          upserts.push(row);
        }
        await catalogueRepository.upsert(tx, upserts);
        const data = { fetched: seen.size, added, updated: changed };
        await auditRepository.record(tx, actor, {
          action: 'plans.fetch',
          entity: 'plans',
          entityId: feed,
          before: { plans: known.size },
          // belowCost: known plans whose new cost is above our selling price (an admin should
          // reprice them; they keep selling at our price until then).
          after: { ...data, belowCost, marginPercent: margin },
        });
        return { success: true as const, message: adminMessages.plansFetched, data };
      });
    },

    // ---------------------------------------------------------------- edits
    /**
     * Sets a plan's selling price and/or availability (only what is given). The plan must be of
     * the route's kind: another kind's id is unknown here (404). A price below cost is refused,
     * and so is turning on a plan whose price is below its (refreshed) cost.
     */
    async updatePlan<K extends PlanKind>(
      actor: Actor,
      kind: K,
      id: string,
      patch: { sellingPrice?: number; isAvailable?: boolean },
    ): Promise<AdminPlanUpdateReply<DtoOf<K>>> {
      const scope = PLAN_KINDS[kind];
      if (!UUID.test(id)) throw refuse('PLAN_NOT_FOUND');
      const plan = await db().transaction(async (tx) => {
        const current = await adminPlansRepository.findForUpdate(tx, scope, id);
        if (!current) throw refuse('PLAN_NOT_FOUND');
        const sellingKobo = patch.sellingPrice ?? current.sellingKobo;
        const isAvailable = patch.isAvailable ?? current.isAvailable;
        const priceChanges = sellingKobo !== current.sellingKobo;
        const availabilityChanges = isAvailable !== current.isAvailable;
        if (
          sellingKobo < current.costKobo &&
          (priceChanges || (isAvailable && availabilityChanges))
        ) {
          throw refuse('VALIDATION_FAILED', adminMessages.priceBelowCost);
        }
        if (!priceChanges && !availabilityChanges) return current;
        const next = await adminPlansRepository.update(tx, id, { sellingKobo, isAvailable });
        const label = planLabel(current);
        if (priceChanges) {
          await auditRepository.record(tx, actor, {
            action: 'plan.price',
            entity: 'plan',
            entityId: id,
            before: { plan: label, sellingPrice: koboToNaira(current.sellingKobo) },
            after: { plan: label, sellingPrice: koboToNaira(next.sellingKobo) },
          });
        }
        if (availabilityChanges) {
          await auditRepository.record(tx, actor, {
            action: 'plan.availability',
            entity: 'plan',
            entityId: id,
            before: { plan: label, isAvailable: current.isAvailable },
            after: { plan: label, isAvailable: next.isAvailable },
          });
        }
        return next;
      });
      return updated(scope.toDto(plan) as DtoOf<K>);
    },

    addDataPlan(actor: Actor, b: In<typeof newDataPlanBody>) {
      const name = network(b.network) as NetworkName;
      return addPlan(
        actor,
        {
          supplier: 'datastation',
          category: 'data',
          service: name,
          externalId: String(b.data_id),
          networkId: NETWORK_IDS[name],
          planType: b.planType,
          name: `${name} ${b.size}`,
          size: b.size,
          validity: b.validity,
          costKobo: b.amount,
          sellingKobo: b.sellingPrice,
          isAvailable: b.isAvailable,
        },
        toAdminDataPlanDto,
      );
    },

    addCablePlan(actor: Actor, b: In<typeof newCablePlanBody>) {
      const found = cableByName(b.cablename);
      if (!found) throw refuse('VALIDATION_FAILED', adminMessages.unknownCable);
      return addPlan(
        actor,
        {
          supplier: 'datastation',
          category: 'cable',
          service: found.cablename,
          externalId: String(b.cablePlanID),
          networkId: found.cableId,
          name: b.package,
          costKobo: b.amount,
          sellingKobo: b.sellingPrice,
          isAvailable: b.isAvailable,
        },
        toAdminCablePlanDto,
      );
    },

    // ---------------------------------------------------------------- utility discount
    async utilityDiscount(): Promise<UtilityDiscountReply> {
      const bps = await readUtilityDiscountBps(db());
      return {
        success: true,
        message: messages.catalogueFetched,
        data: { percentage: bpsToPercent(bps) },
      };
    },

    /** Stores the discount (basis points); electricity orders read it from the next one on. */
    async setUtilityDiscount(actor: Actor, bps: number): Promise<UtilityDiscountReply> {
      await db().transaction(async (tx) => {
        const raw = await settingsRepository.getForUpdate<unknown>(
          tx,
          SETTING_KEYS.utilityDiscountBps,
          0,
        );
        const before = typeof raw === 'number' ? raw : 0;
        await settingsRepository.set(tx, SETTING_KEYS.utilityDiscountBps, bps);
        await auditRepository.record(tx, actor, {
          action: 'setting.utility_discount',
          entity: 'admin_setting',
          entityId: SETTING_KEYS.utilityDiscountBps,
          before: { percentage: bpsToPercent(before) },
          after: { percentage: bpsToPercent(bps) },
        });
      });
      return {
        success: true,
        message: adminMessages.discountUpdated,
        data: { percentage: bpsToPercent(bps) },
      };
    },
  };
}

export type AdminProductService = ReturnType<typeof createAdminProductService>;
