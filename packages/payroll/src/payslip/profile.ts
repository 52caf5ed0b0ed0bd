import { cents, eurToCents, parseScaled, type Cents } from './money.js';
import { parseIsoDate, type CalendarDate } from './dates.js';
import { PayslipError } from './errors.js';
import type { FederalStateCode, SalaryConversionInput, SalaryProfileInput, Steuerklasse } from './types.js';

/** Per-state facts (spec "Federal state"): church tax rate, Saxony PV split, chamber. */
export interface FederalStateFacts {
  /** Kirchensteuer rate in ppm of the PAP's `BK`: 8 % in BW and BY, 9 % elsewhere. */
  readonly kirchensteuerPpm: number;
  /** Saxony's PV split (§ 58 Abs. 3 SGB XI). */
  readonly pvSachsen: boolean;
  /** Chamber contribution state. */
  readonly arbeitskammer: 'HB' | 'SL' | null;
}

const NINE = 90_000;
const EIGHT = 80_000;

/**
 * The state table. Church tax: Kirchensteuergesetze der Länder, 8 % in Baden-Württemberg and
 * Bayern, 9 % elsewhere (kirchensteuerinfo.de). Chambers: only Bremen and Saarland.
 */
export const FEDERAL_STATES: Readonly<Record<FederalStateCode, FederalStateFacts>> = {
  BW: { kirchensteuerPpm: EIGHT, pvSachsen: false, arbeitskammer: null },
  BY: { kirchensteuerPpm: EIGHT, pvSachsen: false, arbeitskammer: null },
  BA: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  BN: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  BB: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  HB: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: 'HB' },
  HH: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  HE: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  MV: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  NI: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  NW: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  RP: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  SL: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: 'SL' },
  SN: { kirchensteuerPpm: NINE, pvSachsen: true, arbeitskammer: null },
  ST: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  SH: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
  TH: { kirchensteuerPpm: NINE, pvSachsen: false, arbeitskammer: null },
};

/** Existing conversions folded into three amounts each (cents per month). */
export interface ExistingConversions {
  /** Bike leasing rates (both kinds). */
  readonly bikeLeasing: Cents;
  /** Bike benefits: private use of all bikes plus commuting of S-Pedelecs. */
  readonly bikeBenefitPrivate: Cents;
  readonly bikeBenefitCommute: Cents;
  /** Hardware leasing conversions. */
  readonly hardware: Cents;
  /** Company pension: the profile's `companyPensionPlan` plus COMPANY_PENSION_PLAN items. */
  readonly bav: Cents;
}

/** The validated profile in integer units. */
export interface NormalizedProfile {
  readonly federalState: FederalStateCode;
  readonly state: FederalStateFacts;
  readonly birth: CalendarDate;
  readonly gross: Cents;
  readonly taxClass: Steuerklasse;
  /** Faktor in thousandths (PAP `f` × 1000) if tax class IV with a factor below 1, else null. */
  readonly factorThousandths: number | null;
  /** Annual Freibetrag. */
  readonly taxAllowancePerYear: Cents;
  /** Parent status (children, or any child under 25 given). */
  readonly parent: boolean;
  readonly childrenUnder25: number;
  /** Kinderfreibeträge in halves (1.5 → 3). */
  readonly zkfHalves: number;
  readonly pensionInsurance: boolean;
  readonly unemploymentInsurance: boolean;
  readonly churchTax: boolean;
  readonly akb: boolean;
  readonly statutoryHealth: boolean;
  /** GKV general rate and Zusatzbeitrag in hundredths of a percent (14.6 → 1460). */
  readonly kvRateHundredths: number;
  readonly kvZusatzHundredths: number;
  readonly arbeitgeberzuschuss: boolean;
  readonly beitragPkv: Cents;
  readonly beitragPv: Cents;
  readonly basisbeitrag: Cents;
  /** Full commuting kilometres (fractions dropped). */
  readonly distanceKm: number;
  readonly commutingDays: number;
  /** The per-trip reading of the commute (0.002 % per km and trip) instead of the monthly 0.03 %. */
  readonly singleAssessment: boolean;
  readonly conversions: ExistingConversions;
}

