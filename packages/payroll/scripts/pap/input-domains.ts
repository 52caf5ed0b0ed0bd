/**
 * Allowed values of the PAP inputs. The XML only declares Java types; the documented
 * meaning (comments in the XML, BMF interface description) gives the ranges below.
 *
 * They serve two purposes: the runtime rejects inputs outside them (PapInputError), and
 * the generator's range analysis relies on them to prove which intermediate values fit
 * into a JS number exactly. A new PAP input must be added here before generation.
 */

/** Domain of one input: inclusive bounds as decimal strings and the number of decimals. */
export interface InputDomain {
  readonly min: string;
  readonly max: string;
  /** Decimal places the input may have (0 for cents, flags and codes). */
  readonly scale: number;
  /** 'cent' for money amounts (integer cents), 'number' otherwise; used in messages. */
  readonly unit: 'cent' | 'number';
}

/** Upper bound for every money input: 1 billion euro, in cent. */
export const MAX_CENTS = '100000000000';

const money: InputDomain = { min: '0', max: MAX_CENTS, scale: 0, unit: 'cent' };
const flag: InputDomain = { min: '0', max: '1', scale: 0, unit: 'number' };
const year: InputDomain = { min: '0', max: '9999', scale: 0, unit: 'number' };

function codes(max: number): InputDomain {
  return { min: '0', max: String(max), scale: 0, unit: 'number' };
}

/** Domains by input name, valid for every PAP year unless overridden below. */
export const INPUT_DOMAINS: Readonly<Record<string, InputDomain>> = {
  af: flag,
  AJAHR: year,
  ALTER1: flag,
  ALV: flag,
  ENTSCH: money,
  /** Faktor (Steuerklasse IV) with three decimals, 0.001 .. 1.000. */
  f: { min: '0.001', max: '1', scale: 3, unit: 'number' },
  JFREIB: money,
  JHINZU: money,
  JRE4: money,
  JRE4ENT: money,
  JVBEZ: money,
  /** 0 = statutory pension insurance, 1 = not (2 = "not insured" in PAPs up to 2024). */
  KRV: codes(2),
  /** Kassenindividueller Zusatzbeitragssatz in percent, two decimals. */
  KVZ: { min: '0', max: '20', scale: 2, unit: 'number' },
  LZZ: { min: '1', max: '4', scale: 0, unit: 'number' },
  LZZFREIB: money,
  LZZHINZU: money,
  MBV: money,
  PKPV: money,
  PKPVAGZ: money,
  /** 0 = statutory, 1 = private; 2 = private with employer subsidy (PAPs up to 2025). */
  PKV: codes(2),
  /** Number of child-related care insurance reductions (0 .. 4). */
  PVA: codes(4),
  PVS: flag,
  PVZ: flag,
  /** Religion code; 0 = none. */
  R: codes(99),
  RE4: money,
  SONSTB: money,
  SONSTENT: money,
  STERBE: money,
  STKL: { min: '1', max: '6', scale: 0, unit: 'number' },
  VBEZ: money,
  VBEZM: money,
  VBEZS: money,
  VBS: money,
  VJAHR: year,
  VKAPA: money,
  VMT: money,
  /** Number of child allowances, one decimal (0.5 steps in practice). */
  ZKF: { min: '0', max: '50', scale: 1, unit: 'number' },
  ZMVB: codes(12),
};

/** Per-PAP restrictions where the meaning of a code changed. Keyed by the PAP name attribute. */
export const DOMAIN_OVERRIDES: Readonly<Record<string, Readonly<Record<string, InputDomain>>>> = {
  Lohnsteuer2025: { KRV: flag },
  Lohnsteuer2026: { KRV: flag, PKV: flag },
};

/** Returns the domain of an input of the given PAP, or throws with instructions. */
export function inputDomain(papName: string, inputName: string): InputDomain {
  const domain = DOMAIN_OVERRIDES[papName]?.[inputName] ?? INPUT_DOMAINS[inputName];
  if (!domain) {
    throw new Error(
      `No domain declared for PAP input ${inputName} (${papName}). Add it to scripts/pap/input-domains.ts ` +
        'with its allowed range and decimals, then regenerate.',
    );
  }
  return domain;
}
