/**
 * What the Safe Haven simulator sells. Service and category ids are the ones Safe Haven's public
 * API reference shows (GET vas/services, vas/service/{id}/service-categories); cable bundle codes
 * follow its documented pattern (db1…, gb1…, sb1…, TOP_UP). Data bundle codes are ours (Safe Haven
 * does not publish them). Prices are late-2026 naira, as the VTpass catalogue's.
 */
import type { SafeHavenServiceIdentifier } from '../types';

export interface SafeHavenCatalogueService {
  id: string;
  identifier: SafeHavenServiceIdentifier;
  name: string;
  description: string;
}

export interface SafeHavenCatalogueProduct {
  bundleCode: string;
  name: string;
  /** Whole naira as Safe Haven sends it; null for an open amount (TOP_UP). */
  amount: number | null;
  duration: string;
}

export interface SafeHavenCatalogueCategory {
  id: string;
  identifier: string;
  name: string;
  description: string;
  service: SafeHavenServiceIdentifier;
  isFixedAmount: boolean;
  products: SafeHavenCatalogueProduct[];
}

export const SAFEHAVEN_SERVICES: readonly SafeHavenCatalogueService[] = [
  {
    id: '61e985180e69308aa37a7a94',
    identifier: 'AIRTIME',
    name: 'Mobile Recharge',
    description: 'Airtime Recharge',
  },
  {
    id: '61e9854bbce8e444a497663e',
    identifier: 'DATA',
    name: 'DATA PURCHASE',
    description: 'Data bundle subscription',
  },
  {
    id: '61e9857bbce8e444a4976641',
    identifier: 'CABLETV',
    name: 'CABLE TV',
    description: 'Cable tv subscription',
  },
  {
    id: '61e985a3bce8e444a4976643',
    identifier: 'UTILITY',
    name: 'UTILITY BILLS',
    description: 'Power and Disco bills',
  },
];

/** Category ids by what they sell, for the API and tests (the simulator's and Safe Haven's). */
export const SAFEHAVEN_CATEGORY_IDS = {
  airtime: {
    MTN: '61e988830e69308aa37a7a99',
    AIRTEL: '61e9896abce8e444a4976648',
    GLO: '61e9892e0e69308aa37a7a9c',
    '9MOBILE': '61e9898cbce8e444a497664b',
  },
  data: {
    MTN: '61e989f20e69308aa37a7a9f',
    AIRTEL: '61e98a4dbce8e444a4976651',
    GLO: '61e98a31bce8e444a497664e',
    '9MOBILE': '61e98a67bce8e444a4976654',
  },
  cable: {
    DSTV: '61e98b3562d9b6a917f9302a',
    GOTV: '61e98b6462d9b6a917f9302d',
    STARTIMES: '61e98b8a90dbbfc905f48f07',
  },
  utility: {
    BENIN: '61e98bf962d9b6a917f93030',
    EKO: '61e98c2090dbbfc905f48f0a',
    ABUJA: '61e98c4390dbbfc905f48f0d',
    ENUGU: '61e98c5f90dbbfc905f48f10',
    IBADAN: '61e98c7790dbbfc905f48f13',
    IKEJA: '61e98ca5ab69182f326e6db6',
    JOS: '61e98cc6ab69182f326e6db9',
    KADUNA: '61e98ceeab69182f326e6dbc',
    KANO: '61e98d0bab69182f326e6dbf',
    PORTHARCOURT: '61e98d28ab69182f326e6dc2',
    YOLA: '61e98d43ab69182f326e6dc5',
  },
} as const;

const p = (
  bundleCode: string,
  name: string,
  amount: number,
  duration: string,
): SafeHavenCatalogueProduct => ({ bundleCode, name, amount, duration });

const TOP_UP: SafeHavenCatalogueProduct = {
  bundleCode: 'TOP_UP',
  name: 'Top Up',
  amount: null,
  duration: '',
};

const AIRTIME: SafeHavenCatalogueCategory[] = (
  [
    ['MTN', 'MTN', 'Mtn Airtime'],
    ['AIRTEL', 'AIRTEL', 'Airtel Airtime'],
    ['GLO', 'GLO', 'Glo Airtime'],
    ['9MOBILE', 'ETISALAT', 'Etisalat Airtime'],
  ] as const
).map(([network, identifier, description]) => ({
  id: SAFEHAVEN_CATEGORY_IDS.airtime[network],
  identifier,
  name: identifier,
  description,
  service: 'AIRTIME',
  isFixedAmount: false,
  products: [],
}));

