import type {
  CablePlanDto,
  DataPlanDto,
  OgdamsPlanDto,
  ProviderVariationDto,
} from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import type { PlanRow } from './repository';

/** Customers see the selling price only; the supplier's cost never leaves the server. */
export function toDataPlanDto(p: PlanRow): DataPlanDto {
  return {
    _id: p.id,
    data_id: p.supplier === 'datastation' ? Number(p.externalId) : p.externalId,
    network: p.service,
    network_id: p.networkId ?? 0,
    planType: p.planType,
    size: p.size || p.name,
    validity: p.validity,
    sellingPrice: koboToNaira(p.sellingKobo),
    isAvailable: p.isAvailable,
    source: p.supplier === 'ogdams' ? 'ogdams' : 'datastation',
  };
}

export function toOgdamsPlanDto(p: PlanRow): OgdamsPlanDto {
  return {
    _id: p.id,
    planId: p.externalId,
    networkId: p.networkId ?? 0,
    name: p.name,
    validity: p.validity,
    sellingPrice: koboToNaira(p.sellingKobo),
    isAvailable: p.isAvailable,
  };
}

export function toVariationDto(p: PlanRow): ProviderVariationDto {
  return {
    _id: p.id,
    name: p.name,
    variation_code: p.externalId,
    sellingPrice: koboToNaira(p.sellingKobo),
    isAvailable: p.isAvailable,
    serviceID: p.service,
  };
}

export function toCablePlanDto(p: PlanRow): CablePlanDto {
  const sellingPrice = koboToNaira(p.sellingKobo);
  return {
    _id: p.id,
    cablename: p.service,
    cable_id: p.networkId ?? 0,
    cablePlanID: Number(p.externalId),
    package: p.name,
    sellingPrice,
    isAvailable: p.isAvailable,
    value: p.externalId,
    label: `${p.name} - ₦${sellingPrice.toLocaleString('en-NG')}`,
  };
}
