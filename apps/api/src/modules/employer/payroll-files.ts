import type { PayrollExport, PayrollRow, PayrollSettings, PayrollTotals } from '@leasing/contract';

import { csvText } from '../../lib/csv-cell.js';
import { PAUSE_CSV_COLUMNS, pauseCells, pauseComment } from '../lease-life/index.js';

/**
 * The payroll export as files: a CSV that Excel opens as it is (semicolons, decimal comma, UTF-8
 * with BOM, CRLF; formula cells neutralised by lib/csv-cell.ts) and a DATEV LODAS ASCII import file.
 * Pure functions of the export, also line by line for the streamed files (payroll-stream.ts).
 */

/** Defaults until an employer saves its own (docs/decisions/0014-payroll-export.md). */
export const DEFAULT_PAYROLL_SETTINGS: PayrollSettings = {
  datevConsultantNumber: '1001',
  datevClientNumber: '1',
  wageTypeConversion: 9100,
  wageTypePrivateUse: 9101,
  wageTypeCommute: 9102,
  wageTypeClaimExcess: 9103,
};

const CHANGE_LABEL = { NEW: 'NEU', CHANGED: 'GEÄNDERT', ENDED: 'BEENDET' } as const;

/** German decimal: 1234.5 → "1234,50" (no thousands separator, so Excel reads a number). */
export function decimalComma(eur: number): string {
  return eur.toFixed(2).replace('.', ',');
}

export const PAYROLL_CSV_COLUMNS = [
  'Personalnummer',
  'Name',
  'Bestellung',
  'Monat',
  'Bruttoumwandlung EUR',
  'Arbeitgeberzuschuss EUR',
  'Geldwerter Vorteil Privatnutzung EUR',
  'Geldwerter Vorteil Arbeitsweg EUR',
  'Regel',
  'Bewertung Arbeitsweg',
  'Ende',
  'Änderung',
  ...PAUSE_CSV_COLUMNS,
  'Schlussabrechnung EUR',
  'Selbstbeteiligung Schaden EUR',
  'Schadennummern',
] as const;

/** The lease-end settlement (ADR 0037): a net amount, positive owed by the employee, negative paid out. */
const settlementCell = (row: { settlementEur?: number | undefined }): string =>
  row.settlementEur === undefined ? '' : decimalComma(row.settlementEur);

export function payrollCsv(data: PayrollExport): string {
  const lines = [payrollCsvHeader(), ...data.rows.map((row) => payrollCsvLine(row, data.month))];
  // The payer and settlement sums of the rows given (as the streamed file sums its run's rows).
  const sum = (pick: (row: PayrollRow) => number | undefined) =>
    data.rows.reduce((total, row) => total + Math.round((pick(row) ?? 0) * 100), 0) / 100;
  const totals = {
    ...data.totals,
    employeePaysEur: sum((r) => r.employeePaysEur),
    employerPaysEur: sum((r) => r.employerPaysEur),
    rateInsurancePaysEur: sum((r) => r.rateInsurancePaysEur),
    settlementEur: sum((r) => r.settlementEur),
    claimExcessEur: sum((r) => r.claimExcessEur),
  };
  lines.push(payrollCsvTotalsLine(data.month, totals));
  return lines.join('');
}

/** The CSV's first line: the BOM that makes Excel read UTF-8, and the column names. */
export function payrollCsvHeader(): string {
  return `\uFEFF${PAYROLL_CSV_COLUMNS.join(';')}\r\n`;
}

/** One row of the CSV, with its CRLF. */
export function payrollCsvLine(row: PayrollRow, month: string): string {
  return `${[
    csvText(row.employeeId),
    csvText(row.name),
    String(row.orderId),
    month,
    decimalComma(row.grossConversionEur),
    decimalComma(row.employerContributionEur),
    decimalComma(row.benefitPrivateUseEur),
    decimalComma(row.benefitCommuteEur),
    csvText(row.benefitRule),
    row.commutingMethod === 'PAUSCHAL_0_03' ? '0,03 % je km' : '0,002 % je km und Fahrt',
    row.endDate ?? '',
    row.change ? CHANGE_LABEL[row.change] : '',
    ...pauseCells(row),
    settlementCell(row),
    row.claimExcessEur === undefined ? '' : decimalComma(row.claimExcessEur),
    csvText((row.claimNumbers ?? []).join(', ')),
  ].join(';')}\r\n`;
}

