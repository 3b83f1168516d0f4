/**
 * What the Ogdams simulator sells: Airtel direct data plans (Ogdams network id 2), late-2026
 * prices in naira. planId is Ogdams's own text id, sent back verbatim in vend/data.
 */
export interface OgdamsCataloguePlan {
  planId: string;
  networkId: number;
  name: string;
  validity: string;
  /** Naira as the wire has it. */
  amount: number;
}

type Row = [planId: string, name: string, validity: string, naira: number];

const AIRTEL = 2;

const ROWS: Row[] = [
  ['2001', 'Airtel 150MB', '1 day', 70],
  ['2002', 'Airtel 1GB', '1 day', 490],
  ['2003', 'Airtel 1.5GB', '2 days', 590],
  ['2004', 'Airtel 3GB', '7 days', 1470],
  ['2005', 'Airtel 6GB', '7 days', 2450],
  ['2006', 'Airtel 2GB', '30 days', 1470],
  ['2007', 'Airtel 3GB', '30 days', 1960],
  ['2008', 'Airtel 4GB', '30 days', 2450],
  ['2009', 'Airtel 8GB', '30 days', 2940],
  ['2010', 'Airtel 10GB', '30 days', 3920],
  ['2011', 'Airtel 13GB', '30 days', 4900],
  ['2012', 'Airtel 18GB', '30 days', 5880],
  ['2013', 'Airtel 25GB', '30 days', 7840],
  ['2014', 'Airtel 35GB', '30 days', 9800],
  ['2015', 'Airtel 60GB', '30 days', 14700],
  ['2016', 'Airtel 100GB', '2 Months', 19600],
];

export const OGDAMS_PLANS: readonly OgdamsCataloguePlan[] = ROWS.map(
  ([planId, name, validity, amount]) => ({ planId, networkId: AIRTEL, name, validity, amount }),
);
