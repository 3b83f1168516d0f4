/**
 * Data-plan grouping and display (spec §9 of both documents): which group a plan is shown in,
 * data sizes sorted with 1 GB = 1024 MB, and validity text normalised (monthly = 1 month,
 * weekly = 7 days, daily = 1 day; counts of 1-90 days or 1-12 months).
 * Pure functions over the catalogue shapes; no zod, no React.
 */
import type { DataPlanDto, OgdamsPlanDto, ProviderVariationDto } from './api-types';
import {
  NETWORK_IDS,
  NETWORK_NAMES,
  networkById,
  networkForVtpassService,
  type NetworkName,
} from './networks';

/** MTN data_ids shown as 'MTN AWOOF'. */
export const MTN_AWOOF_IDS: readonly number[] = [216, 217, 362, 363];
/** MTN data_ids shown as 'MTN GIFTING'. */
export const MTN_GIFTING_IDS: readonly number[] = [
  309, 317, 340, 341, 342, 345, 346, 348, 351, 353, 364, 369,
];
/** Plan types never shown to customers. */
export const HIDDEN_PLAN_TYPES: readonly string[] = ['DATA COUPONS', 'DATA COUPON'];

export type PlanSource = 'datastation' | 'ogdams' | 'vtpass';

/** One plan card, whichever catalogue it came from. */
export interface PlanOption {
  /** Unique across catalogues: `${source}:${id}`. */
  key: string;
  source: PlanSource;
  /** data_id (DataStation), planId (Ogdams) or variation_code (VTpass). */
  id: string;
  network: NetworkName;
  networkId: number;
  group: string;
  /** Size in MB (1 GB = 1024 MB), null when the plan does not say. */
  sizeMb: number | null;
  /** "500MB", "1.5GB"; the plan's name when it has no size. */
  size: string;
  /** Normalised validity ("30 days", "1 month"), or '' when unknown. */
  validity: string;
  /** Selling price in naira. */
  price: number;
  /** The catalogue's own wording (VTpass and Ogdams names), for summaries. */
  name: string;
  /** VTpass serviceID, for provider-route plans. */
  serviceID?: string;
}

export interface PlanGroup {
  name: string;
  plans: PlanOption[];
}

// ------------------------------------------------------------------------------------ networks

function networkFromText(text: string): NetworkName | null {
  const upper = text.toUpperCase();
  if (/\b(9MOBILE|ETISALAT)\b/.test(upper)) return '9MOBILE';
  return NETWORK_NAMES.find((name) => new RegExp(`\\b${name}\\b`).test(upper)) ?? null;
}

/** A DataStation/Ogdams plan's network, by name first, then by the product's network id. */
export function networkOfPlan(
  plan: Pick<DataPlanDto, 'network' | 'network_id'>,
): NetworkName | null {
  return networkFromText(plan.network ?? '') ?? networkById(Number(plan.network_id)) ?? null;
}

// ------------------------------------------------------------------------------------ groups

function cleanPlanType(planType: string, network: NetworkName): string {
  let type = (planType ?? '').toUpperCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  // "MTN SME2" and "SME2" are the same type.
  if (type.startsWith(`${network} `)) type = type.slice(network.length + 1);
  if (network === '9MOBILE' && type.startsWith('ETISALAT ')) type = type.slice(9);
  return type;
}

/**
 * The group a DataStation or Ogdams plan is shown in, or null when it is hidden (DATA COUPONS)
 * or its network is unknown.
 */
export function dataPlanGroup(
  plan: Pick<DataPlanDto, 'network' | 'network_id' | 'data_id' | 'planType'> & {
    source?: DataPlanDto['source'];
  },
): string | null {
  const network = networkOfPlan(plan);
  if (!network) return null;
  const type = cleanPlanType(plan.planType, network);
  if (HIDDEN_PLAN_TYPES.includes(type) || type.includes('COUPON')) return null;
  if (plan.source === 'ogdams') return `${network} AWOOF`;

  if (network === 'MTN') {
    const id = Number(plan.data_id);
    if (MTN_AWOOF_IDS.includes(id)) return 'MTN AWOOF';
    if (MTN_GIFTING_IDS.includes(id)) return 'MTN GIFTING';
  }
  if (network === '9MOBILE') return '9MOBILE';
  if (type === 'SME' || type === 'SME2') return `${network} SME`;
  if (type === 'CG' || type.includes('CORPORATE')) return `${network} CG`;
  if (type.includes('AWOOF')) return `${network} AWOOF`;
  if (type.includes('GIFTING')) return `${network} GIFTING`;
  return type ? `${network} ${type}` : `${network} DATA`;
}