const TAX_CLASSES: readonly Steuerklasse[] = [1, 2, 3, 4, 5, 6];
const STATES = Object.keys(FEDERAL_STATES);

/** Validates the spec's salary profile and converts it into integer units. */
export function normalizeProfile(input: SalaryProfileInput): NormalizedProfile {
  if (typeof input !== 'object' || input === null) throw invalid('Gehaltsprofil fehlt.');
  const federalState = parseState(input.federalState);
  const statutoryHealth = parseHealth(input.healthInsurance);
  const taxClass = parseTaxClass(input.taxClass);
  const childrenUnder25 = parseIntInRange(input.childrenUnder25, 0, 6, 'childrenUnder25');
  return {
    federalState,
    state: FEDERAL_STATES[federalState],
    birth: parseIsoDate(input.dateOfBirth, 'dateOfBirth'),
    gross: eurInRange(input.grossMonthlySalaryEur, 1, 200_000, 'grossMonthlySalaryEur'),
    taxClass,
    factorThousandths: taxClass === 4 ? parseFactor(input.spouseFactor) : null,
    taxAllowancePerYear: eurInRange(input.taxAllowance, 0, 200_000, 'taxAllowance'),
    parent: bool(input.children, 'children') || childrenUnder25 > 0,
    childrenUnder25,
    zkfHalves: parseZkf(input.childrenAllowances),
    pensionInsurance: bool(input.pensionInsurance, 'pensionInsurance'),
    unemploymentInsurance: bool(input.unemploymentInsurance, 'unemploymentInsurance'),
    churchTax: bool(input.churchTax, 'churchTax'),
    akb: input.akb === true,
    statutoryHealth,
    kvRateHundredths: statutoryHealth ? percent(input.basicRateHealthInsurance, 25, 'basicRateHealthInsurance') : 0,
    kvZusatzHundredths: statutoryHealth
      ? percent(input.additionalAmountHealthInsurance, 4.5, 'additionalAmountHealthInsurance')
      : 0,
    arbeitgeberzuschuss: !statutoryHealth && input.arbeitgeberzuschuss === true,
    beitragPkv: statutoryHealth ? cents(0) : optionalEur(input.beitragPkv, 'beitragPkv'),
    beitragPv: statutoryHealth ? cents(0) : optionalEur(input.beitragPv, 'beitragPv'),
    basisbeitrag: statutoryHealth
      ? cents(0)
      : optionalEur(input.basisbeitragSteuerrelevant, 'basisbeitragSteuerrelevant'),
    distanceKm: parseKm(input.arrivalKilometers),
    commutingDays: parseIntInRange(input.arrivalNumber, 0, 31, 'arrivalNumber'),
    singleAssessment: input.commuteSingleAssessment === true,
    conversions: foldConversions(
      input.salaryConversions ?? [],
      optionalEur(input.companyPensionPlan, 'companyPensionPlan'),
    ),
  };
}

function foldConversions(items: readonly SalaryConversionInput[], companyPensionPlan: Cents): ExistingConversions {
  if (!Array.isArray(items)) throw invalid('salaryConversions: Liste erwartet.');
  let bikeLeasing = 0;
  let bikeBenefitPrivate = 0;
  let bikeBenefitCommute = 0;
  let hardware = 0;
  let bav: number = companyPensionPlan;
  items.forEach((item, i) => {
    const field = `salaryConversions[${i}]`;
    switch (item?.conversationType) {
      case 'BIKE_LEASING_UNDER_25':
      case 'BIKE_LEASING_OVER_25':
        bikeLeasing += requiredEur(item.leasingRate, `${field}.leasingRate`);
        bikeBenefitPrivate += requiredEur(item.monetaryBenefitPrivateUse, `${field}.monetaryBenefitPrivateUse`);
        // A Pedelec up to 25 km/h is a bike (no commuting value); an S-Pedelec is a motor vehicle.
        if (item.conversationType === 'BIKE_LEASING_OVER_25') {
          bikeBenefitCommute += requiredEur(item.monetaryBenefitCommuteToWork, `${field}.monetaryBenefitCommuteToWork`);
        }
        return;
      case 'HARDWARE_LEASING':
        hardware += requiredEur(item.salaryConversionAmount, `${field}.salaryConversionAmount`);
        return;
      case 'COMPANY_PENSION_PLAN':
        bav += requiredEur(item.salaryConversionAmount, `${field}.salaryConversionAmount`);
        return;
      default:
        throw invalid(`${field}.conversationType: Typ ist erforderlich.`);
    }
  });
  return {
    bikeLeasing: cents(bikeLeasing),
    bikeBenefitPrivate: cents(bikeBenefitPrivate),
    bikeBenefitCommute: cents(bikeBenefitCommute),
    hardware: cents(hardware),
    bav: cents(bav),
  };
}

