import type { PriceListError, PriceListPreview } from '@leasing/contract';

import type { CatalogPackage, CatalogueChanges, CatalogVehicle } from '../catalog/index.js';
import {
  display,
  PACKAGE_COLUMNS,
  VEHICLE_COLUMNS,
  vehicleFieldsOf,
  type PackageFields,
  type PriceRow,
  type VehicleFields,
} from './price-list-csv.js';

/**
 * Compares a parsed price list with the live catalogue: what would be added, changed and withdrawn,
 * and what is wrong. The same function makes the preview and, at publish time, the plan that is
 * applied, so what was previewed is what is published.
 */

/**
 * `upload`: a file from the provider; ids must exist. `restore`: a rollback's earlier state, whose
 * packages may have been withdrawn since and come back with their old ids.
 */
export type DiffMode = 'upload' | 'restore';

/** The changes of a price list (the catalogue's `CatalogueChanges`) with the preview the screen shows. */
export interface PriceListPlan extends CatalogueChanges {
  preview: Omit<PriceListPreview, 'importId' | 'fileName' | 'createdAt' | 'status' | 'publishable'>;
}

const MAX_LISTED_ERRORS = 1_000;
const TERMS = ['durationMonths', 'kmPerYear', 'tires'] as const;
const NAME_COLUMNS = [
  ['brand', 'brand'],
  ['model', 'model'],
  ['trimLevel', 'trimLevel'],
] as const;

const nameKey = (v: Pick<VehicleFields, 'brand' | 'model' | 'trimLevel'>) =>
  [v.brand, v.model, v.trimLevel ?? ''].map((s) => s.trim().toLowerCase()).join('\u0000');

export function tiresLabel(tires: string): string {
  return tires === 'ALL_SEASON' ? 'Ganzjahresreifen' : 'Sommer- und Winterreifen';
}

export function vehicleLabel(v: Pick<VehicleFields, 'brand' | 'model' | 'trimLevel'>): string {
  return [v.brand, v.model, v.trimLevel].filter(Boolean).join(' ');
}

export function packageLabel(v: Pick<VehicleFields, 'brand' | 'model' | 'trimLevel'>, p: PackageFields): string {
  return `${vehicleLabel(v)} · ${p.durationMonths} Monate · ${p.kmPerYear.toLocaleString('de-DE')} km · ${tiresLabel(p.tires)}`;
}

const same = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 1e-9 : (a ?? null) === (b ?? null);

