/**
 * Mobile networks. The product's network ids are DataStation's (MTN 1, GLO 2, 9MOBILE 3,
 * AIRTEL 4: the spec's "Airtel is network_id 4"); VTpass names them by serviceID and Ogdams by its
 * own ids.
 */
export const NETWORK_NAMES = ['MTN', 'GLO', 'AIRTEL', '9MOBILE'] as const;
export type NetworkName = (typeof NETWORK_NAMES)[number];

/**
 * How a network is written in a sentence ("₦500 for your MTN airtime"): as its brand writes it,
 * not a capitalised code ("Mtn", "9MOBILE").
 */
export const NETWORK_DISPLAY_NAMES: Record<NetworkName, string> = {
  MTN: 'MTN',
  GLO: 'GLO',
  AIRTEL: 'Airtel',
  '9MOBILE': '9mobile',
};

/** The display name of a stored network code in any case ("mtn", "9MOBILE"); others unchanged. */
export function networkDisplayName(code: string): string {
  const upper = code.trim().toUpperCase();
  return (NETWORK_DISPLAY_NAMES as Record<string, string>)[upper] ?? code;
}

export const NETWORK_IDS: Record<NetworkName, number> = { MTN: 1, GLO: 2, '9MOBILE': 3, AIRTEL: 4 };

export const OGDAMS_NETWORK_IDS: Record<NetworkName, number> = {
  MTN: 1,
  AIRTEL: 2,
  GLO: 3,
  '9MOBILE': 4,
};

/** VTpass airtime serviceIDs (§7: mtn, airtel, etisalat, glo). */
export const VTPASS_AIRTIME_SERVICE: Record<NetworkName, string> = {
  MTN: 'mtn',
  GLO: 'glo',
  AIRTEL: 'airtel',
  '9MOBILE': 'etisalat',
};

/** VTpass data serviceIDs (§4); GLO also has glo-sme-data. */
export const VTPASS_DATA_SERVICE: Record<NetworkName, string> = {
  MTN: 'mtn-data',
  GLO: 'glo-data',
  AIRTEL: 'airtel-data',
  '9MOBILE': 'etisalat-data',
};
export const VTPASS_DATA_SERVICES = [
  'mtn-data',
  'glo-data',
  'glo-sme-data',
  'airtel-data',
  'etisalat-data',
] as const;
export const VTPASS_AIRTIME_SERVICES = ['mtn', 'glo', 'airtel', 'etisalat'] as const;
export const VTPASS_TV_SERVICES = ['dstv', 'gotv', 'startimes', 'showmax'] as const;
export const VTPASS_ELECTRICITY_SERVICES = [
  'ikeja-electric',
  'eko-electric',
  'kano-electric',
  'portharcourt-electric',
  'jos-electric',
  'ibadan-electric',
  'kaduna-electric',
  'abuja-electric',
  'enugu-electric',
  'benin-electric',
  'aba-electric',
  'yola-electric',
] as const;

export function networkById(id: number): NetworkName | undefined {
  return NETWORK_NAMES.find((name) => NETWORK_IDS[name] === id);
}

export function networkForVtpassService(serviceID: string): NetworkName | undefined {
  if (serviceID === 'glo-sme-data') return 'GLO';
  return NETWORK_NAMES.find(
    (name) => VTPASS_DATA_SERVICE[name] === serviceID || VTPASS_AIRTIME_SERVICE[name] === serviceID,
  );
}
