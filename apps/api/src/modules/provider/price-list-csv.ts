import { DURATION_OPTIONS, KM_PER_YEAR_OPTIONS, TiresSchema, type PriceListError, type Tires } from '@leasing/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

import { neutralizeCell, restoreCell } from '../../lib/csv-cell.js';
import type { CatalogVehicle, PackageFields, VehicleFields } from '../catalog/index.js';

/**
 * The price list as CSV: one row per lease package, the vehicle's figures repeated on each of its
 * rows. UTF-8 with BOM and `;` (what German spreadsheet programs open without asking); decimals with
 * a point on export, a point or a comma on import. The values follow the rules of the demo catalogue
 * (docs/pricing.md): durations 24/36/48, 10,000–30,000 km in steps of 5,000, two tyre options,
 * non-negative prices in cents, kilometre costs with four decimals. Cells that a spreadsheet would
 * run as a formula are written with a leading apostrophe, which the import takes off again
 * (lib/csv-cell.ts, docs/decisions/0029-csv-formula-cells.md).
 */

/** The vehicle's figures and a package's terms: the catalogue's own (it writes them, `applyCatalogueChanges`). */
export type { PackageFields, VehicleFields };

export interface PriceRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  vehicleId: string | null;
  packageId: string | null;
  vehicle: VehicleFields;
  pkg: PackageFields;
}

type Level = 'id' | 'vehicle' | 'package';
type Value = string | number | boolean | null;
type Parsed = { ok: true; value: Value } | { ok: false; message: string };

interface Column {
  name: string;
  /** Other headers accepted for this column on import. */
  aliases?: string[];
  level: Level;
  field: string;
  parse(raw: string): Parsed;
  format(value: Value): string;
}

const ok = (value: Value): Parsed => ({ ok: true, value });
const fail = (message: string): Parsed => ({ ok: false, message });
const REQUIRED = 'Pflichtfeld: darf nicht leer sein';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "1234.5", "1234,5" and "1.234,50" read the same. A single point is a decimal point (the export
 * writes points); points are thousands separators only beside a decimal comma or when repeated.
 */
function decimalOf(raw: string): { value: number; decimals: number } | null {
  let text = raw.trim().replace(/\s/g, '');
  const germanThousands = /^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(text) && (text.includes(',') || /\..*\./.test(text));
  if (germanThousands) text = text.replace(/\./g, '');
  text = text.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return { value: Number(text), decimals: text.split('.')[1]?.length ?? 0 };
}

const uuid = (): Column['parse'] => (raw) => {
  if (raw.trim() === '') return ok(null);
  return UUID.test(raw.trim()) ? ok(raw.trim().toLowerCase()) : fail('Keine gültige ID (UUID); für Neues leer lassen');
};
const text =
  (optional: boolean, max = 100): Column['parse'] =>
  (raw) => {
    const value = raw.trim();
    if (value === '') return optional ? ok(null) : fail(REQUIRED);
    if (value.length > max) return fail(`Höchstens ${max} Zeichen`);
    if (/[\r\n\t]/.test(value)) return fail('Keine Zeilenumbrüche oder Tabulatoren');
    return ok(value);
  };
/** EUR with at most two decimals, stored as integer cents. */
const money =
  (max: number): Column['parse'] =>
  (raw) => {
    if (raw.trim() === '') return fail(REQUIRED);
    const d = decimalOf(raw);
    if (!d || d.value < 0 || d.decimals > 2)
      return fail('Betrag muss eine nicht-negative Zahl mit höchstens 2 Nachkommastellen sein (EUR)');
    if (d.value > max) return fail(`Betrag darf höchstens ${max.toLocaleString('de-DE')} EUR sein`);
    return ok(Math.round(d.value * 100));
  };
const integer =
  (min: number, max: number, optional = false): Column['parse'] =>
  (raw) => {
    if (raw.trim() === '') return optional ? ok(null) : fail(REQUIRED);
    const d = decimalOf(raw);
    if (!d || d.decimals > 0 || d.value < min || d.value > max)
      return fail(`Muss eine ganze Zahl von ${min.toLocaleString('de-DE')} bis ${max.toLocaleString('de-DE')} sein`);
    return ok(d.value);
  };