export function diffPriceList(
  rows: readonly PriceRow[],
  parseErrors: readonly PriceListError[],
  live: readonly CatalogVehicle[],
  mode: DiffMode,
): PriceListPlan {
  const errors: PriceListError[] = [...parseErrors];
  const vehiclesById = new Map(live.map((v) => [v.id, v]));
  const vehiclesByName = new Map(live.map((v) => [nameKey(v), v]));
  const packagesById = new Map<string, { vehicle: CatalogVehicle; pkg: CatalogPackage }>();
  for (const vehicle of live) for (const pkg of vehicle.packages) packagesById.set(pkg.id, { vehicle, pkg });

  const firstRowOfVehicle = new Map<string, PriceRow>();
  const rowOfTerms = new Map<string, number>();
  const rowOfPackage = new Map<string, number>();
  const accepted: { row: PriceRow; vehicleKey: string; livePackage: CatalogPackage | null }[] = [];
  const newVehicles: PriceListPlan['newVehicles'] = new Map();

  for (const row of rows) {
    const rowErrors: PriceListError[] = [];
    const problem = (column: string, message: string) => rowErrors.push({ row: row.row, column, message });
    let vehicleId = row.vehicleId;
    const found = row.packageId ? packagesById.get(row.packageId) : undefined;
    if (row.packageId) {
      const earlier = rowOfPackage.get(row.packageId);
      if (earlier) problem('packageId', `Paket-ID kommt doppelt vor (schon in Zeile ${earlier})`);
      rowOfPackage.set(row.packageId, row.row);
      if (found) {
        if (vehicleId && vehicleId !== found.vehicle.id)
          problem('vehicleId', 'Das Paket gehört zu einem anderen Fahrzeug (vehicleId passt nicht zur packageId)');
        vehicleId ??= found.vehicle.id;
        for (const term of TERMS)
          if (!same(row.pkg[term], found.pkg[term]))
            problem(
              term,
              'Laufzeit, Laufleistung und Bereifung eines bestehenden Pakets sind fest; für andere Konditionen eine neue Zeile ohne packageId anlegen',
            );
      } else if (mode === 'upload') {
        problem('packageId', 'Unbekannte Paket-ID: nicht im aktuellen Katalog (für ein neues Paket leer lassen)');
      } else if (!vehicleId) {
        problem('vehicleId', 'Pflichtfeld: darf nicht leer sein');
      }
    }
    let vehicleKey: string;
    const liveVehicle = vehicleId ? vehiclesById.get(vehicleId) : vehiclesByName.get(nameKey(row.vehicle));
    if (vehicleId && !liveVehicle) {
      if (mode === 'upload')
        problem('vehicleId', 'Unbekannte Fahrzeug-ID: nicht im aktuellen Katalog (für ein neues Fahrzeug leer lassen)');
      vehicleKey = vehicleId;
    } else if (liveVehicle) {
      vehicleKey = liveVehicle.id;
      if (vehicleId) {
        for (const [column, field] of NAME_COLUMNS)
          if ((row.vehicle[field] ?? '').trim() !== (liveVehicle[field] ?? '').trim())
            problem(
              column,
              'Marke, Modell und Ausstattungslinie eines bestehenden Fahrzeugs sind fest; eine neue Ausstattungslinie ist ein neues Fahrzeug: vehicleId und packageId leer lassen',
            );
      }
    } else {
      vehicleKey = `new:${nameKey(row.vehicle)}`;
    }
    const first = firstRowOfVehicle.get(vehicleKey);
    if (first) {
      for (const column of VEHICLE_COLUMNS) {
        const field = column.field as keyof VehicleFields;
        if (!same(row.vehicle[field], first.vehicle[field]))
          problem(
            column.name,
            `Weicht von Zeile ${first.row} desselben Fahrzeugs ab (Fahrzeugangaben gelten für alle seine Pakete)`,
          );
      }
    } else if (rowErrors.length === 0) {
      firstRowOfVehicle.set(vehicleKey, row);
    }
    const termsKey = `${vehicleKey}|${row.pkg.durationMonths}|${row.pkg.kmPerYear}|${row.pkg.tires}`;
    const earlierTerms = rowOfTerms.get(termsKey);
    if (earlierTerms)
      problem(
        'tires',
        `Dasselbe Paket (Laufzeit, Laufleistung, Bereifung) dieses Fahrzeugs steht schon in Zeile ${earlierTerms}`,
      );
    else rowOfTerms.set(termsKey, row.row);
    errors.push(...rowErrors);
    if (rowErrors.length > 0) continue;
    if (!liveVehicle && !newVehicles.has(vehicleKey))
      newVehicles.set(vehicleKey, { id: vehicleId && mode === 'restore' ? vehicleId : null, fields: row.vehicle });
    accepted.push({ row, vehicleKey, livePackage: found?.pkg ?? null });
  }
  // A package named by a row with errors is not withdrawn: the preview shows only what the file says.
  const referenced = new Set(rows.flatMap((r) => (r.packageId ? [r.packageId] : [])));
  return planOf(accepted, newVehicles, vehiclesById, packagesById, errors, referenced);
}

/** Brand, model and trim name a vehicle: fixed for an existing one (see the checks above), never a change. */
const FIGURE_COLUMNS = VEHICLE_COLUMNS.filter((c) => !NAME_COLUMNS.some(([name]) => name === c.name));

type Change = { column: string; from: string; to: string };

/** The columns whose value differs, as the file shows them. */
function changesOf<T>(columns: typeof VEHICLE_COLUMNS | typeof PACKAGE_COLUMNS, before: T, after: T): Change[] {
  const changes: Change[] = [];
  for (const column of columns) {
    const field = column.field as keyof T;
    if (!same(after[field], before[field]))
      changes.push({ column: column.name, from: display(column, before[field]), to: display(column, after[field]) });
  }
  return changes;
}

