import { cents, type Cents } from '../payslip/money.js';
import { dateKey, type DateKey, type IsoDate } from '../payslip/dates.js';
import { PayslipError } from '../payslip/errors.js';

/** The aktueller Rentenwert (§ 68 SGB VI) for a span of dates; it changes every 1 July. */
export interface RentenwertEntry {
  /** First date (inclusive). */
  readonly validFrom: IsoDate;
  /** Last date (inclusive). */
  readonly validTo: IsoDate;
  /** Monthly pension per Entgeltpunkt. */
  readonly rentenwert: Cents;
  /** Whether the value is the last one known and only carried forward past its own period. */
  readonly carriedForward: boolean;
}

/** Registry of the aktueller Rentenwert, sorted, gap-free (tested). */
export const RENTENWERT_TABLE: readonly RentenwertEntry[] = [
  // Rentenwertbestimmungsverordnung 2024: 39.32 EUR from 1 July 2024 (uniform west/east).
  { validFrom: '2024-07-01', validTo: '2025-06-30', rentenwert: cents(3_932), carriedForward: false },
  // Rentenwertbestimmungsverordnung 2025: 40.79 EUR from 1 July 2025 (+3.74 %, gegen-hartz.de).
  { validFrom: '2025-07-01', validTo: '2026-06-30', rentenwert: cents(4_079), carriedForward: false },
  // The value from 1 July 2026 was not published in the material used; 40.79 is carried forward
  // and the result says so. Replace with the Rentenwertbestimmungsverordnung 2026.
  { validFrom: '2026-07-01', validTo: '2026-12-31', rentenwert: cents(4_079), carriedForward: true },
];

const KEYS = RENTENWERT_TABLE.map((e) => ({ entry: e, from: dateKey(e.validFrom), to: dateKey(e.validTo) }));

/** The Rentenwert entry for a date. */
export function rentenwertFor(key: DateKey): RentenwertEntry {
  for (const k of KEYS) if (k.from <= key && key <= k.to) return k.entry;
  throw new PayslipError('NO_PARAMETERS_FOR_DATE', 'Für dieses Datum ist kein aktueller Rentenwert hinterlegt.');
}
