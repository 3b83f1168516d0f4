/**
 * The admin's plan lists brought to one shape, so one tile, card and edit sheet serve all five
 * catalogues. Data plans are grouped and their sizes and validities written the way the customer
 * data screen writes them (shared plan-groups, spec §9).
 */
import type {
  AdminCablePlanDto,
  AdminDataPlanDto,
  AdminOgdamsPlanDto,
  AdminVtpassPlanDto,
  AdminVtpassTvPlanDto,
} from '@owo/shared/api-types';
import { NETWORK_IDS, type NetworkName } from '@owo/shared/networks';
import {
  dataPlanGroup,
  formatSize,
  formatSizeMb,
  groupPlans,
  networkOfPlan,
  normaliseValidity,
  ogdamsPlanNetwork,
  parseSizeMb,
  variationGroup,
  type PlanOption,
} from '@owo/shared/plan-groups';
import type { PlanKind } from '../api/products-api';

export interface AdminPlan {
  kind: PlanKind;
  _id: string;
  /** Tile headline: the size ("1.5GB") or, without one, the plan's name. */
  title: string;
  /** The plan as the sheet names it ("MTN SME 3GB · 30 days", "DStv Compact"). */
  name: string;
  validity: string;
  /** Network, cable provider or VTpass service the plan belongs to ("MTN", "DSTV", "showmax"). */
  service: string;
  /** What the supplier charges us (the tiles' 'P'), naira. */
  cost: number;
  /** What the customer pays (the tiles' 'SP'), naira. */
  sellingPrice: number;
  isAvailable: boolean;
}

/** Unique across the five lists (ids of different lists may repeat). */
export const planKey = (plan: Pick<AdminPlan, 'kind' | '_id'>) => `${plan.kind}:${plan._id}`;

export interface AdminPlanGroup {
  /** Stable across refetches and the GLO / GLO SME toggle. */
  id: string;
  name: string;
  supplier: 'DataStation' | 'Ogdams' | 'VTpass';
  plans: AdminPlan[];
}

interface Sized {
  plan: AdminPlan;
  option: PlanOption;
}

function sized(
  plan: Omit<AdminPlan, 'title' | 'validity'>,
  sizeText: string,
  validity: string,
  network: NetworkName,
  group: string,
  fallbackTitle: string,
): Sized {
  const sizeMb = parseSizeMb(sizeText);
  const title = sizeMb === null ? fallbackTitle.trim() : formatSizeMb(sizeMb);
  return {
    plan: { ...plan, title, validity },
    // The shared sorter and grouper work on PlanOption; `key` leads back to the admin plan.
    option: {
      key: `${plan.kind}:${plan._id}`,
      source:
        plan.kind === 'ogdams' ? 'ogdams' : plan.kind === 'vtpass-data' ? 'vtpass' : 'datastation',
      id: plan._id,
      network,
      networkId: NETWORK_IDS[network],
      group,
      sizeMb,
      size: title,
      validity,
      price: plan.sellingPrice,
      name: plan.name,
    },
  };
}

/** A DataStation plan; null for the hidden DATA COUPONS type and unknown networks (spec §9). */
function fromDataPlan(p: AdminDataPlanDto): Sized | null {
  const network = networkOfPlan(p);
  const group = dataPlanGroup(p);
  if (!network || !group) return null;
  return sized(
    {
      kind: 'datastation',
      _id: p._id,
      name: `${group} ${formatSize(p.size)}`.trim(),
      service: network,
      cost: p.amount,
      sellingPrice: p.sellingPrice,
      isAvailable: p.isAvailable,
    },
    p.size,
    normaliseValidity(p.validity) ?? (p.validity ?? '').trim(),
    network,
    group,
    p.size,
  );
}

function fromOgdamsPlan(p: AdminOgdamsPlanDto): Sized {
  const network = ogdamsPlanNetwork(p);
  return sized(
    {
      kind: 'ogdams',
      _id: p._id,
      name: p.name,
      service: network,
      cost: p.amount,
      sellingPrice: p.sellingPrice,
      isAvailable: p.isAvailable,
    },
    p.name,
    normaliseValidity(p.validity) ?? normaliseValidity(p.name) ?? (p.validity ?? '').trim(),
    network,
    'OGDAMS',
    p.name,
  );
}