function planOf(
  accepted: { row: PriceRow; vehicleKey: string; livePackage: CatalogPackage | null }[],
  newVehicles: PriceListPlan['newVehicles'],
  vehiclesById: Map<string, CatalogVehicle>,
  packagesById: Map<string, { vehicle: CatalogVehicle; pkg: CatalogPackage }>,
  errors: PriceListError[],
  referenced: Set<string>,
): PriceListPlan {
  const plan: PriceListPlan = {
    preview: {
      added: [],
      changed: [],
      changedVehicles: [],
      withdrawn: [],
      errors: errors.slice(0, MAX_LISTED_ERRORS),
      counts: {
        rows: 0,
        added: 0,
        changed: 0,
        changedVehicles: 0,
        withdrawn: 0,
        unchanged: 0,
        newVehicles: newVehicles.size,
        errors: 0,
      },
    },
    newVehicles,
    vehicleUpdates: [],
    packageUpdates: [],
    packageInserts: [],
    packageDeletes: [],
  };
  // The figures of an existing vehicle are compared once, from its first row, whatever its rows are:
  // existing packages, new ones or both (all its accepted rows have the same figures, see above).
  const firstAccepted = new Map<string, PriceRow>();
  for (const { row, vehicleKey } of accepted) if (!firstAccepted.has(vehicleKey)) firstAccepted.set(vehicleKey, row);
  for (const [vehicleKey, row] of firstAccepted) {
    const liveVehicle = vehiclesById.get(vehicleKey);
    if (!liveVehicle) continue;
    const changes = changesOf<VehicleFields>(FIGURE_COLUMNS, vehicleFieldsOf(liveVehicle), row.vehicle);
    if (changes.length === 0) continue;
    plan.vehicleUpdates.push({
      vehicleId: liveVehicle.id,
      fields: row.vehicle,
      priceChanged: row.vehicle.listPriceGrossCents !== liveVehicle.listPriceGrossCents,
      approximate: liveVehicle.approximate,
    });
    plan.preview.changedVehicles.push({
      row: row.row,
      vehicleId: liveVehicle.id,
      label: vehicleLabel(liveVehicle),
      changes,
    });
  }
  const kept = new Set<string>();
  for (const { row, vehicleKey, livePackage } of accepted) {
    const liveVehicle = vehiclesById.get(vehicleKey);
    // An existing vehicle is named as the catalogue has it (a row found by name may differ in case).
    const name = liveVehicle ?? row.vehicle;
    if (!livePackage) {
      plan.packageInserts.push({ id: row.packageId, vehicleKey, fields: row.pkg });
      plan.preview.added.push({ row: row.row, label: packageLabel(name, row.pkg), newVehicle: !liveVehicle });
      continue;
    }
    kept.add(livePackage.id);
    const changes = changesOf<PackageFields>(PACKAGE_COLUMNS, livePackage, row.pkg);
    if (changes.length === 0) {
      plan.preview.counts.unchanged++;
      continue;
    }
    plan.packageUpdates.push({
      packageId: livePackage.id,
      vehicleId: vehicleKey,
      fields: row.pkg,
      priceChanged:
        row.pkg.totalMonthlyGrossCostCents !== livePackage.totalMonthlyGrossCostCents ||
        row.pkg.grossComparisonCostCents !== livePackage.grossComparisonCostCents,
    });
    plan.preview.changed.push({ row: row.row, packageId: livePackage.id, label: packageLabel(name, row.pkg), changes });
  }
  for (const [id, { vehicle, pkg }] of packagesById) {
    if (kept.has(id) || referenced.has(id)) continue;
    plan.packageDeletes.push(id);
    plan.preview.withdrawn.push({ packageId: id, label: packageLabel(vehicle, pkg) });
  }
  const counts = plan.preview.counts;
  counts.rows = accepted.length;
  counts.added = plan.preview.added.length;
  counts.changed = plan.preview.changed.length;
  counts.changedVehicles = plan.preview.changedVehicles.length;
  counts.withdrawn = plan.preview.withdrawn.length;
  counts.errors = errors.length;
  return plan;
}
