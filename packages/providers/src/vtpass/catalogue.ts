/**
 * What the VTpass simulator sells: serviceIDs with their variations, at late-2026 Nigerian prices
 * (naira, written as VTpass writes them). Data and TV variations are fixed-price; electricity has
 * the two meter types and the customer picks the amount.
 */
import { discoByServiceId } from '@owo/shared/billers';
import { VTPASS_ELECTRICITY_SERVICES } from '@owo/shared/networks';

export type VtpassProductKind = 'airtime' | 'data' | 'tv' | 'electricity';

export interface VtpassCatalogueVariation {
  code: string;
  name: string;
  /** Naira as VTpass sends it ("1500.00"); "0.00" with fixedPrice false for electricity. */
  amount: string;
  fixedPrice: boolean;
}

export interface VtpassService {
  serviceID: string;
  name: string;
  kind: VtpassProductKind;
  /** VTpass's transaction `type` text. */
  typeText: string;
  /** Our commission from VTpass in basis points, shown in replies as VTpass does. */
  commissionBps: number;
  /**
   * Where the variations reply puts the list: `varations` only (VTpass's MTN Data page), both
   * spellings (its GOtv page; electricity, which public clients read under either), or
   * `variations` only (airtime, which has none).
   */
  listKey: 'variations' | 'varations' | 'both';
  variations: VtpassCatalogueVariation[];
}

function fixed(code: string, name: string, naira: number): VtpassCatalogueVariation {
  return { code, name, amount: `${naira}.00`, fixedPrice: true };
}

const AIRTIME: VtpassService[] = [
  ['mtn', 'MTN Airtime VTU'],
  ['glo', 'GLO Airtime'],
  ['airtel', 'Airtel Airtime VTU'],
  ['etisalat', '9mobile Airtime VTU'],
].map(([serviceID, name]) => ({
  serviceID: serviceID!,
  name: name!,
  kind: 'airtime',
  typeText: 'Airtime Recharge',
  commissionBps: 300,
  listKey: 'variations',
  variations: [],
}));

function data(serviceID: string, name: string, variations: VtpassCatalogueVariation[]) {
  const service: VtpassService = {
    serviceID,
    name,
    kind: 'data',
    typeText: 'Data Services',
    commissionBps: 400,
    listKey: 'varations',
    variations,
  };
  return service;
}

function tv(serviceID: string, name: string, variations: VtpassCatalogueVariation[]) {
  const service: VtpassService = {
    serviceID,
    name,
    kind: 'tv',
    typeText: 'TV Subscription',
    commissionBps: 150,
    listKey: 'both',
    variations,
  };
  return service;
}

