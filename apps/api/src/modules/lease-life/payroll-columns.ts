import { ABSENCE_TYPES, type PayrollRow } from '@leasing/contract';

import { csvText } from '../../lib/csv-cell.js';
import { mailFormat } from '../mail/index.js';

/**
 * The payroll files' columns of life during a lease (employer/payroll-files.ts): the month's state,
 * the absence behind a pause with its days, and who pays the paused part. The same in the CSV and,
 * as a comment line per paused row, in the DATEV LODAS file (which has no columns of its own for it:
 * nothing is converted, and what the employee pays privately is no payroll item).
 */
export const PAUSE_CSV_COLUMNS = [
  'Status',
  'Abwesenheit',
  'Pausierte Tage',
  'Zahlt Mitarbeiter EUR',
  'Zahlt Arbeitgeber EUR',
  'Zahlt Ratenschutz EUR',
] as const;

const STATUS = { ACTIVE: 'AKTIV', PAUSED: 'PAUSIERT', ENDED: 'BEENDET' } as const;
const PAYER = {
  EMPLOYEE_PAYS: 'Mitarbeiter zahlt',
  EMPLOYER_PAYS: 'Arbeitgeber zahlt',
  RATE_INSURANCE: 'Ratenschutz zahlt',
} as const;
const date = mailFormat('de').date;
const comma = (eur: number) => eur.toFixed(2).replace('.', ',');

function absenceText(row: PayrollRow): string {
  const p = row.pause;
  if (!p) return '';
  return `${ABSENCE_TYPES[p.type].payrollName} ${date(p.from)}–${p.to ? date(p.to) : 'offen'} (${PAYER[p.payer]})`;
}

export function pauseCells(row: PayrollRow): string[] {
  return [
    STATUS[row.status],
    row.pause ? csvText(absenceText(row)) : '',
    row.pause ? `${row.pause.pausedDays}/${row.pause.daysInMonth}` : '',
    comma(row.employeePaysEur),
    comma(row.employerPaysEur),
    comma(row.rateInsurancePaysEur),
  ];
}

/** The LODAS comment of a paused row, or null. */
export function pauseComment(row: PayrollRow): string | null {
  if (!row.pause) return null;
  return `* Bestellung ${row.orderId}, Personalnummer ${row.employeeId ?? '-'}: PAUSIERT, ${absenceText(row)}, ${row.pause.pausedDays}/${row.pause.daysInMonth} Tage; privat zu zahlen ${comma(row.employeePaysEur)} EUR`;
}