/** VTpass variations form their own group per serviceID: 'MTN DIRECT', 'GLO SME DIRECT'. */
export function variationGroup(serviceID: string): string | null {
  const network = networkForVtpassService(serviceID);
  if (!network) return null;
  return serviceID === 'glo-sme-data' ? 'GLO SME DIRECT' : `${network} DIRECT`;
}

const GROUP_RANK: [RegExp, number][] = [
  [/ SME$/, 0],
  [/ CG$/, 1],
  [/ AWOOF$/, 2],
  [/ GIFTING$/, 3],
  [/ DIRECT$/, 6],
];

function groupRank(name: string): number {
  if (name === '9MOBILE') return 4;
  return GROUP_RANK.find(([pattern]) => pattern.test(name))?.[1] ?? 5;
}

// ------------------------------------------------------------------------------------ sizes

const UNIT_MB: Record<string, number> = { KB: 1 / 1024, MB: 1, GB: 1024, TB: 1024 * 1024 };

/** "500.0MB" → 500, "1.5GB" → 1536, "MTN 1GB - 30 days" → 1024; null when no size is given. */
export function parseSizeMb(text: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s*(KB|MB|GB|TB)\b/i.exec(text ?? '');
  if (!match) return null;
  const value = Number(match[1]);
  const unit = UNIT_MB[match[2]!.toUpperCase()]!;
  return Number.isFinite(value) && value > 0 ? value * unit : null;
}

function trimNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** 500 → "500MB", 1024 → "1GB", 1536 → "1.5GB". */
export function formatSizeMb(mb: number): string {
  if (mb >= UNIT_MB.TB!) return `${trimNumber(mb / UNIT_MB.TB!)}TB`;
  if (mb >= UNIT_MB.GB!) return `${trimNumber(mb / UNIT_MB.GB!)}GB`;
  return `${trimNumber(mb)}MB`;
}

/** A size text tidied for display ("1.0GB" → "1GB"); the input when it holds no size. */
export function formatSize(text: string): string {
  const mb = parseSizeMb(text);
  return mb === null ? (text ?? '').trim() : formatSizeMb(mb);
}

// ------------------------------------------------------------------------------------ validity

const plural = (count: number, unit: 'day' | 'month') =>
  `${count} ${unit}${count === 1 ? '' : 's'}`;

function days(count: number): string | null {
  return Number.isInteger(count) && count >= 1 && count <= 90 ? plural(count, 'day') : null;
}

function months(count: number): string | null {
  return Number.isInteger(count) && count >= 1 && count <= 12 ? plural(count, 'month') : null;
}

/**
 * "30 days" → "30 days", "Monthly" → "1 month", "2 Months" → "2 months", "1 Week" → "7 days",
 * "Daily" → "1 day", "24 hrs" → "1 day". Also finds the validity inside a plan name
 * ("MTN 1GB - 30 days"). Null when the text names no validity in the 1-90 days / 1-12 months range.
 */
export function normaliseValidity(text: string): string | null {
  const lower = (text ?? '').toLowerCase();
  const count =
    /(\d+)\s*-?\s*(days?|d|weeks?|wks?|w|months?|mons?|mths?|m|hours?|hrs?|h|years?|yrs?)\b/.exec(
      lower,
    );
  if (count) {
    const n = Number(count[1]);
    const unit = count[2]!;
    if (unit.startsWith('d')) return days(n);
    if (unit.startsWith('w')) return days(n * 7);
    if (unit.startsWith('h')) return n % 24 === 0 ? days(n / 24) : null;
    if (unit.startsWith('y')) return months(n * 12);
    return months(n);
  }
  if (/\bmonthly\b|\bmonth\b/.test(lower)) return '1 month';
  if (/\bweekly\b|\bweek\b/.test(lower)) return '7 days';
  if (/\bdaily\b|\bday\b/.test(lower)) return '1 day';
  return null;
}

// ------------------------------------------------------------------------------------ options