/** The CSV's totals line. */
export function payrollCsvTotalsLine(month: string, t: PayrollTotals): string {
  return `${[
    'Summe',
    `${t.leases} Leasingverträge`,
    '',
    month,
    decimalComma(t.grossConversionEur),
    decimalComma(t.employerContributionEur),
    decimalComma(t.benefitPrivateUseEur),
    decimalComma(t.benefitCommuteEur),
    ...Array<string>(PAYROLL_CSV_COLUMNS.indexOf('Zahlt Mitarbeiter EUR') - 8).fill(''),
    decimalComma(t.employeePaysEur),
    decimalComma(t.employerPaysEur),
    decimalComma(t.rateInsurancePaysEur),
    decimalComma(t.settlementEur),
    decimalComma(t.claimExcessEur),
    '',
  ].join(';')}\r\n`;
}

/**
 * DATEV LODAS ASCII import ("ASCII-Import" of movement data, record u_lod_bwd_buchung_standard): one
 * line per person and wage type with the amount for the accounting month. The conversion is a
 * deduction from the gross (positive amount on its own wage type, which the payroll office sets up
 * as a gross deduction), the benefits are taxable non-cash pay. Lines with 0.00 are left out.
 * Personnel numbers must exist in LODAS: rows without one are skipped and listed as a comment.
 */
export function payrollLodas(data: PayrollExport, settings: PayrollSettings): string {
  const rows = data.rows.map((row) => payrollLodasLines(row, data.month, settings));
  const skipped = data.rows.filter((row) => !hasPersonnelNumber(row)).map((row) => lodasSkippedLine(row.orderId));
  return [payrollLodasHeader(data.month, settings), ...rows, ...skipped].join('');
}

/** The LODAS file's head up to `[Bewegungsdaten]`, each line with its CRLF. */
export function payrollLodasHeader(month: string, settings: PayrollSettings): string {
  const lines = [
    '[Allgemein]',
    'Ziel=LODAS',
    'Version_SST=1.0',
    `BeraterNr=${settings.datevConsultantNumber}`,
    `MandantNr=${settings.datevClientNumber}`,
    'Datumsformat=TT/MM/JJJJ',
    'Feldtrennzeichen=;',
    'Zahlenkomma=,',
    'Stringbegrenzer="',
    'Kommentarzeichen=*',
    '',
    '[Satzbeschreibung]',
    '10;u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;pnr#bwd;la_eigene#bwd;betrag#bwd;',
    '',
    '[Bewegungsdaten]',
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}

/** LODAS knows people by a personnel number of up to five digits. */
export const hasPersonnelNumber = (row: PayrollRow): boolean => !!row.employeeId && /^\d{1,5}$/.test(row.employeeId);

/** The comment listed at the end for a row LODAS cannot take. */
export const lodasSkippedLine = (orderId: number): string =>
  `* Bestellung ${orderId}: keine gültige Personalnummer, nicht übertragen\r\n`;

/** A row's movement lines and comments (nothing for a row without a personnel number), each with its CRLF. */
export function payrollLodasLines(row: PayrollRow, month: string, settings: PayrollSettings): string {
  if (!hasPersonnelNumber(row)) return '';
  const [year, monthOfYear] = month.split('-');
  const period = `01/${monthOfYear}/${year}`;
  const out: string[] = [];
  const lines: [number, number][] = [
    [settings.wageTypeConversion, row.grossConversionEur],
    [settings.wageTypePrivateUse, row.benefitPrivateUseEur],
    [settings.wageTypeCommute, row.benefitCommuteEur],
  ];
  for (const [wageType, amount] of lines) {
    if (amount === 0) continue;
    out.push(`10;${period};${row.employeeId};${wageType};${decimalComma(amount)};`);
  }
  const paused = pauseComment(row);
  if (paused) out.push(paused);
  if (row.settlementEur !== undefined) {
    // A net amount after tax, no gross wage type: the payroll office books it as a net deduction
    // (positive) or net payment (negative) of the return month (ADR 0037).
    out.push(
      `* Bestellung ${row.orderId}, Personalnummer ${row.employeeId}: Schlussabrechnung Leasingende ${decimalComma(row.settlementEur)} EUR netto (${row.settlementEur >= 0 ? 'Nettoabzug' : 'Nettoauszahlung'})`,
    );
  }
  if (row.claimExcessEur !== undefined && row.claimExcessEur !== 0) {
    // A net deduction on a wage type of its own, which the payroll office sets up as a net deduction
    // (ADR 0056); the comment names the claims.
    out.push(`10;${period};${row.employeeId};${settings.wageTypeClaimExcess};${decimalComma(row.claimExcessEur)};`);
    out.push(
      `* Bestellung ${row.orderId}, Personalnummer ${row.employeeId}: Selbstbeteiligung Schaden ${(row.claimNumbers ?? []).join(', ')} ${decimalComma(row.claimExcessEur)} EUR netto (Nettoabzug)`,
    );
  }
  return out.map((line) => `${line}\r\n`).join('');
}