const DATA: VtpassService[] = [
  data('mtn-data', 'MTN Data', [
    fixed('mtn-110mb-100', 'MTN N100 110MB - 1 day', 100),
    fixed('mtn-1gb-500', 'MTN N500 1GB - 1 day', 500),
    fixed('mtn-1-5gb-600', 'MTN N600 1.5GB - 2 days', 600),
    fixed('mtn-500mb-500', 'MTN N500 500MB - 7 days', 500),
    fixed('mtn-1gb-800', 'MTN N800 1GB - 7 days', 800),
    fixed('mtn-6gb-2500', 'MTN N2500 6GB - 7 days', 2500),
    fixed('mtn-2gb-1500', 'MTN N1500 2GB - 30 days', 1500),
    fixed('mtn-2-7gb-2000', 'MTN N2000 2.7GB - 30 days', 2000),
    fixed('mtn-3-5gb-2500', 'MTN N2500 3.5GB - 30 days', 2500),
    fixed('mtn-7gb-3500', 'MTN N3500 7GB - 30 days', 3500),
    fixed('mtn-10gb-4500', 'MTN N4500 10GB - 30 days', 4500),
    fixed('mtn-20gb-7500', 'MTN N7500 20GB - 30 days', 7500),
    fixed('mtn-36gb-11000', 'MTN N11000 36GB - 30 days', 11000),
    fixed('mtn-75gb-18000', 'MTN N18000 75GB - 30 days', 18000),
  ]),
  data('glo-data', 'GLO Data', [
    fixed('glo-750mb-200', 'Glo N200 750MB - 1 day', 200),
    fixed('glo-1-5gb-300', 'Glo N300 1.5GB - 1 day', 300),
    fixed('glo-2-5gb-500', 'Glo N500 2.5GB - 2 days', 500),
    fixed('glo-2-6gb-1000', 'Glo N1000 2.6GB - 30 days', 1000),
    fixed('glo-5gb-1500', 'Glo N1500 5GB - 30 days', 1500),
    fixed('glo-6-15gb-2000', 'Glo N2000 6.15GB - 30 days', 2000),
    fixed('glo-7-5gb-2500', 'Glo N2500 7.5GB - 30 days', 2500),
    fixed('glo-11gb-3000', 'Glo N3000 11GB - 30 days', 3000),
    fixed('glo-14gb-4000', 'Glo N4000 14GB - 30 days', 4000),
    fixed('glo-18gb-5000', 'Glo N5000 18GB - 30 days', 5000),
    fixed('glo-29gb-8000', 'Glo N8000 29GB - 30 days', 8000),
    fixed('glo-50gb-10000', 'Glo N10000 50GB - 30 days', 10000),
  ]),
  data('glo-sme-data', 'GLO Data (SME)', [
    fixed('glo-sme-500mb-220', 'Glo SME N220 500MB - 30 days', 220),
    fixed('glo-sme-1gb-430', 'Glo SME N430 1GB - 30 days', 430),
    fixed('glo-sme-2gb-860', 'Glo SME N860 2GB - 30 days', 860),
    fixed('glo-sme-3gb-1290', 'Glo SME N1290 3GB - 30 days', 1290),
    fixed('glo-sme-5gb-2150', 'Glo SME N2150 5GB - 30 days', 2150),
    fixed('glo-sme-10gb-4300', 'Glo SME N4300 10GB - 30 days', 4300),
  ]),
  data('airtel-data', 'Airtel Data', [
    fixed('airt-110mb-100', 'Airtel N100 110MB - 1 day', 100),
    fixed('airt-1gb-500', 'Airtel N500 1GB - 1 day', 500),
    fixed('airt-1-5gb-600', 'Airtel N600 1.5GB - 2 days', 600),
    fixed('airt-3-5gb-1500', 'Airtel N1500 3.5GB - 7 days', 1500),
    fixed('airt-6gb-2500', 'Airtel N2500 6GB - 7 days', 2500),
    fixed('airt-2gb-1500', 'Airtel N1500 2GB - 30 days', 1500),
    fixed('airt-3gb-2000', 'Airtel N2000 3GB - 30 days', 2000),
    fixed('airt-4gb-2500', 'Airtel N2500 4GB - 30 days', 2500),
    fixed('airt-8gb-3000', 'Airtel N3000 8GB - 30 days', 3000),
    fixed('airt-10gb-4000', 'Airtel N4000 10GB - 30 days', 4000),
    fixed('airt-13gb-5000', 'Airtel N5000 13GB - 30 days', 5000),
    fixed('airt-18gb-6000', 'Airtel N6000 18GB - 30 days', 6000),
    fixed('airt-25gb-8000', 'Airtel N8000 25GB - 30 days', 8000),
    fixed('airt-35gb-10000', 'Airtel N10000 35GB - 30 days', 10000),
    fixed('airt-60gb-15000', 'Airtel N15000 60GB - 30 days', 15000),
  ]),
  data('etisalat-data', '9mobile Data', [
    fixed('eti-100mb-100', '9mobile N100 100MB - 1 day', 100),
    fixed('eti-650mb-200', '9mobile N200 650MB - 1 day', 200),
    fixed('eti-1gb-500', '9mobile N500 1GB - 7 days', 500),
    fixed('eti-1-5gb-1000', '9mobile N1000 1.5GB - 30 days', 1000),
    fixed('eti-2gb-1200', '9mobile N1200 2GB - 30 days', 1200),
    fixed('eti-3gb-1500', '9mobile N1500 3GB - 30 days', 1500),
    fixed('eti-4-5gb-2000', '9mobile N2000 4.5GB - 30 days', 2000),
    fixed('eti-11gb-4000', '9mobile N4000 11GB - 30 days', 4000),
    fixed('eti-15gb-5000', '9mobile N5000 15GB - 30 days', 5000),
    fixed('eti-40gb-10000', '9mobile N10000 40GB - 30 days', 10000),
  ]),
];

