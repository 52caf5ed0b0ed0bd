import { cents, type Cents } from '../payslip/money.js';
import { dateKey, type DateKey, type IsoDate } from '../payslip/dates.js';

/** Drive type of the company car. PHEV means an externally chargeable hybrid that meets the
 *  CO2 (<= 50 g/km) or electric-range condition of its acquisition year. */
export type DriveType = 'BEV' | 'PHEV' | 'ICE';

/** Which share of the gross list price is the base of the 1 % rule. */
export interface ListPriceShare {
  readonly numerator: number;
  readonly denominator: number;
}

/**
 * One row of the company-car rule table. A row applies when the drive type matches, the car's
 * acquisition date lies in [acquiredFrom, acquiredTo] and, if set, the gross list price is at most
 * `listPriceMax`. The first matching row wins, so a capped row precedes its fallback.
 */
export interface CompanyCarRule {
  readonly driveType: DriveType;
  readonly acquiredFrom: IsoDate;
  readonly acquiredTo: IsoDate;
  /** Highest gross list price (unrounded, incl. VAT and options) for this row, or null. */
  readonly listPriceMax: Cents | null;
  /** Share of the list price that forms the base (1/4, 1/2 or 1/1). */
  readonly share: ListPriceShare;
  /** Short label for results: "0,25 %", "0,5 %", "1 %" (of the full list price). */
  readonly label: '0,25 %' | '0,5 %' | '1 %';
  /** Legal source of the row. */
  readonly source: string;
}

const QUARTER: ListPriceShare = { numerator: 1, denominator: 4 };
const HALF: ListPriceShare = { numerator: 1, denominator: 2 };
const FULL: ListPriceShare = { numerator: 1, denominator: 1 };
const END_OF_TIME = '9999-12-31';

const EV_LAW = '§ 6 Abs. 1 Nr. 4 Satz 2 Nr. 3 EStG i. V. m. § 8 Abs. 2 Satz 2, 3 EStG';
const HALF_LAW = '§ 6 Abs. 1 Nr. 4 Satz 2 Nr. 4/5 EStG (Hälfte des Listenpreises)';

/**
 * The rule table. Sources: BMF-Schreiben vom 5.11.2021 (IV C 6 - S 2177/19/10004 :008), which
 * replaced those of 5.6.2014 and 24.1.2018; Zweites Corona-Steuerhilfegesetz (60,000 EUR);
 * Wachstumschancengesetz vom 27.3.2024 (70,000 EUR for acquisitions after 31.12.2023, § 52
 * Abs. 12 Satz 5 EStG); Gesetz für ein steuerliches Investitionssofortprogramm vom 14.7.2025
 * (100,000 EUR for acquisitions after 30.6.2025; zfbkk/mbo-verlag, ikk-classic, steuerschroeder.de).
 * The privileges apply to cars acquired before 1.1.2031, for their whole period of use. Cars
 * acquired before 2019 (battery deduction of the old law) are not supported and find no row.
 */
export const COMPANY_CAR_RULES: readonly CompanyCarRule[] = [
  rule('BEV', '2019-01-01', '2023-12-31', cents(6_000_000), QUARTER, '0,25 %', `${EV_LAW}, Höchstbetrag 60.000 EUR`),
  rule('BEV', '2019-01-01', '2023-12-31', null, HALF, '0,5 %', `${HALF_LAW}, Listenpreis über 60.000 EUR`),
  rule(
    'BEV',
    '2024-01-01',
    '2025-06-30',
    cents(7_000_000),
    QUARTER,
    '0,25 %',
    `${EV_LAW}, Höchstbetrag 70.000 EUR (Wachstumschancengesetz)`,
  ),
  rule('BEV', '2024-01-01', '2025-06-30', null, HALF, '0,5 %', `${HALF_LAW}, Listenpreis über 70.000 EUR`),
  rule(
    'BEV',
    '2025-07-01',
    '2030-12-31',
    cents(10_000_000),
    QUARTER,
    '0,25 %',
    `${EV_LAW}, Höchstbetrag 100.000 EUR (Investitionssofortprogramm)`,
  ),
  rule('BEV', '2025-07-01', '2030-12-31', null, HALF, '0,5 %', `${HALF_LAW}, Listenpreis über 100.000 EUR`),
  rule(
    'BEV',
    '2031-01-01',
    END_OF_TIME,
    null,
    FULL,
    '1 %',
    '§ 6 Abs. 1 Nr. 4 Satz 2 EStG (Begünstigung endet für Anschaffungen ab 2031)',
  ),
  rule(
    'PHEV',
    '2019-01-01',
    '2030-12-31',
    null,
    HALF,
    '0,5 %',
    `${HALF_LAW} (CO2 <= 50 g/km oder Mindestreichweite des Anschaffungsjahres)`,
  ),
  rule(
    'PHEV',
    '2031-01-01',
    END_OF_TIME,
    null,
    FULL,
    '1 %',
    '§ 6 Abs. 1 Nr. 4 Satz 2 EStG (Begünstigung endet für Anschaffungen ab 2031)',
  ),
  rule('ICE', '0001-01-01', END_OF_TIME, null, FULL, '1 %', '§ 6 Abs. 1 Nr. 4 Satz 2 EStG, § 8 Abs. 2 Satz 2 EStG'),
];

function rule(
  driveType: DriveType,
  acquiredFrom: IsoDate,
  acquiredTo: IsoDate,
  listPriceMax: Cents | null,
  share: ListPriceShare,
  label: CompanyCarRule['label'],
  source: string,
): CompanyCarRule {
  return { driveType, acquiredFrom, acquiredTo, listPriceMax, share, label, source };
}

interface IndexedRule {
  readonly rule: CompanyCarRule;
  readonly from: DateKey;
  readonly to: DateKey;
}

const INDEXED: readonly IndexedRule[] = COMPANY_CAR_RULES.map((r) => ({
  rule: r,
  from: dateKey(r.acquiredFrom),
  to: dateKey(r.acquiredTo),
}));

/**
 * The rule for a car, or null if none applies. The threshold is tested on the unrounded list
 * price: the law caps "den Bruttolistenpreis", and the rounding to full 100 EUR belongs to the
 * valuation (R 8.1 Abs. 9 Nr. 1 Satz 6 LStR), so 70,060.02 EUR is above 70,000 EUR.
 */
export function findCompanyCarRule(driveType: DriveType, acquired: DateKey, listPrice: Cents): CompanyCarRule | null {
  for (const r of INDEXED) {
    if (r.rule.driveType !== driveType || acquired < r.from || acquired > r.to) continue;
    if (r.rule.listPriceMax === null || listPrice <= r.rule.listPriceMax) return r.rule;
  }
  return null;
}
