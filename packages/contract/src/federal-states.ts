import { z } from 'zod/mini';

/**
 * The federal states of the salary profile (spec 3 "Federal state").
 * - churchTaxRate: § 51a EStG with the state church-tax laws: 8 % in Baden-Württemberg and Bayern, 9 % elsewhere.
 * - akb: Arbeitskammer contribution exists only in Bremen (ArbKG HB) and Saarland (ArbKG SL).
 * - pvs: Saxony keeps the Buß- und Bettag, so employees pay a higher PV share (§ 58 Abs. 3 SGB XI).
 * - isWest: former legal area (relevant to historical contribution ceilings; Berlin is split West/Ost).
 */
export const FederalStateCodes = [
  'BW',
  'BY',
  'BA',
  'BN',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;
export const FederalStateCodeSchema = z.enum(FederalStateCodes);
export type FederalStateCode = z.infer<typeof FederalStateCodeSchema>;

export interface FederalState {
  code: FederalStateCode;
  name: string;
  churchTax: number;
  isWest: boolean;
  pvs: boolean;
  akb: boolean;
}

const state = (code: FederalStateCode, name: string, isWest: boolean): FederalState => ({
  code,
  name,
  churchTax: code === 'BW' || code === 'BY' ? 0.08 : 0.09,
  isWest,
  pvs: code === 'SN',
  akb: code === 'HB' || code === 'SL',
});

export const federalStates: readonly FederalState[] = [
  state('BW', 'Baden-Württemberg', true),
  state('BY', 'Bayern', true),
  state('BA', 'Berlin-West', true),
  state('BN', 'Berlin-Ost', false),
  state('BB', 'Brandenburg', false),
  state('HB', 'Bremen', true),
  state('HH', 'Hamburg', true),
  state('HE', 'Hessen', true),
  state('MV', 'Mecklenburg-Vorpommern', false),
  state('NI', 'Niedersachsen', true),
  state('NW', 'Nordrhein-Westfalen', true),
  state('RP', 'Rheinland-Pfalz', true),
  state('SL', 'Saarland', true),
  state('SN', 'Sachsen', false),
  state('ST', 'Sachsen-Anhalt', false),
  state('SH', 'Schleswig-Holstein', true),
  state('TH', 'Thüringen', false),
];

export function federalStateByCode(code: FederalStateCode): FederalState {
  const found = federalStates.find((s) => s.code === code);
  if (!found) throw new Error(`Unknown federal state ${code}`);
  return found;
}