const TV: VtpassService[] = [
  tv('dstv', 'DSTV Subscription', [
    fixed('dstv-padi', 'DStv Padi N4,400', 4400),
    fixed('dstv-yanga', 'DStv Yanga N6,000', 6000),
    fixed('dstv-confam', 'DStv Confam N11,000', 11000),
    fixed('dstv79', 'DStv Compact N19,000', 19000),
    fixed('dstv7', 'DStv Compact Plus N30,000', 30000),
    fixed('dstv3', 'DStv Premium N44,500', 44500),
    fixed('dstv-padi-extra', 'DStv Padi + ExtraView N10,400', 10400),
    fixed('dstv-compact-extra', 'DStv Compact + ExtraView N25,000', 25000),
  ]),
  tv('gotv', 'Gotv Payment', [
    fixed('gotv-smallie', 'GOtv Smallie - monthly N1,900', 1900),
    fixed('gotv-smallie-3months', 'GOtv Smallie - quarterly N5,100', 5100),
    fixed('gotv-smallie-1year', 'GOtv Smallie - yearly N15,000', 15000),
    fixed('gotv-jinja', 'GOtv Jinja N3,900', 3900),
    fixed('gotv-jolli', 'GOtv Jolli N5,800', 5800),
    fixed('gotv-max', 'GOtv Max N8,500', 8500),
    fixed('gotv-supa', 'GOtv Supa N11,400', 11400),
    fixed('gotv-supa-plus', 'GOtv Supa Plus N16,800', 16800),
  ]),
  tv('startimes', 'Startimes Subscription', [
    fixed('nova-weekly', 'Nova - 700 Naira - 1 Week', 700),
    fixed('nova', 'Nova - 2,100 Naira - 1 Month', 2100),
    fixed('basic-weekly', 'Basic - 1,400 Naira - 1 Week', 1400),
    fixed('basic', 'Basic - 4,000 Naira - 1 Month', 4000),
    fixed('smart', 'Smart - 5,100 Naira - 1 Month', 5100),
    fixed('classic', 'Classic - 6,000 Naira - 1 Month', 6000),
    fixed('super', 'Super - 9,800 Naira - 1 Month', 9800),
  ]),
  tv('showmax', 'ShowMax', [
    fixed('mobile_only', 'Showmax Mobile - N3,500', 3500),
    fixed('full', 'Showmax - N5,000', 5000),
    fixed('pro_mobile', 'Showmax Pro Mobile - N6,300', 6300),
    fixed('pro', 'Showmax Pro - N8,400', 8400),
  ]),
];

const ELECTRICITY: VtpassService[] = VTPASS_ELECTRICITY_SERVICES.map((serviceID) => ({
  serviceID,
  name: `${discoByServiceId(serviceID)?.name ?? serviceID} Payment`,
  kind: 'electricity',
  typeText: 'Electricity Bill',
  commissionBps: 100,
  listKey: 'both',
  variations: [
    { code: 'prepaid', name: 'Prepaid', amount: '0.00', fixedPrice: false },
    { code: 'postpaid', name: 'Postpaid', amount: '0.00', fixedPrice: false },
  ],
}));

export const VTPASS_SERVICES: ReadonlyMap<string, VtpassService> = new Map(
  [...AIRTIME, ...DATA, ...TV, ...ELECTRICITY].map((s) => [s.serviceID, s]),
);

/** smart-card services VTpass verifies (Showmax is bought by phone number and has nothing to verify). */
export const VTPASS_SMARTCARD_SERVICES = new Set(['dstv', 'gotv', 'startimes']);
