import { describe, expect, it } from 'vitest';
import type { DataPlanDto, OgdamsPlanDto, ProviderVariationDto } from './api-types';
import {
  dataPlanGroup,
  formatSize,
  formatSizeMb,
  fromDataPlan,
  fromOgdamsPlan,
  fromVariation,
  groupPlans,
  normaliseValidity,
  parseSizeMb,
  plansForNetwork,
  variationGroup,
} from './plan-groups';

let seq = 0;
function plan(overrides: Partial<DataPlanDto>): DataPlanDto {
  seq += 1;
  return {
    _id: `p${seq}`,
    data_id: seq,
    network: 'MTN',
    network_id: 1,
    planType: 'SME',
    size: '1.0GB',
    validity: '30 days',
    sellingPrice: 300,
    isAvailable: true,
    source: 'datastation',
    ...overrides,
  };
}

describe('plan groups (spec §9)', () => {
  it('puts the listed MTN data ids in MTN AWOOF and MTN GIFTING', () => {
    for (const id of [216, 217, 362, 363]) {
      expect(dataPlanGroup(plan({ data_id: id, planType: 'GIFTING' }))).toBe('MTN AWOOF');
    }
    for (const id of [309, 317, 340, 341, 342, 345, 346, 348, 351, 353, 364, 369]) {
      expect(dataPlanGroup(plan({ data_id: String(id), planType: 'SME' }))).toBe('MTN GIFTING');
    }
  });

  it('names MTN SME2 "MTN SME" and renames corporate gifting per network', () => {
    expect(dataPlanGroup(plan({ data_id: 1, planType: 'SME2' }))).toBe('MTN SME');
    expect(dataPlanGroup(plan({ data_id: 2, planType: 'MTN SME2' }))).toBe('MTN SME');
    expect(
      dataPlanGroup(plan({ network: 'AIRTEL', network_id: 4, planType: 'CORPORATE GIFTING' })),
    ).toBe('AIRTEL CG');
    expect(
      dataPlanGroup(plan({ network: 'GLO', network_id: 2, planType: 'corporate_gifting' })),
    ).toBe('GLO CG');
    expect(dataPlanGroup(plan({ network: 'MTN', planType: 'CORPORATE GIFTING' }))).toBe('MTN CG');
  });

  it('has AWOOF per network, one 9MOBILE group, and hides DATA COUPONS', () => {
    expect(dataPlanGroup(plan({ network: 'AIRTEL', network_id: 4, planType: 'AWOOF' }))).toBe(
      'AIRTEL AWOOF',
    );
    expect(dataPlanGroup(plan({ network: 'GLO', network_id: 2, planType: 'AWOOF DATA' }))).toBe(
      'GLO AWOOF',
    );
    expect(dataPlanGroup(plan({ network: '9MOBILE', network_id: 3, planType: 'SME' }))).toBe(
      '9MOBILE',
    );
    expect(
      dataPlanGroup(plan({ network: '9MOBILE', network_id: 3, planType: 'CORPORATE GIFTING' })),
    ).toBe('9MOBILE');
    expect(dataPlanGroup(plan({ planType: 'DATA COUPONS' }))).toBeNull();
    expect(fromDataPlan(plan({ planType: 'DATA COUPONS' }))).toBeNull();
  });

  it('finds the network by id when the name is missing, and puts Ogdams plans in AWOOF', () => {
    expect(dataPlanGroup(plan({ network: '', network_id: 2, planType: 'SME' }))).toBe('GLO SME');
    expect(dataPlanGroup(plan({ network: 'AIRTEL', network_id: 4, source: 'ogdams' }))).toBe(
      'AIRTEL AWOOF',
    );
    expect(dataPlanGroup(plan({ network: 'UNKNOWN', network_id: 9 }))).toBeNull();
  });

  it('shows the separate Ogdams list as AIRTEL AWOOF on network 4', () => {
    const ogdams: OgdamsPlanDto = {
      _id: 'o1',
      planId: 'AIR-1GB',
      networkId: 4,
      name: '1GB',
      validity: '2 Days',
      sellingPrice: 250,
      isAvailable: true,
    };
    const option = fromOgdamsPlan(ogdams)!;
    expect(option).toMatchObject({
      source: 'ogdams',
      id: 'AIR-1GB',
      network: 'AIRTEL',
      networkId: 4,
      group: 'AIRTEL AWOOF',
      size: '1GB',
      validity: '2 days',
    });
    const groups = plansForNetwork('AIRTEL', {
      dataPlans: [plan({ network: 'AIRTEL', network_id: 4, planType: 'CORPORATE GIFTING' })],
      ogdamsPlans: [ogdams],
    });
    expect(groups.map((g) => g.name)).toEqual(['AIRTEL CG', 'AIRTEL AWOOF']);
    expect(plansForNetwork('MTN', { ogdamsPlans: [ogdams] })).toEqual([]);
  });

  it('makes VTpass variations their own DIRECT group', () => {
    const variation: ProviderVariationDto = {
      _id: 'v1',
      name: 'MTN N1000 1.5GB - 30 days',
      variation_code: 'mtn-10mb-100',
      sellingPrice: 1000,
      isAvailable: true,
      serviceID: 'mtn-data',
    };
    expect(fromVariation(variation)).toMatchObject({
      group: 'MTN DIRECT',
      size: '1.5GB',
      sizeMb: 1536,
      validity: '30 days',
      serviceID: 'mtn-data',
      key: 'vtpass:mtn-data:mtn-10mb-100',
    });
    expect(variationGroup('glo-sme-data')).toBe('GLO SME DIRECT');
    expect(variationGroup('etisalat-data')).toBe('9MOBILE DIRECT');
    expect(fromVariation({ ...variation, isAvailable: false })).toBeNull();
  });

  it('orders groups SME, CG, AWOOF, GIFTING, DIRECT and sorts plans by size then price', () => {
    const plans = [
      plan({ data_id: 216, size: '2.0GB', sellingPrice: 500 }),
      plan({ data_id: 1001, planType: 'SME2', size: '1.0GB', sellingPrice: 280 }),
      plan({ data_id: 1002, planType: 'SME2', size: '500.0MB', sellingPrice: 150 }),
      plan({ data_id: 1003, planType: 'SME2', size: '1.5GB', sellingPrice: 420 }),
      plan({ data_id: 1004, planType: 'SME2', size: '1024MB', sellingPrice: 270 }),
      plan({ data_id: 1005, planType: 'CORPORATE GIFTING', size: '10GB', sellingPrice: 2500 }),
      plan({ data_id: 309, size: '750MB', sellingPrice: 200 }),
    ].map(fromDataPlan);
    const variation = fromVariation({
      _id: 'v',
      name: 'MTN 100MB - 24 hrs',
      variation_code: 'v100',
      sellingPrice: 100,
      isAvailable: true,
      serviceID: 'mtn-data',
    });
    const groups = groupPlans([variation!, ...plans.filter((p) => p !== null)]);
    expect(groups.map((g) => g.name)).toEqual([
      'MTN SME',
      'MTN CG',
      'MTN AWOOF',
      'MTN GIFTING',
      'MTN DIRECT',
    ]);
    expect(groups[0]!.plans.map((p) => [p.size, p.price])).toEqual([
      ['500MB', 150],
      ['1GB', 270],
      ['1GB', 280],
      ['1.5GB', 420],
    ]);
    expect(groups[4]!.plans[0]!.validity).toBe('1 day');
  });

  it('drops unavailable plans and duplicates', () => {
    const p = plan({ data_id: 42 });
    expect(fromDataPlan({ ...p, isAvailable: false })).toBeNull();
    const option = fromDataPlan(p)!;
    expect(groupPlans([option, option])[0]!.plans).toHaveLength(1);
  });
});