const decimal =
  (decimals: number, min: number, max: number, optional = false, what = 'Zahl'): Column['parse'] =>
  (raw) => {
    if (raw.trim() === '') return optional ? ok(null) : fail(REQUIRED);
    const d = decimalOf(raw);
    if (!d || d.decimals > decimals || d.value < min || d.value > max)
      return fail(
        `${what} muss zwischen ${min.toLocaleString('de-DE')} und ${max.toLocaleString('de-DE')} liegen, mit höchstens ${decimals} Nachkommastellen`,
      );
    return ok(d.value);
  };
const kmCost: Column['parse'] = (raw) => {
  if (raw.trim() === '') return fail(REQUIRED);
  const d = decimalOf(raw);
  if (!d || d.value < 0 || d.value >= 10_000 || d.decimals > 4)
    return fail('Kilometerkosten müssen eine nicht-negative Zahl mit höchstens 4 Nachkommastellen sein (EUR pro km)');
  return ok(d.value);
};
const bool: Column['parse'] = (raw) => {
  const value = raw.trim().toLowerCase();
  if (['true', 'ja', 'wahr', '1', 'yes', 'x'].includes(value)) return ok(true);
  if (['false', 'nein', 'falsch', '0', 'no'].includes(value)) return ok(false);
  if (value === '') return fail(REQUIRED);
  return fail('Muss true oder false (ja oder nein) sein');
};
const duration: Column['parse'] = (raw) => {
  const d = decimalOf(raw);
  return d && (DURATION_OPTIONS as readonly number[]).includes(d.value)
    ? ok(d.value)
    : fail(`Laufzeit muss ${DURATION_OPTIONS.join(', ')} Monate betragen`);
};
const kmPerYear: Column['parse'] = (raw) => {
  // "15.000" is fifteen thousand kilometres here, never fifteen.
  const d = decimalOf(raw.replace(/\.(?=\d{3}$)/, ''));
  return d && (KM_PER_YEAR_OPTIONS as readonly number[]).includes(d.value)
    ? ok(d.value)
    : fail('Laufleistung muss zwischen 10.000 und 30.000 km pro Jahr liegen, in Schritten von 5.000 km');
};
const tires: Column['parse'] = (raw) => {
  const parsed = TiresSchema.safeParse(raw.trim().toUpperCase());
  return parsed.success ? ok(parsed.data) : fail(`Bereifung muss ${TiresSchema.options.join(' oder ')} sein`);
};

const plain = (value: Value) => (value === null ? '' : String(value));
const cents = (value: Value) => (value === null ? '' : (Number(value) / 100).toFixed(2));
const fixed4 = (value: Value) => (value === null ? '' : Number(value).toFixed(4));

const col = (
  name: string,
  level: Level,
  parseFn: Column['parse'],
  format: Column['format'] = plain,
  extra: { field?: string; aliases?: string[] } = {},
): Column => ({ name, level, field: extra.field ?? name, parse: parseFn, format, aliases: extra.aliases ?? [] });

/** The columns in file order. `field` is the property in {@link VehicleFields} / {@link PackageFields}. */
export const COLUMNS: readonly Column[] = [
  col('vehicleId', 'id', uuid()),
  col('packageId', 'id', uuid(), plain, { aliases: ['id', 'leasePackageId'] }),
  col('brand', 'vehicle', text(false)),
  col('model', 'vehicle', text(false), plain, { aliases: ['carModel'] }),
  col('trimLevel', 'vehicle', text(true)),
  col('listPriceGrossEur', 'vehicle', money(10_000_000), cents, {
    field: 'listPriceGrossCents',
    aliases: ['listPrice', 'grossRetailPriceEur'],
  }),
  col('maximumPowerKw', 'vehicle', integer(1, 2_000)),
  col('rangeKm', 'vehicle', integer(1, 3_000)),
  col('batteryKwh', 'vehicle', decimal(1, 1, 99_999, false, 'Batterie (kWh)')),
  col('consumptionKwh100km', 'vehicle', decimal(1, 1, 999, true, 'Verbrauch (kWh/100 km)'), plain, {
    field: 'consumption',
    aliases: ['consumption'],
  }),
  col('deliveryFromWeeks', 'vehicle', integer(0, 520, true)),
  col('deliveryToWeeks', 'vehicle', integer(0, 520, true)),
  col('durationMonths', 'package', duration),
  col('kmPerYear', 'package', kmPerYear),
  col('tires', 'package', tires),
  col('totalMonthlyGrossCostEur', 'package', money(100_000), cents, { field: 'totalMonthlyGrossCostCents' }),
  col('grossComparisonCostEur', 'package', money(100_000), cents, { field: 'grossComparisonCostCents' }),
  col('maintenanceAndServicingIncluded', 'package', bool),
  col('vehicleInsuranceIncluded', 'package', bool),
  col('tirePackageIncluded', 'package', bool),
  col('tireChangeIncluded', 'package', bool),
  col('rateInsuranceIncluded', 'package', bool),
  col('costsMoreKilometers', 'package', kmCost, fixed4),
  col('reimbursementLessKilometers', 'package', kmCost, fixed4),
  col('excessMileageAllowance', 'package', integer(0, 1_000_000)),
  col('exemptionLimitLessKilometers', 'package', integer(0, 1_000_000)),
  col('capFewerKilometers', 'package', integer(0, 1_000_000)),
  col('capExtraKilometers', 'package', integer(0, 1_000_000)),
];

