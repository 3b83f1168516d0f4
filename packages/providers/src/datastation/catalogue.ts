/**
 * What the DataStation simulator sells, at late-2026 Nigerian reseller prices (naira, written as
 * DataStation writes them). dataplan_id is the id a purchase names (the spec's data_id); the MTN
 * AWOOF and GIFTING ids are the ones the product groups by (spec §9).
 */
import { CABLES, DISCOS, type CableName } from '@owo/shared/billers';
import { NETWORK_IDS, type NetworkName } from '@owo/shared/networks';

export interface DataStationCataloguePlan {
  dataplanId: number;
  network: NetworkName;
  planType: string;
  size: string;
  validity: string;
  /** Naira as the wire has it: "260.0". */
  amount: string;
}

export interface DataStationCatalogueCablePlan {
  cableplanId: number;
  cable: CableName;
  package: string;
  amount: string;
}

type Row = [id: number, size: string, validity: string, naira: number];

function group(network: NetworkName, planType: string, rows: Row[]): DataStationCataloguePlan[] {
  return rows.map(([dataplanId, size, validity, naira]) => ({
    dataplanId,
    network,
    planType,
    size,
    validity,
    amount: `${naira}.0`,
  }));
}

export const DATASTATION_DATA_PLANS: readonly DataStationCataloguePlan[] = [
  ...group('MTN', 'SME', [
    [6, '500.0MB', '30 days', 400],
    [7, '1.0GB', '30 days', 620],
    [8, '2.0GB', '30 days', 1240],
    [44, '3.0GB', '30 days', 1860],
    [11, '5.0GB', '30 days', 3100],
    [212, '10.0GB', '30 days', 6200],
  ]),
  ...group('MTN', 'SME2', [
    [401, '500.0MB', 'Monthly', 430],
    [402, '1.0GB', 'Monthly', 650],
    [403, '2.0GB', 'Monthly', 1300],
    [404, '3.0GB', 'Monthly', 1950],
    [405, '5.0GB', 'Monthly', 3250],
    [406, '10.0GB', 'Monthly', 6500],
  ]),
  ...group('MTN', 'CORPORATE GIFTING', [
    [208, '500.0MB', '30 days', 450],
    [209, '1.0GB', '30 days', 680],
    [210, '2.0GB', '30 days', 1360],
    [211, '3.0GB', '30 days', 2040],
    [213, '5.0GB', '30 days', 3400],
  ]),
  ...group('MTN', 'AWOOF', [
    [216, '1.0GB', '1 day', 250],
    [217, '3.2GB', '2 days', 980],
    [362, '1.5GB', 'Daily', 400],
    [363, '11.0GB', '7 days', 3400],
  ]),
  ...group('MTN', 'GIFTING', [
    [309, '500.0MB', '7 days', 500],
    [317, '1.0GB', '1 day', 500],
    [340, '1.5GB', '2 days', 600],
    [341, '2.0GB', '30 days', 1500],
    [342, '2.7GB', '30 days', 2000],
    [345, '3.5GB', '30 days', 2500],
    [346, '7.0GB', '30 days', 3500],
    [348, '10.0GB', 'Monthly', 4500],
    [351, '12.5GB', '30 days', 5500],
    [353, '20.0GB', '30 days', 7500],
    [364, '6.0GB', 'Weekly', 2500],
    [369, '36.0GB', '30 days', 11000],
  ]),
  ...group('MTN', 'DATA COUPONS', [
    [501, '1.0GB', '30 days', 560],
    [502, '2.0GB', '30 days', 1120],
    [503, '5.0GB', '30 days', 2800],
  ]),
  ...group('GLO', 'CORPORATE GIFTING', [
    [225, '200.0MB', '14 days', 95],
    [226, '500.0MB', '30 days', 230],
    [227, '1.0GB', '30 days', 440],
    [228, '2.0GB', '30 days', 880],
    [229, '3.0GB', '30 days', 1320],
    [230, '5.0GB', '30 days', 2200],
    [231, '10.0GB', '30 days', 4400],
  ]),
  ...group('GLO', 'AWOOF', [
    [370, '750.0MB', '1 day', 200],
    [371, '1.5GB', 'Daily', 300],
    [372, '2.5GB', '2 days', 500],
    [373, '10.0GB', '7 days', 2000],
  ]),
  ...group('GLO', 'GIFTING', [
    [240, '2.6GB', '30 days', 980],
    [241, '5.0GB', '30 days', 1470],
    [242, '6.2GB', 'Monthly', 1960],
    [243, '11.0GB', '30 days', 2940],
    [244, '50.0GB', '2 Months', 9800],
  ]),
  ...group('GLO', 'DATA COUPONS', [[504, '1.0GB', '30 days', 400]]),
  ...group('AIRTEL', 'CORPORATE GIFTING', [
    [250, '300.0MB', '7 days', 320],
    [251, '500.0MB', '30 days', 510],
    [252, '1.0GB', '30 days', 990],
    [253, '2.0GB', '30 days', 1980],
    [254, '5.0GB', '30 days', 4950],
    [255, '10.0GB', '30 days', 9900],
  ]),
  ...group('AIRTEL', 'AWOOF', [
    [380, '150.0MB', '1 day', 60],
    [381, '1.0GB', 'Daily', 330],
    [382, '2.0GB', '2 days', 620],
    [383, '3.0GB', '2 days', 950],
    [384, '7.0GB', 'Weekly', 2050],
    [385, '10.0GB', '30 days', 3100],
  ]),
  ...group('AIRTEL', 'GIFTING', [
    [260, '2.0GB', '30 days', 1470],
    [261, '4.0GB', '30 days', 2450],
    [262, '10.0GB', '30 days', 3920],
    [263, '18.0GB', 'Monthly', 5880],
  ]),
  ...group('9MOBILE', 'SME', [
    [270, '500.0MB', '30 days', 190],
    [271, '1.0GB', '30 days', 370],
    [272, '2.0GB', '30 days', 740],
    [273, '5.0GB', '30 days', 1850],
  ]),
  ...group('9MOBILE', 'CORPORATE GIFTING', [
    [275, '1.0GB', '30 days', 400],
    [276, '3.0GB', '30 days', 1200],
  ]),
  ...group('9MOBILE', 'GIFTING', [
    [280, '1.5GB', '30 days', 980],
    [281, '4.5GB', '30 days', 1960],
    [282, '11.0GB', '30 days', 3920],
    [283, '40.0GB', '2 Months', 9800],
  ]),
];