function fromVtpassDataPlan(p: AdminVtpassPlanDto, network: NetworkName): Sized {
  return sized(
    {
      kind: 'vtpass-data',
      _id: p._id,
      name: p.name,
      service: p.serviceID,
      cost: p.amount,
      sellingPrice: p.sellingPrice,
      isAvailable: p.isAvailable,
    },
    p.name,
    normaliseValidity(p.name) ?? '',
    network,
    variationGroup(p.serviceID) ?? `${network} DIRECT`,
    p.name,
  );
}

function grouped(items: Sized[]): { name: string; plans: AdminPlan[] }[] {
  const byKey = new Map(items.map((item) => [item.option.key, item.plan]));
  return groupPlans(items.map((item) => item.option)).map((group) => ({
    name: group.name,
    plans: group.plans.map((option) => byKey.get(option.key)!),
  }));
}

/**
 * A network's plans as the Data tab shows them: DataStation's plan types first (SME, CG, AWOOF,
 * GIFTING … as customers see them), then the Ogdams list, then VTpass's variations.
 */
export function dataPlanGroups(
  network: NetworkName,
  lists: {
    dataPlans?: readonly AdminDataPlanDto[];
    ogdamsPlans?: readonly AdminOgdamsPlanDto[];
    vtpassPlans?: readonly AdminVtpassPlanDto[];
    /** The VTpass serviceID the VTpass list is of (GLO has two). */
    vtpassService?: string;
  },
): AdminPlanGroup[] {
  const own = (lists.dataPlans ?? [])
    .map(fromDataPlan)
    .filter((item): item is Sized => item !== null && item.option.network === network);
  const groups: AdminPlanGroup[] = grouped(own).map((g) => ({
    id: `datastation:${g.name}`,
    name: g.name,
    supplier: 'DataStation',
    plans: g.plans,
  }));

  if (lists.ogdamsPlans) {
    const ogdams = lists.ogdamsPlans
      .map(fromOgdamsPlan)
      .filter((item) => item.option.network === network);
    groups.push({
      id: 'ogdams',
      name: `${network} AWOOF`,
      supplier: 'Ogdams',
      plans: grouped(ogdams)[0]?.plans ?? [],
    });
  }
  if (lists.vtpassPlans) {
    const vtpass = lists.vtpassPlans.map((p) => fromVtpassDataPlan(p, network));
    groups.push({
      id: 'vtpass',
      name: variationGroup(lists.vtpassService ?? '') ?? `${network} DIRECT`,
      supplier: 'VTpass',
      plans: grouped(vtpass)[0]?.plans ?? [],
    });
  }
  return groups;
}

export function fromCablePlan(p: AdminCablePlanDto): AdminPlan {
  return {
    kind: 'cable',
    _id: p._id,
    title: p.package,
    name: p.package,
    validity: '',
    service: p.cablename,
    cost: p.amount,
    sellingPrice: p.sellingPrice,
    isAvailable: p.isAvailable,
  };
}

export function fromVtpassTvPlan(p: AdminVtpassTvPlanDto): AdminPlan {
  return {
    kind: 'vtpass-tv',
    _id: p._id,
    title: p.name,
    name: p.name,
    validity: normaliseValidity(p.name) ?? '',
    service: p.serviceID,
    cost: p.variation_amount,
    sellingPrice: p.sellingPrice,
    isAvailable: p.isAvailable,
  };
}

/** The sheet's "Service name": what the plan is sold as, and through whom. */
export function serviceName(plan: AdminPlan): string {
  switch (plan.kind) {
    case 'datastation':
      return `${plan.service} Data · DataStation`;
    case 'ogdams':
      return `${plan.service} Data · Ogdams`;
    case 'vtpass-data':
      return `${plan.service} · VTpass`;
    case 'cable':
      return `${plan.service} · DataStation`;
    case 'vtpass-tv':
      return `${plan.service.toUpperCase()} · VTpass`;
  }
}

/** "package - N amount" (spec §2), the dropdown label of a cable or VTpass TV plan. */
export function dropdownLabel(name: string, amount: number): string {
  return `${name} - N${amount.toLocaleString('en-NG')}`;
}