/** A DataStation/Ogdams plan as a card; null when unavailable, hidden or of unknown network. */
export function fromDataPlan(plan: DataPlanDto): PlanOption | null {
  if (plan.isAvailable === false) return null;
  const network = networkOfPlan(plan);
  const group = dataPlanGroup(plan);
  if (!network || !group) return null;
  const sizeMb = parseSizeMb(plan.size);
  const source = plan.source === 'ogdams' ? 'ogdams' : 'datastation';
  return {
    key: `${source}:${plan.data_id}`,
    source,
    id: String(plan.data_id),
    network,
    networkId: NETWORK_IDS[network],
    group,
    sizeMb,
    size: sizeMb === null ? (plan.size ?? '').trim() : formatSizeMb(sizeMb),
    validity: normaliseValidity(plan.validity) ?? (plan.validity ?? '').trim(),
    price: plan.sellingPrice,
    name: [plan.size, plan.validity].filter(Boolean).join(' '),
  };
}

/**
 * The separate Ogdams list's network: by name, else by the product's network id (the API maps
 * Ogdams's own ids to ours). The list is the Airtel AWOOF list (spec §9) unless it says otherwise.
 */
export function ogdamsPlanNetwork(plan: Pick<OgdamsPlanDto, 'name' | 'networkId'>): NetworkName {
  return networkFromText(plan.name) ?? networkById(Number(plan.networkId)) ?? 'AIRTEL';
}

/** A plan of the separate Ogdams (Airtel) list: always in the network's AWOOF group. */
export function fromOgdamsPlan(plan: OgdamsPlanDto): PlanOption | null {
  if (plan.isAvailable === false) return null;
  const network = ogdamsPlanNetwork(plan);
  const sizeMb = parseSizeMb(plan.name);
  return {
    key: `ogdams:${plan.planId}`,
    source: 'ogdams',
    id: String(plan.planId),
    network,
    networkId: NETWORK_IDS[network],
    group: `${network} AWOOF`,
    sizeMb,
    size: sizeMb === null ? plan.name.trim() : formatSizeMb(sizeMb),
    validity: normaliseValidity(plan.validity) ?? normaliseValidity(plan.name) ?? '',
    price: plan.sellingPrice,
    name: plan.name,
  };
}

/** A VTpass variation as a card in its '{NETWORK} DIRECT' group. */
export function fromVariation(variation: ProviderVariationDto): PlanOption | null {
  if (variation.isAvailable === false) return null;
  const network = networkForVtpassService(variation.serviceID);
  const group = variationGroup(variation.serviceID);
  if (!network || !group) return null;
  const sizeMb = parseSizeMb(variation.name);
  return {
    key: `vtpass:${variation.serviceID}:${variation.variation_code}`,
    source: 'vtpass',
    id: variation.variation_code,
    network,
    networkId: NETWORK_IDS[network],
    group,
    sizeMb,
    size: sizeMb === null ? variation.name.trim() : formatSizeMb(sizeMb),
    validity: normaliseValidity(variation.name) ?? '',
    price: variation.sellingPrice,
    name: variation.name,
    serviceID: variation.serviceID,
  };
}

/** Smallest first (1 GB = 1024 MB); plans without a size last; then cheapest first. */
export function comparePlans(a: PlanOption, b: PlanOption): number {
  if (a.sizeMb !== b.sizeMb) {
    if (a.sizeMb === null) return 1;
    if (b.sizeMb === null) return -1;
    return a.sizeMb - b.sizeMb;
  }
  return a.price - b.price || a.name.localeCompare(b.name);
}

/** Groups in a stable order (SME, CG, AWOOF, GIFTING, …, DIRECT), plans sorted inside each. */
export function groupPlans(options: readonly PlanOption[]): PlanGroup[] {
  const seen = new Set<string>();
  const groups = new Map<string, PlanOption[]>();
  for (const option of options) {
    if (seen.has(option.key)) continue;
    seen.add(option.key);
    const list = groups.get(option.group) ?? [];
    list.push(option);
    groups.set(option.group, list);
  }
  return [...groups.entries()]
    .map(([name, plans]) => ({ name, plans: plans.sort(comparePlans) }))
    .sort((a, b) => groupRank(a.name) - groupRank(b.name) || a.name.localeCompare(b.name));
}

/** Everything a network offers, grouped: in-house plans, the Ogdams list and VTpass variations. */
export function plansForNetwork(
  network: NetworkName,
  catalogues: {
    dataPlans?: readonly DataPlanDto[];
    ogdamsPlans?: readonly OgdamsPlanDto[];
    variations?: readonly ProviderVariationDto[];
  },
): PlanGroup[] {
  const options = [
    ...(catalogues.dataPlans ?? []).map(fromDataPlan),
    ...(catalogues.ogdamsPlans ?? []).map(fromOgdamsPlan),
    ...(catalogues.variations ?? []).map(fromVariation),
  ].filter((option): option is PlanOption => option !== null && option.network === network);
  return groupPlans(options);
}