type CableRow = [id: number, pkg: string, naira: number];

function cable(name: CableName, rows: CableRow[]): DataStationCatalogueCablePlan[] {
  return rows.map(([cableplanId, pkg, naira]) => ({
    cableplanId,
    cable: name,
    package: pkg,
    amount: `${naira}.0`,
  }));
}

export const DATASTATION_CABLE_PLANS: readonly DataStationCatalogueCablePlan[] = [
  ...cable('GOTV', [
    [34, 'GOtv Smallie - monthly', 1900],
    [35, 'GOtv Smallie - quarterly', 5100],
    [36, 'GOtv Smallie - yearly', 15000],
    [16, 'GOtv Jinja', 3900],
    [17, 'GOtv Jolli', 5800],
    [2, 'GOtv Max', 8500],
    [47, 'GOtv Supa', 11400],
    [48, 'GOtv Supa Plus', 16800],
  ]),
  ...cable('DSTV', [
    [20, 'DStv Padi', 4400],
    [6, 'DStv Yanga', 6000],
    [19, 'DStv Confam', 11000],
    [7, 'DStv Compact', 19000],
    [8, 'DStv Compact Plus', 30000],
    [9, 'DStv Premium', 44500],
    [24, 'DStv Padi + ExtraView', 10400],
    [29, 'DStv Compact + ExtraView', 25000],
  ]),
  ...cable('STARTIMES', [
    [12, 'Nova - 1 Week', 700],
    [11, 'Nova - 1 Month', 2100],
    [14, 'Basic - 1 Week', 1400],
    [13, 'Basic - 1 Month', 4000],
    [15, 'Smart - 1 Month', 5100],
    [37, 'Classic - 1 Month', 6000],
    [38, 'Super - 1 Month', 9800],
  ]),
];

export const DATASTATION_NETWORKS = (Object.entries(NETWORK_IDS) as [NetworkName, number][])
  .map(([name, id]) => ({ id, name }))
  .sort((a, b) => a.id - b.id);

export const DATASTATION_CABLES = CABLES;
export const DATASTATION_DISCOS = DISCOS;