function invalid(message: string): PayslipError {
  return new PayslipError('INVALID_INPUT', message);
}

function parseState(value: unknown): FederalStateCode {
  if (typeof value !== 'string' || !STATES.includes(value)) throw invalid('federalState: unbekanntes Bundesland.');
  return value as FederalStateCode;
}

function parseHealth(value: unknown): boolean {
  if (value === 'STATUTORY') return true;
  if (value === 'PRIVATE') return false;
  throw invalid('healthInsurance: STATUTORY oder PRIVATE erwartet.');
}

function parseTaxClass(value: unknown): Steuerklasse {
  const found = TAX_CLASSES.find((c) => c === value);
  if (found === undefined) throw invalid('taxClass: Steuerklasse 1 bis 6 erwartet.');
  return found;
}

function bool(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw invalid(`${field}: ja/nein (boolean) erwartet.`);
  return value;
}

function parseIntInRange(value: unknown, min: number, max: number, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${field}: ganze Zahl von ${min} bis ${max} erwartet.`);
  }
  return value;
}

function eurInRange(value: unknown, minEur: number, maxEur: number, field: string): Cents {
  if (value === undefined || value === null || value === '') throw invalid(`${field}: Pflichtfeld.`);
  const amount = eurToCents(value, field);
  if (amount < minEur * 100) throw invalid(`${field}: Mindestwert ${minEur}.`);
  if (amount > maxEur * 100) throw invalid(`${field}: Höchstwert ${maxEur}.`);
  return amount;
}

function requiredEur(value: unknown, field: string): Cents {
  return eurInRange(value, 0, 200_000, field);
}

function optionalEur(value: unknown, field: string): Cents {
  return value === undefined || value === null || value === '' ? cents(0) : requiredEur(value, field);
}

function percent(value: unknown, max: number, field: string): number {
  if (value === undefined || value === null || value === '') throw invalid(`${field}: Pflichtfeld.`);
  const hundredths = parseScaled(value, 2, field);
  if (hundredths < 0 || hundredths > max * 100) throw invalid(`${field}: Wert von 0 bis ${max} erwartet.`);
  return hundredths;
}

function parseFactor(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const thousandths = parseScaled(value, 3, 'spouseFactor');
  if (thousandths < 0 || thousandths > 1000) throw invalid('spouseFactor: Wert von 0 bis 1 erwartet.');
  // 0 means "no factor entered"; 1 is the same as no factor (PAP default f = 1.0).
  return thousandths === 0 || thousandths === 1000 ? null : thousandths;
}

function parseKm(value: unknown): number {
  const thousandths = parseScaled(value, 3, 'arrivalKilometers');
  if (thousandths < 0 || thousandths > 10_000_000) throw invalid('arrivalKilometers: Wert von 0 bis 10000 erwartet.');
  // Only full kilometres count (§ 9 Abs. 1 Satz 3 Nr. 4 EStG "für jeden vollen Kilometer").
  return Math.floor(thousandths / 1000);
}

function parseZkf(value: unknown): number {
  const tenths = parseScaled(value, 1, 'childrenAllowances');
  if (tenths < 0 || tenths > 100 || tenths % 5 !== 0) {
    throw invalid('childrenAllowances: 0 bis 10 in Schritten von 0,5 erwartet.');
  }
  return tenths / 5;
}