function dataCategory(
  network: keyof typeof SAFEHAVEN_CATEGORY_IDS.data,
  identifier: string,
  description: string,
  products: SafeHavenCatalogueProduct[],
): SafeHavenCatalogueCategory {
  return {
    id: SAFEHAVEN_CATEGORY_IDS.data[network],
    identifier,
    name: identifier,
    description,
    service: 'DATA',
    isFixedAmount: true,
    products,
  };
}

const DATA: SafeHavenCatalogueCategory[] = [
  dataCategory('MTN', 'MTN', 'Mtn Data Bundle', [
    p('MTN-D-110MB-1D', 'MTN 110MB Daily', 100, '1 day'),
    p('MTN-D-1GB-1D', 'MTN 1GB Daily', 500, '1 day'),
    p('MTN-D-1.5GB-2D', 'MTN 1.5GB 2-Day', 600, '2 days'),
    p('MTN-D-1GB-7D', 'MTN 1GB Weekly', 800, '7 days'),
    p('MTN-D-6GB-7D', 'MTN 6GB Weekly', 2500, '7 days'),
    p('MTN-D-2GB-30D', 'MTN 2GB Monthly', 1500, '30 days'),
    p('MTN-D-3.5GB-30D', 'MTN 3.5GB Monthly', 2500, '30 days'),
    p('MTN-D-7GB-30D', 'MTN 7GB Monthly', 3500, '30 days'),
    p('MTN-D-10GB-30D', 'MTN 10GB Monthly', 4500, '30 days'),
    p('MTN-D-20GB-30D', 'MTN 20GB Monthly', 7500, '30 days'),
    p('MTN-D-75GB-30D', 'MTN 75GB Monthly', 18000, '30 days'),
  ]),
  dataCategory('AIRTEL', 'AIRTEL', 'Airtel Data Bundle', [
    p('AIRTEL-D-110MB-1D', 'Airtel 110MB Daily', 100, '1 day'),
    p('AIRTEL-D-1GB-1D', 'Airtel 1GB Daily', 500, '1 day'),
    p('AIRTEL-D-3.5GB-7D', 'Airtel 3.5GB Weekly', 1500, '7 days'),
    p('AIRTEL-D-2GB-30D', 'Airtel 2GB Monthly', 1500, '30 days'),
    p('AIRTEL-D-4GB-30D', 'Airtel 4GB Monthly', 2500, '30 days'),
    p('AIRTEL-D-10GB-30D', 'Airtel 10GB Monthly', 4000, '30 days'),
    p('AIRTEL-D-18GB-30D', 'Airtel 18GB Monthly', 6000, '30 days'),
    p('AIRTEL-D-35GB-30D', 'Airtel 35GB Monthly', 10000, '30 days'),
  ]),
  dataCategory('GLO', 'GLO', 'Glo Data Bundle', [
    p('GLO-D-750MB-1D', 'Glo 750MB Daily', 200, '1 day'),
    p('GLO-D-2.5GB-2D', 'Glo 2.5GB 2-Day', 500, '2 days'),
    p('GLO-D-2.6GB-30D', 'Glo 2.6GB Monthly', 1000, '30 days'),
    p('GLO-D-5GB-30D', 'Glo 5GB Monthly', 1500, '30 days'),
    p('GLO-D-11GB-30D', 'Glo 11GB Monthly', 3000, '30 days'),
    p('GLO-D-18GB-30D', 'Glo 18GB Monthly', 5000, '30 days'),
    p('GLO-D-50GB-30D', 'Glo 50GB Monthly', 10000, '30 days'),
  ]),
  dataCategory('9MOBILE', 'ETISALAT', 'Etisalat Data Bundle', [
    p('9MOBILE-D-100MB-1D', '9mobile 100MB Daily', 100, '1 day'),
    p('9MOBILE-D-1GB-7D', '9mobile 1GB Weekly', 500, '7 days'),
    p('9MOBILE-D-1.5GB-30D', '9mobile 1.5GB Monthly', 1000, '30 days'),
    p('9MOBILE-D-4.5GB-30D', '9mobile 4.5GB Monthly', 2000, '30 days'),
    p('9MOBILE-D-11GB-30D', '9mobile 11GB Monthly', 4000, '30 days'),
    p('9MOBILE-D-40GB-30D', '9mobile 40GB Monthly', 10000, '30 days'),
  ]),
];

