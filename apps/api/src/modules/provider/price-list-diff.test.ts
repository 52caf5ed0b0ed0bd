import { describe, expect, it } from 'vitest';

import type { CatalogPackage, CatalogVehicle } from '../catalog/catalog-snapshot.js';
import { catalogPackage as pkg, catalogVehicle as vehicle } from '../../test-support/catalog.js';
import { vehicleFieldsOf, type PackageFields, type PriceRow, type VehicleFields } from './price-list-csv.js';
import { diffPriceList } from './price-list-diff.js';

const VEHICLE_ID = '0b7e6d2a-5c1f-4a3e-9d8b-7f6e5d4c3b2a';
const OTHER_ID = '1c8f7e3b-6d2a-4b4f-8e9c-8a7f6e5d4c3b';

let nextRow = 2;
/** A row as the file would have it; the package's terms and prices, the vehicle's figures. */
function row(
  v: CatalogVehicle,
  p: PackageFields | CatalogPackage,
  ids: { vehicleId?: string | null; packageId?: string | null } = {},
  changes: Partial<VehicleFields> = {},
): PriceRow {
  const { id: _id, vehicleId: _vehicleId, ...fields } = p as CatalogPackage;
  return {
    row: nextRow++,
    vehicleId: ids.vehicleId === undefined ? v.id : ids.vehicleId,
    packageId: ids.packageId === undefined ? (p as CatalogPackage).id : ids.packageId,
    vehicle: { ...vehicleFieldsOf(v), ...changes },
    pkg: fields,
  };
}
/** The same vehicle's new package (empty packageId) with other terms. */
const newPackage = (v: CatalogVehicle, durationMonths: number, kmPerYear: number): PackageFields =>
  pkg('', v.id, durationMonths, kmPerYear);

