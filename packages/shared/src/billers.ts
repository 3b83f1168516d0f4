/**
 * Electricity discos and cable providers with the ids both purchase families use: DataStation's
 * numeric ids (in-house route) and VTpass serviceIDs (provider route).
 */
export interface Disco {
  discoId: number;
  name: string;
  serviceID: string;
}

export const DISCOS: readonly Disco[] = [
  { discoId: 1, name: 'Ikeja Electric', serviceID: 'ikeja-electric' },
  { discoId: 2, name: 'Eko Electric', serviceID: 'eko-electric' },
  { discoId: 3, name: 'Abuja Electric', serviceID: 'abuja-electric' },
  { discoId: 4, name: 'Kano Electric', serviceID: 'kano-electric' },
  { discoId: 5, name: 'Enugu Electric', serviceID: 'enugu-electric' },
  { discoId: 6, name: 'Port Harcourt Electric', serviceID: 'portharcourt-electric' },
  { discoId: 7, name: 'Ibadan Electric', serviceID: 'ibadan-electric' },
  { discoId: 8, name: 'Kaduna Electric', serviceID: 'kaduna-electric' },
  { discoId: 9, name: 'Jos Electric', serviceID: 'jos-electric' },
  { discoId: 10, name: 'Benin Electric', serviceID: 'benin-electric' },
  { discoId: 11, name: 'Yola Electric', serviceID: 'yola-electric' },
  { discoId: 12, name: 'Aba Electric', serviceID: 'aba-electric' },
];

export const CABLE_NAMES = ['GOTV', 'DSTV', 'STARTIMES'] as const;
export type CableName = (typeof CABLE_NAMES)[number];

/** DataStation cable ids, and the VTpass serviceID of the same bouquet family. */
export const CABLES: readonly { cablename: CableName; cableId: number; serviceID: string }[] = [
  { cablename: 'GOTV', cableId: 1, serviceID: 'gotv' },
  { cablename: 'DSTV', cableId: 2, serviceID: 'dstv' },
  { cablename: 'STARTIMES', cableId: 3, serviceID: 'startimes' },
];

export function discoById(id: number): Disco | undefined {
  return DISCOS.find((d) => d.discoId === id);
}

export function discoByServiceId(serviceID: string): Disco | undefined {
  return DISCOS.find((d) => d.serviceID === serviceID);
}

/** DataStation writes StarTimes as "STARTIME" (its plans' `cable` and its cable list). */
const CABLE_ALIASES: Readonly<Record<string, CableName>> = { STARTIME: 'STARTIMES' };

export function cableByName(name: string) {
  const upper = name.trim().toUpperCase();
  const canonical = CABLE_ALIASES[upper] ?? upper;
  return CABLES.find((c) => c.cablename === canonical || String(c.cableId) === canonical);
}
