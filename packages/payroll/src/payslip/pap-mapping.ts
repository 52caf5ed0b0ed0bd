import { monthOfCompletingAge, type CalendarDate } from './dates.js';
import type { NormalizedProfile } from './profile.js';
import type { SocialParameters } from '../social/parameters.js';

/**
 * The inputs of one PAP call in the BMF's names: money in cents, `KVZ`, `ZKF` as decimal strings,
 * `f` as a number; inputs left out take the PAP's defaults. `version` (resolved once from the
 * payment date) selects the PAP.
 */
export interface WageTaxInput {
  readonly version: string;
  readonly [name: string]: number | string;
}

/** A reusable PAP input: `version` and the profile's inputs fixed, `RE4` (and `PKPVAGZ`) set per call. */
export interface PapInputBuffer {
  readonly version: string;
  RE4: number;
  [name: string]: number | string;
}

/** The PAP outputs the payslip reads (integer cents). */
export interface WageTaxResult {
  /** Lohnsteuer for the pay period. */
  readonly LSTLZZ: number | bigint;
  /** Solidaritätszuschlag for the pay period. */
  readonly SOLZLZZ: number | bigint;
  /** Bemessungsgrundlage der Kirchenlohnsteuer (with Kinderfreibeträge). */
  readonly BK: number | bigint;
}

/**
 * Anything with the contract of `calculateLohnsteuer` from the PAP module. It must not keep the
 * input object: the payslip reuses one input object per prepared profile and only changes `RE4`
 * (and, for privately insured employees with the employer subsidy in 2026, `PKPVAGZ`).
 */
export type WageTaxCalculator = (input: WageTaxInput) => WageTaxResult;

/** The person's PV situation as the PAP needs it. */
export interface PapPvFlags {
  /** `PVZ`: the childless surcharge applies. */
  readonly surcharge: boolean;
  /** `PVA`: number of child reductions (0..4). */
  readonly reductions: number;
}

/**
 * Builds every PAP input except `RE4`, once per profile and payment month.
 *
 * LZZ = 2 (month). KRV/ALV = 0 for statutory pension/unemployment insurance, 1 otherwise (2026
 * XML: "0 = ... pflichtversichert ...; 1 = wenn nicht 0"; 2025 has no ALV). PKV: 0 statutory;
 * 2025: 1 private without, 2 private with employer subsidy (the 2025 PAP computes the subsidy
 * itself); 2026: 1 private, the subsidy (KV + PV, per payslip) goes into PKPVAGZ. PKPV = the tax-relevant basic premium
 * (monthly). KVZ = the insurer's full Zusatzbeitrag ("volle Zusatzbeitragssatz"). PVS = 1 in
 * Saxony, PVZ = childless surcharge, PVA = child reductions. R = church member. ZKF =
 * childrenAllowances, f = factor only for tax class IV (the PAP multiplies by f in every class).
 * LZZFREIB = the annual Freibetrag / 12, rounded down to the cent. AJAHR/ALTER1 for the
 * Altersentlastungsbetrag. Versorgungsbezüge, sonstige Bezüge: 0.
 */
export function buildPapInputBase(
  profile: NormalizedProfile,
  p: SocialParameters,
  year: number,
  pv: PapPvFlags,
): Record<string, number | string> {
  const privateHealth = !profile.statutoryHealth;
  const { ajahr, alter1 } = altersentlastung(profile.birth, year);
  const base: Record<string, number | string> = {
    LZZ: 2,
    STKL: profile.taxClass,
    f: profile.factorThousandths === null ? 1 : profile.factorThousandths / 1000,
    af: 1,
    ZKF: zkf(profile.zkfHalves),
    R: profile.churchTax ? 1 : 0,
    KRV: profile.pensionInsurance ? 0 : 1,
    KVZ: privateHealth ? 0 : hundredthsToDecimal(profile.kvZusatzHundredths),
    PKV: privateHealth ? pkvCode(p, profile.arbeitgeberzuschuss) : 0,
    PKPV: privateHealth ? profile.basisbeitrag : 0,
    PVS: profile.state.pvSachsen ? 1 : 0,
    PVZ: pv.surcharge ? 1 : 0,
    PVA: pv.reductions,
    LZZFREIB: Math.floor(profile.taxAllowancePerYear / 12),
    LZZHINZU: 0,
    // AJAHR only matters with ALTER1 = 1; 0 otherwise keeps it inside the PAP's input domain.
    AJAHR: alter1 === 1 ? ajahr : 0,
    ALTER1: alter1,
    JFREIB: 0,
    JHINZU: 0,
    JRE4: 0,
    JRE4ENT: 0,
    JVBEZ: 0,
    MBV: 0,
    SONSTB: 0,
    SONSTENT: 0,
    STERBE: 0,
    VBEZ: 0,
    VBEZM: 0,
    VBEZS: 0,
    VBS: 0,
    VJAHR: 0,
    ZMVB: 0,
  };
  if (p.papDialect === '2026') {
    base.ALV = profile.unemploymentInsurance ? 0 : 1;
    // Set per payslip (compare.ts): the subsidies depend on the wage of each payslip.
    base.PKPVAGZ = 0;
  }
  return base;
}

function pkvCode(p: SocialParameters, subsidy: boolean): number {
  if (p.papDialect === '2025') return subsidy ? 2 : 1;
  return 1;
}

// Whole values go to the PAP as integers (its fast path), fractions as exact decimal strings.
function zkf(halves: number): number | string {
  return halves % 2 === 0 ? halves / 2 : `${(halves - 1) / 2}.5`;
}

function hundredthsToDecimal(hundredths: number): number | string {
  if (hundredths % 100 === 0) return hundredths / 100;
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * § 24a EStG: the relief applies from the calendar year after the one in which the 64th year of
 * life was completed (a year of life ends the day before the birthday). AJAHR is that year;
 * ALTER1 = 1 once the payment year has reached it.
 */
export function altersentlastung(birth: CalendarDate, year: number): { ajahr: number; alter1: number } {
  const completedIn = Math.floor(monthOfCompletingAge(birth, 64) / 12);
  const ajahr = completedIn + 1;
  return { ajahr, alter1: year >= ajahr ? 1 : 0 };
}