export const VEHICLE_COLUMNS = COLUMNS.filter((c) => c.level === 'vehicle');
export const PACKAGE_COLUMNS = COLUMNS.filter((c) => c.level === 'package');

/** A column's value as the file shows it (for the preview's "from → to"). */
export function display(column: Column, value: unknown): string {
  return column.format((value ?? null) as Value);
}

/** The live catalogue as CSV, sorted like the search (brand, model, trim), packages by terms. */
export function exportCsv(vehicles: readonly CatalogVehicle[]): string {
  const records: string[][] = [];
  for (const v of vehicles) {
    const packages = [...v.packages].sort(
      (a, b) => a.durationMonths - b.durationMonths || a.kmPerYear - b.kmPerYear || a.tires.localeCompare(b.tires),
    );
    for (const p of packages) {
      const source: Record<string, unknown> = { ...vehicleFieldsOf(v), ...p, vehicleId: v.id, packageId: p.id };
      records.push(COLUMNS.map((c) => neutralizeCell(c.format((source[c.field] ?? null) as Value))));
    }
  }
  return stringify(records, { header: true, columns: COLUMNS.map((c) => c.name), delimiter: ';', bom: true });
}

/**
 * A stored price-list file (what a provider admin uploaded) as it is downloaded again: every cell
 * neutralised, so a formula someone put into the file does not run on a colleague's machine.
 */
export function neutralizedFile(csv: string): string {
  const content = csv.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(content);
  const records = parse(content, { delimiter, relax_column_count: true, skip_empty_lines: true }) as string[][];
  return stringify(
    records.map((record) => record.map(neutralizeCell)),
    { delimiter, bom: true },
  );
}

/** The header's delimiter: `;` (German spreadsheets), tab or `,`. */
function delimiterOf(content: string): string {
  const firstLine = content.split(/\r?\n/, 1)[0] ?? '';
  return firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
}

export function vehicleFieldsOf(v: CatalogVehicle): VehicleFields {
  return {
    brand: v.brand,
    model: v.model,
    trimLevel: v.trimLevel,
    listPriceGrossCents: v.listPriceGrossCents,
    maximumPowerKw: v.maximumPowerKw,
    rangeKm: v.rangeKm,
    batteryKwh: v.batteryKwh,
    consumption: v.consumption,
    deliveryFromWeeks: v.deliveryFromWeeks,
    deliveryToWeeks: v.deliveryToWeeks,
  };
}

export interface ParsedFile {
  rows: PriceRow[];
  errors: PriceListError[];
  /** Data rows in the file, valid or not. */
  rowCount: number;
}

/**
 * Reads an uploaded file with csv-parse: the delimiter is the header's (`;`, `,` or tab), quoted
 * fields may hold separators and line breaks. Every problem becomes an error with row and column;
 * only rows without errors come back as rows.
 */