const CABLE: SafeHavenCatalogueCategory[] = [
  {
    id: SAFEHAVEN_CATEGORY_IDS.cable.DSTV,
    identifier: 'DSTV',
    name: 'DSTV BILL',
    description: 'DSTV Bundle',
    service: 'CABLETV',
    isFixedAmount: true,
    products: [
      p('db1', 'DStv Padi', 4400, '1 month'),
      p('db2', 'DStv Yanga', 6000, '1 month'),
      p('db3', 'DStv Confam', 11000, '1 month'),
      p('db4', 'DStv Compact', 19000, '1 month'),
      p('db5', 'DStv Compact Plus', 30000, '1 month'),
      p('db6', 'DStv Premium', 44500, '1 month'),
      TOP_UP,
    ],
  },
  {
    id: SAFEHAVEN_CATEGORY_IDS.cable.GOTV,
    identifier: 'GOTV',
    name: 'GOTV',
    description: 'GOTV Package',
    service: 'CABLETV',
    isFixedAmount: true,
    products: [
      p('gb1', 'Gotv Supa+', 16800, '1 month'),
      p('gb2', 'Gotv Supa', 11400, '1 month'),
      p('gb3', 'Gotv Max', 8500, '1 month'),
      p('gb4', 'GOtv Jolli', 5800, '1 month'),
      p('gb5', 'GOtv Jinja', 3900, '1 month'),
      p('gb6', 'GOtv Smallie', 1900, '1 month'),
      TOP_UP,
    ],
  },
  {
    id: SAFEHAVEN_CATEGORY_IDS.cable.STARTIMES,
    identifier: 'STARTIMES',
    name: 'STARTIMES',
    description: 'STARTIMES Package',
    service: 'CABLETV',
    isFixedAmount: true,
    products: [
      p('sb1', 'StarTimes Nova (Antenna)', 700, '1 week'),
      p('sb2', 'StarTimes Nova (Antenna)', 2100, '1 month'),
      p('sb3', 'StarTimes Basic (Antenna)', 1400, '1 week'),
      p('sb4', 'StarTimes Basic (Antenna)', 4000, '1 month'),
      p('sb6', 'StarTimes Classic (Antenna)', 6000, '1 month'),
      p('sb8', 'StarTimes Super (Antenna)', 9800, '1 month'),
      TOP_UP,
    ],
  },
];

const UTILITY: SafeHavenCatalogueCategory[] = (
  [
    ['BENIN', 'BEDC', 'Benin Electricity Distribution Company'],
    ['EKO', 'EKEDC', 'Eko Electricity Distribution Company'],
    ['ABUJA', 'AEDC', 'Abuja Electricity Distribution Company'],
    ['ENUGU', 'EEDC', 'Enugu Electricity Distribution Company'],
    ['IBADAN', 'IBEDC', 'Ibadan Electricity Distribution Company'],
    ['IKEJA', 'IKEDC', 'Ikeja Electricity Distribution Company'],
    ['JOS', 'JEDC', 'JOS Electricity Distribution Company'],
    ['KADUNA', 'KAEDC', 'Kaduna Electricity Distribution Company'],
    ['KANO', 'KEDCO', 'Kano Electricity Distribution Company'],
    ['PORTHARCOURT', 'PHEDC', 'PortHarcourt Electricity Distribution Company'],
    ['YOLA', 'YEDC', 'Yola Electricity distribution company'],
  ] as const
).map(([identifier, name, description]) => ({
  id: SAFEHAVEN_CATEGORY_IDS.utility[identifier],
  identifier,
  name,
  description,
  service: 'UTILITY',
  isFixedAmount: false,
  products: [],
}));

export const SAFEHAVEN_CATEGORIES: ReadonlyMap<string, SafeHavenCatalogueCategory> = new Map(
  [...AIRTIME, ...DATA, ...CABLE, ...UTILITY].map((c) => [c.id, c]),
);
