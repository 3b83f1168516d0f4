import type {
  AdminCablePlanDto,
  AdminDataPlanDto,
  AdminOgdamsPlanDto,
  AdminVtpassPlanDto,
  AdminVtpassTvPlanDto,
} from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import type { PlanRow } from '../catalogue/repository';

/** Plans as the admin sees them: the customer's fields plus the supplier's cost (`amount`). */
export function toAdminDataPlanDto(p: PlanRow): AdminDataPlanDto {
  return {
    _id: p.id,
    data_id: Number(p.externalId),
    network: p.service,
    network_id: p.networkId ?? 0,
    planType: p.planType,
    size: p.size || p.name,
    amount: koboToNaira(p.costKobo),
    sellingPrice: koboToNaira(p.sellingKobo),
    validity: p.validity,
    isAvailable: p.isAvailable,
  };
}

export function toAdminOgdamsPlanDto(p: PlanRow): AdminOgdamsPlanDto {
  return {
    _id: p.id,
    planId: p.externalId,
    networkId: p.networkId ?? 0,
    name: p.name,
    amount: koboToNaira(p.costKobo),
    sellingPrice: koboToNaira(p.sellingKobo),
    validity: p.validity,
    isAvailable: p.isAvailable,
  };
}

export function toAdminVtpassPlanDto(p: PlanRow): AdminVtpassPlanDto {
  return {
    _id: p.id,
    variation_code: p.externalId,
    name: p.name,
    amount: koboToNaira(p.costKobo),
    sellingPrice: koboToNaira(p.sellingKobo),
    isAvailable: p.isAvailable,
    serviceID: p.service,
  };
}

export function toAdminCablePlanDto(p: PlanRow): AdminCablePlanDto {
  return {
    _id: p.id,
    cablename: p.service,
    cablePlanID: Number(p.externalId),
    package: p.name,
    amount: koboToNaira(p.costKobo),
    sellingPrice: koboToNaira(p.sellingKobo),
    isAvailable: p.isAvailable,
  };
}

export function toAdminVtpassTvPlanDto(p: PlanRow): AdminVtpassTvPlanDto {
  return {
    _id: p.id,
    serviceID: p.service,
    name: p.name,
    variation_code: p.externalId,
    variation_amount: koboToNaira(p.costKobo),
    sellingPrice: koboToNaira(p.sellingKobo),
    isAvailable: p.isAvailable,
  };
}

/** A short name of a plan for audit entries, so the log reads without a lookup. */
export function planLabel(p: PlanRow): string {
  return [p.supplier, p.service, p.name || p.size, `#${p.externalId}`].filter(Boolean).join(' ');
}