export function parsePriceList(bytes: Buffer): ParsedFile {
  if (bytes.includes(0)) return fileError('Die Datei ist keine Textdatei (CSV).');
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fileError('Die Datei ist nicht UTF-8-kodiert. Bitte als „CSV UTF-8“ speichern.');
  }
  content = content.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(content);
  let records: { record: string[]; info: { records: number } }[];
  try {
    records = parse(content, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
    }) as unknown as { record: string[]; info: { records: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 0;
      return {
        rows: [],
        rowCount: 0,
        errors: [{ row: line, column: '', message: `Die Datei ist kein gültiges CSV: ${error.message}` }],
      };
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return fileError('Die Datei ist leer.');
  const errors: PriceListError[] = [];
  const positions = headerPositions(header.record, errors);
  if (body.length === 0) errors.push({ row: 1, column: '', message: 'Die Datei enthält keine Pakete.' });
  if (errors.length > 0) return { rows: [], errors, rowCount: body.length };
  const rows: PriceRow[] = [];
  for (const { record, info } of body) {
    if (record.every((cell) => cell.trim() === '')) continue;
    // The row as a spreadsheet shows it (a quoted line break does not start a new row).
    const row = info.records;
    if (record.length > header.record.length) {
      errors.push({ row, column: '', message: `Zu viele Spalten: ${record.length} statt ${header.record.length}` });
      continue;
    }
    const values: Record<string, Value> = {};
    let rowOk = true;
    for (const column of COLUMNS) {
      // `'=…` is a cell the export neutralised (or the spreadsheet kept so): its value is `=…`.
      const parsed = column.parse(restoreCell(record[positions.get(column.name) ?? -1] ?? ''));
      if (parsed.ok) values[column.field] = parsed.value;
      else {
        errors.push({ row, column: column.name, message: parsed.message });
        rowOk = false;
      }
    }
    if (!rowOk) continue;
    const from = values['deliveryFromWeeks'];
    const to = values['deliveryToWeeks'];
    if (typeof from === 'number' && typeof to === 'number' && from > to) {
      errors.push({ row, column: 'deliveryToWeeks', message: 'Lieferzeit bis darf nicht vor Lieferzeit ab liegen' });
      continue;
    }
    rows.push(toRow(row, values));
  }
  return { rows, errors, rowCount: body.length };
}

function fileError(message: string): ParsedFile {
  return { rows: [], rowCount: 0, errors: [{ row: 1, column: '', message }] };
}

/** Where each column is; unknown and missing columns are errors of row 1. */
function headerPositions(header: string[], errors: PriceListError[]): Map<string, number> {
  const positions = new Map<string, number>();
  header.forEach((rawName, index) => {
    const name = rawName.trim();
    const column = COLUMNS.find((c) => c.name === name || c.aliases?.includes(name));
    if (!column) {
      if (name !== '') errors.push({ row: 1, column: name, message: 'Unbekannte Spalte' });
      return;
    }
    if (positions.has(column.name)) errors.push({ row: 1, column: name, message: 'Spalte doppelt vorhanden' });
    positions.set(column.name, index);
  });
  for (const column of COLUMNS)
    if (!positions.has(column.name)) errors.push({ row: 1, column: column.name, message: 'Spalte fehlt' });
  return positions;
}

function toRow(row: number, v: Record<string, Value>): PriceRow {
  const num = (key: string) => v[key] as number;
  const optNum = (key: string) => (v[key] as number | null) ?? null;
  const flag = (key: string) => v[key] === true;
  return {
    row,
    vehicleId: (v['vehicleId'] as string | null) ?? null,
    packageId: (v['packageId'] as string | null) ?? null,
    vehicle: {
      brand: v['brand'] as string,
      model: v['model'] as string,
      trimLevel: (v['trimLevel'] as string | null) ?? null,
      listPriceGrossCents: num('listPriceGrossCents'),
      maximumPowerKw: num('maximumPowerKw'),
      rangeKm: num('rangeKm'),
      batteryKwh: num('batteryKwh'),
      consumption: optNum('consumption'),
      deliveryFromWeeks: optNum('deliveryFromWeeks'),
      deliveryToWeeks: optNum('deliveryToWeeks'),
    },
    pkg: {
      durationMonths: num('durationMonths'),
      kmPerYear: num('kmPerYear'),
      tires: v['tires'] as Tires,
      totalMonthlyGrossCostCents: num('totalMonthlyGrossCostCents'),
      grossComparisonCostCents: num('grossComparisonCostCents'),
      maintenanceAndServicingIncluded: flag('maintenanceAndServicingIncluded'),
      vehicleInsuranceIncluded: flag('vehicleInsuranceIncluded'),
      tirePackageIncluded: flag('tirePackageIncluded'),
      tireChangeIncluded: flag('tireChangeIncluded'),
      rateInsuranceIncluded: flag('rateInsuranceIncluded'),
      costsMoreKilometers: num('costsMoreKilometers'),
      reimbursementLessKilometers: num('reimbursementLessKilometers'),
      excessMileageAllowance: num('excessMileageAllowance'),
      exemptionLimitLessKilometers: num('exemptionLimitLessKilometers'),
      capFewerKilometers: num('capFewerKilometers'),
      capExtraKilometers: num('capExtraKilometers'),
    },
  };
}