describe('price list diff: the vehicle figures', () => {
  it('changes an existing vehicle whose rows are all new packages (preview and plan), its old packages withdrawn', () => {
    nextRow = 2;
    const live = [vehicle(VEHICLE_ID)];
    const [v] = live as [CatalogVehicle];
    const rows = [
      row(v, newPackage(v, 48, 20_000), { packageId: null }, { listPriceGrossCents: 4_399_000, rangeKm: 580 }),
      row(v, newPackage(v, 48, 25_000), { packageId: null }, { listPriceGrossCents: 4_399_000, rangeKm: 580 }),
    ];
    const plan = diffPriceList(rows, [], live, 'upload');
    expect(plan.preview.errors).toEqual([]);
    expect(plan.vehicleUpdates).toEqual([
      {
        vehicleId: VEHICLE_ID,
        fields: expect.objectContaining({ listPriceGrossCents: 4_399_000, rangeKm: 580 }),
        priceChanged: true,
        approximate: false,
      },
    ]);
    expect(plan.preview.changedVehicles).toEqual([
      {
        row: 2,
        vehicleId: VEHICLE_ID,
        label: 'Kia EV3 GT-Line',
        changes: [
          { column: 'listPriceGrossEur', from: '41990.00', to: '43990.00' },
          { column: 'rangeKm', from: '560', to: '580' },
        ],
      },
    ]);
    expect(plan.packageInserts).toHaveLength(2);
    expect(plan.packageDeletes).toEqual(v.packages.map((p) => p.id));
    expect(plan.preview.counts).toMatchObject({ added: 2, changed: 0, changedVehicles: 1, withdrawn: 2 });
  });

  it('finds the vehicle by its name when both ids are empty, and a change of case in the name is no change', () => {
    nextRow = 2;
    const live = [vehicle(VEHICLE_ID)];
    const [v] = live as [CatalogVehicle];
    const rows = [
      row(v, v.packages[0] as CatalogPackage),
      row(v, v.packages[1] as CatalogPackage),
      ...[10_000, 15_000].map((km) =>
        row(
          v,
          newPackage(v, 48, km),
          { vehicleId: null, packageId: null },
          { brand: 'KIA', trimLevel: 'gt-line', deliveryToWeeks: 20 },
        ),
      ),
    ];
    // Brand and trim must match the rows with the id exactly.
    expect(diffPriceList(rows, [], live, 'upload').preview.errors.map((e) => [e.row, e.column])).toEqual([
      [4, 'brand'],
      [4, 'trimLevel'],
      [4, 'deliveryToWeeks'],
      [5, 'brand'],
      [5, 'trimLevel'],
      [5, 'deliveryToWeeks'],
    ]);
    const plan = diffPriceList(rows.slice(2), [], live, 'upload');
    expect(plan.preview.errors).toEqual([]);
    expect(plan.newVehicles.size).toBe(0);
    expect(plan.preview.changedVehicles).toEqual([
      {
        row: 4,
        vehicleId: VEHICLE_ID,
        label: 'Kia EV3 GT-Line',
        changes: [{ column: 'deliveryToWeeks', from: '16', to: '20' }],
      },
    ]);
    expect(plan.vehicleUpdates).toEqual([expect.objectContaining({ vehicleId: VEHICLE_ID, priceChanged: false })]);
    expect(plan.preview.added.map((a) => a.label)).toEqual([
      'Kia EV3 GT-Line · 48 Monate · 10.000 km · Ganzjahresreifen',
      'Kia EV3 GT-Line · 48 Monate · 15.000 km · Ganzjahresreifen',
    ]);
  });

  it('shows a vehicle change once, as the vehicle’s, whatever mix of existing and new packages it has', () => {
    nextRow = 2;
    const live = [vehicle(VEHICLE_ID), vehicle(OTHER_ID, { trimLevel: 'Air', listPriceGrossCents: 3_599_000 })];
    const [v, other] = live as [CatalogVehicle, CatalogVehicle];
    const raised = { listPriceGrossCents: 4_299_000 };
    const [p24, p36] = v.packages as [CatalogPackage, CatalogPackage];
    const rows = [
      row(v, p24, {}, raised),
      row(v, { ...p36, totalMonthlyGrossCostCents: 60_000 }, {}, raised),
      row(v, newPackage(v, 48, 30_000), { packageId: null }, raised),
      ...other.packages.map((p) => row(other, p)),
    ];
    const plan = diffPriceList(rows, [], live, 'upload');
    expect(plan.preview.errors).toEqual([]);
    expect(plan.preview.changedVehicles).toEqual([
      {
        row: 2,
        vehicleId: VEHICLE_ID,
        label: 'Kia EV3 GT-Line',
        changes: [{ column: 'listPriceGrossEur', from: '41990.00', to: '42990.00' }],
      },
    ]);
    // The packages show their own changes only.
    expect(plan.preview.changed).toEqual([
      {
        row: 3,
        packageId: p36.id,
        label: 'Kia EV3 GT-Line · 36 Monate · 15.000 km · Ganzjahresreifen',
        changes: [{ column: 'totalMonthlyGrossCostEur', from: '537.50', to: '600.00' }],
      },
    ]);
    expect(plan.vehicleUpdates).toEqual([
      expect.objectContaining({ vehicleId: VEHICLE_ID, fields: expect.objectContaining(raised), priceChanged: true }),
    ]);
    expect(plan.packageUpdates.map((u) => u.packageId)).toEqual([p36.id]);
    expect(plan.preview.counts).toMatchObject({
      rows: 5,
      added: 1,
      changed: 1,
      changedVehicles: 1,
      withdrawn: 0,
      unchanged: 3,
    });
  });

  it('changes a vehicle whose packages are partly withdrawn', () => {
    nextRow = 2;
    const live = [vehicle(VEHICLE_ID)];
    const [v] = live as [CatalogVehicle];
    const plan = diffPriceList(
      [row(v, v.packages[0] as CatalogPackage, {}, { maximumPowerKw: 170 })],
      [],
      live,
      'upload',
    );
    expect(plan.preview.errors).toEqual([]);
    expect(plan.vehicleUpdates).toEqual([expect.objectContaining({ vehicleId: VEHICLE_ID, priceChanged: false })]);
    expect(plan.preview.changedVehicles[0]?.changes).toEqual([{ column: 'maximumPowerKw', from: '150', to: '170' }]);
    expect(plan.packageDeletes).toEqual([v.packages[1]?.id]);
    expect(plan.preview.counts).toMatchObject({ changed: 0, changedVehicles: 1, withdrawn: 1, unchanged: 1 });
  });

  it('keeps a new trim of an existing model apart from that model’s vehicle, and changes both', () => {
    nextRow = 2;
    const live = [vehicle(VEHICLE_ID)];
    const [v] = live as [CatalogVehicle];
    const trim = { trimLevel: 'Nordlicht', listPriceGrossCents: 4_599_000 };
    const rows = [
      row(v, newPackage(v, 36, 10_000), { packageId: null }, { consumption: 16.1 }),
      row(v, newPackage(v, 36, 10_000), { vehicleId: null, packageId: null }, trim),
      row(v, newPackage(v, 36, 15_000), { vehicleId: null, packageId: null }, trim),
    ];
    const plan = diffPriceList(rows, [], live, 'upload');
    expect(plan.preview.errors).toEqual([]);
    expect([...plan.newVehicles.values()]).toEqual([
      { id: null, fields: expect.objectContaining({ trimLevel: 'Nordlicht', listPriceGrossCents: 4_599_000 }) },
    ]);
    expect(plan.vehicleUpdates).toEqual([
      expect.objectContaining({ vehicleId: VEHICLE_ID, fields: expect.objectContaining({ consumption: 16.1 }) }),
    ]);
    expect(plan.preview.changedVehicles.map((c) => [c.vehicleId, c.changes])).toEqual([
      [VEHICLE_ID, [{ column: 'consumptionKwh100km', from: '15.4', to: '16.1' }]],
    ]);
    expect(plan.preview.added.map((a) => [a.row, a.newVehicle])).toEqual([
      [2, false],
      [3, true],
      [4, true],
    ]);
    expect(plan.preview.counts).toMatchObject({ newVehicles: 1, changedVehicles: 1, withdrawn: 2 });
  });

  it('reports differing vehicle figures of one vehicle with row and column, none of them winning', () => {
    nextRow = 2;
    const live = [vehicle(VEHICLE_ID)];
    const [v] = live as [CatalogVehicle];
    const rows = [
      row(v, newPackage(v, 48, 10_000), { packageId: null }, { listPriceGrossCents: 4_399_000 }),
      row(v, newPackage(v, 48, 15_000), { packageId: null }, { listPriceGrossCents: 4_499_000, rangeKm: 600 }),
      // Found by its name, not its id: still the same vehicle.
      row(v, newPackage(v, 48, 20_000), { vehicleId: null, packageId: null }, { listPriceGrossCents: 4_599_000 }),
      row(v, v.packages[0] as CatalogPackage, {}, { listPriceGrossCents: 4_399_000 }),
      row(v, v.packages[1] as CatalogPackage),
    ];
    const plan = diffPriceList(rows, [], live, 'upload');
    const differs = (at: number, column: string) => ({
      row: at,
      column,
      message: `Weicht von Zeile 2 desselben Fahrzeugs ab (Fahrzeugangaben gelten für alle seine Pakete)`,
    });
    expect(plan.preview.errors).toEqual([
      differs(3, 'listPriceGrossEur'),
      differs(3, 'rangeKm'),
      differs(4, 'listPriceGrossEur'),
      differs(6, 'listPriceGrossEur'),
    ]);
    expect(plan.preview.counts.errors).toBe(4);
  });

  it('restores the figures of a vehicle whose packages all come back with their old ids', () => {
    nextRow = 2;
    const before = vehicle(VEHICLE_ID);
    const live = [vehicle(VEHICLE_ID, { listPriceGrossCents: 4_599_000, packages: [] })];
    const plan = diffPriceList(
      before.packages.map((p) => row(before, p)),
      [],
      live,
      'restore',
    );
    expect(plan.preview.errors).toEqual([]);
    expect(plan.packageInserts.map((p) => p.id)).toEqual(before.packages.map((p) => p.id));
    expect(plan.vehicleUpdates).toEqual([
      expect.objectContaining({
        vehicleId: VEHICLE_ID,
        fields: expect.objectContaining({ listPriceGrossCents: 4_199_000 }),
        priceChanged: true,
      }),
    ]);
  });
});