describe('plan sizes (1 GB = 1024 MB)', () => {
  it('parses sizes and sizes inside plan names', () => {
    expect(parseSizeMb('500.0MB')).toBe(500);
    expect(parseSizeMb('1.0GB')).toBe(1024);
    expect(parseSizeMb('1.5GB')).toBe(1536);
    expect(parseSizeMb('MTN 1GB - 30 days')).toBe(1024);
    expect(parseSizeMb('N100 100MB - 24 hrs')).toBe(100);
    expect(parseSizeMb('1 TB')).toBe(1024 * 1024);
    expect(parseSizeMb('Unlimited')).toBeNull();
    expect(parseSizeMb('')).toBeNull();
  });

  it('formats sizes without trailing zeros', () => {
    expect(formatSizeMb(500)).toBe('500MB');
    expect(formatSizeMb(1024)).toBe('1GB');
    expect(formatSizeMb(1536)).toBe('1.5GB');
    expect(formatSizeMb(20 * 1024)).toBe('20GB');
    expect(formatSize('1.0GB')).toBe('1GB');
    expect(formatSize('Night plan')).toBe('Night plan');
  });
});

describe('validity text', () => {
  it.each([
    ['30 days', '30 days'],
    ['30 Days', '30 days'],
    ['1 day', '1 day'],
    ['Monthly', '1 month'],
    ['monthly', '1 month'],
    ['2 Months', '2 months'],
    ['1 Month', '1 month'],
    ['1 Week', '7 days'],
    ['Weekly', '7 days'],
    ['2 weeks', '14 days'],
    ['Daily', '1 day'],
    ['7days', '7 days'],
    ['24 hrs', '1 day'],
    ['90 days', '90 days'],
    ['12 months', '12 months'],
    ['1 year', '12 months'],
    ['MTN 1GB - 30 days', '30 days'],
    ['N1000 1.5GB 30-day', '30 days'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseValidity(input)).toBe(expected);
  });

  it('refuses counts out of range and text without a validity', () => {
    expect(normaliseValidity('91 days')).toBeNull();
    expect(normaliseValidity('13 months')).toBeNull();
    expect(normaliseValidity('0 days')).toBeNull();
    expect(normaliseValidity('3 hrs')).toBeNull();
    expect(normaliseValidity('')).toBeNull();
    expect(normaliseValidity('1GB')).toBeNull();
  });
});
