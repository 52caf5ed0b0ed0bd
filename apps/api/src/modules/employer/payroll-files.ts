import type { PayrollExport, PayrollSettings } from '@leasing/contract';

import { csvText } from '../../lib/csv-cell.js';
import { PAUSE_CSV_COLUMNS, pauseCells, pauseComment, pauseTotals } from '../lease-life/payroll-columns.js';

/**
 * The payroll export as files: a CSV that Excel opens as it is (semicolons, decimal comma, UTF-8
 * with BOM, CRLF; formula cells neutralised by lib/csv-cell.ts) and a DATEV LODAS ASCII import file.
 * Pure functions of the export.
 */

/** Defaults until an employer saves its own (docs/decisions/0014-payroll-export.md). */
export const DEFAULT_PAYROLL_SETTINGS: PayrollSettings = {
  datevConsultantNumber: '1001',
  datevClientNumber: '1',
  wageTypeConversion: 9100,
  wageTypePrivateUse: 9101,
  wageTypeCommute: 9102,
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
] as const;

/** The lease-end settlement (ADR 0037): a net amount, positive owed by the employee, negative paid out. */
const settlementCell = (row: { settlementEur?: number | undefined }): string =>
  row.settlementEur === undefined ? '' : decimalComma(row.settlementEur);

export function payrollCsv(data: PayrollExport): string {
  const lines: string[] = [PAYROLL_CSV_COLUMNS.join(';')];
  for (const row of data.rows) {
    lines.push(
      [
        csvText(row.employeeId),
        csvText(row.name),
        String(row.orderId),
        data.month,
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
      ].join(';'),
    );
  }
  const t = data.totals;
  lines.push(
    [
      'Summe',
      `${t.leases} Leasingverträge`,
      '',
      data.month,
      decimalComma(t.grossConversionEur),
      decimalComma(t.employerContributionEur),
      decimalComma(t.benefitPrivateUseEur),
      decimalComma(t.benefitCommuteEur),
      '',
      '',
      '',
      '',
      ...pauseTotals(data.rows),
      decimalComma(data.rows.reduce((sum, row) => sum + Math.round((row.settlementEur ?? 0) * 100), 0) / 100),
    ].join(';'),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * DATEV LODAS ASCII import ("ASCII-Import" of movement data, record u_lod_bwd_buchung_standard): one
 * line per person and wage type with the amount for the accounting month. The conversion is a
 * deduction from the gross (positive amount on its own wage type, which the payroll office sets up
 * as a gross deduction), the benefits are taxable non-cash pay. Lines with 0.00 are left out.
 * Personnel numbers must exist in LODAS: rows without one are skipped and listed as a comment.
 */
export function payrollLodas(data: PayrollExport, settings: PayrollSettings): string {
  const [year, month] = data.month.split('-');
  const period = `01/${month}/${year}`;
  const out = [
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
  const skipped: string[] = [];
  for (const row of data.rows) {
    if (!row.employeeId || !/^\d{1,5}$/.test(row.employeeId)) {
      skipped.push(`* Bestellung ${row.orderId}: keine gültige Personalnummer, nicht übertragen`);
      continue;
    }
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
  }
  return `${[...out, ...skipped].join('\r\n')}\r\n`;
}
