import type {
  Order,
  PriceListPreview,
  PriceListVersion,
  PriceListVersionsPage,
  Vehicle,
  VehicleSummary,
} from '@leasing/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../db/client.js';
import { priceListImports, priceListVersions } from '../../db/schema-provider.js';
import { auditLog } from '../../db/schema.js';
import { leasePackages } from '../../db/schema-catalog.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';

type Row = Record<string, string>;

describe.each(databaseTargets())('provider: price list on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  async function exported(): Promise<Row[]> {
    const response = await call('GET', '/v1/provider/catalog/export.csv', tokens.provider);
    expect(response.status).toBe(200);
    return parse(response.text, { columns: true, delimiter: ';', bom: true }) as Row[];
  }
  const csvOf = (rows: Row[]) => stringify(rows, { header: true, delimiter: ';', bom: true });
  const upload = (rows: Row[] | string) =>
    call<PriceListPreview>(
      'POST',
      '/v1/provider/catalog/imports',
      tokens.provider,
      typeof rows === 'string' ? rows : csvOf(rows),
      {
        'content-type': 'text/csv',
        'x-file-name': 'preisliste.csv',
      },
    );
  const publish = (importId: string) =>
    call<PriceListVersion>('POST', `/v1/provider/catalog/imports/${importId}/publish`, tokens.provider);
  const search = async () => (await call<VehicleSummary[]>('GET', '/v1/search', tokens.employee)).body;

  /** The cheapest package of the demo's Kia EV3 (the one the search's net rate comes from). */
  function cheapestRow(rows: Row[], model = 'EV3'): Row {
    const own = rows.filter((r) => r['model'] === model);
    return own.sort((a, b) => Number(a['totalMonthlyGrossCostEur']) - Number(b['totalMonthlyGrossCostEur']))[0] as Row;
  }

  it('is for the provider only', async () => {
    for (const token of [tokens.employee, tokens.tenantAdmin]) {
      expect((await call('GET', '/v1/provider/catalog/export.csv', token)).status).toBe(403);
      const posted = await call('POST', '/v1/provider/catalog/imports', token, 'a;b\n1;2\n', {
        'content-type': 'text/csv',
      });
      expect(posted.status).toBe(403);
    }
  });

  it('exports the live catalogue: UTF-8 with BOM, one row per package, every package field', async () => {
    const response = await call('GET', '/v1/provider/catalog/export.csv', tokens.provider);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.text.startsWith('\uFEFFvehicleId;packageId;brand;model;trimLevel;listPriceGrossEur')).toBe(true);
    const rows = await exported();
    const packages = await t.app.orderDeps.db.select({ id: leasePackages.id }).from(leasePackages);
    expect(rows).toHaveLength(packages.length);
    expect(Object.keys(rows[0] ?? {})).toEqual(
      expect.arrayContaining([
        'durationMonths',
        'kmPerYear',
        'tires',
        'totalMonthlyGrossCostEur',
        'costsMoreKilometers',
        'capExtraKilometers',
      ]),
    );
    expect(rows[0]?.['costsMoreKilometers']).toMatch(/^\d+\.\d{4}$/);
  });

  it('previews an unchanged file as no change, publishable', async () => {
    const preview = await upload(await exported());
    expect(preview.status).toBe(201);
    expect(preview.body).toMatchObject({
      publishable: true,
      added: [],
      changed: [],
      withdrawn: [],
      errors: [],
      counts: { errors: 0, unchanged: preview.body.counts.rows },
    });
  });

  it('lists every error with row and column, keeps everything unpublished and refuses to publish', async () => {
    const rows = await exported();
    const broken = rows.map((r, i) =>
      i === 0
        ? { ...r, kmPerYear: '12000' }
        : i === 1
          ? { ...r, packageId: '11111111-1111-4111-8111-111111111111' }
          : r,
    );
    const preview = await upload(broken);
    expect(preview.status).toBe(201);
    expect(preview.body.publishable).toBe(false);
    expect(preview.body.errors).toEqual([
      { row: 2, column: 'kmPerYear', message: expect.stringContaining('10.000 und 30.000') },
      { row: 3, column: 'packageId', message: expect.stringContaining('Unbekannte Paket-ID') },
    ]);
    const refused = await publish(preview.body.importId);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'PRICE_LIST_INVALID',
      errors: [{ field: 'Zeile 2, kmPerYear' }, { field: 'Zeile 3, packageId' }],
    });
    expect(await t.app.orderDeps.db.select().from(priceListVersions)).toEqual([]);
  });

  it('publishes a raised price and a new trim level: search and personal rates follow at once', async () => {
    const before = await search();
    const rows = await exported();
    const target = cheapestRow(rows);
    const raised = (Number(target['totalMonthlyGrossCostEur']) + 40).toFixed(2);
    const ev3 = before.find((v) => v.model === 'EV3');
    const newTrim = rows
      .filter((r) => r['vehicleId'] === target['vehicleId'])
      .map((r) => ({ ...r, vehicleId: '', packageId: '', trimLevel: 'Nordlicht', listPriceGrossEur: '45990.00' }));
    const edited = [...rows.map((r) => (r === target ? { ...r, totalMonthlyGrossCostEur: raised } : r)), ...newTrim];
    const preview = await upload(edited);
    expect(preview.body).toMatchObject({
      publishable: true,
      errors: [],
      withdrawn: [],
      changed: [
        {
          packageId: target['packageId'],
          changes: [{ column: 'totalMonthlyGrossCostEur', from: target['totalMonthlyGrossCostEur'], to: raised }],
        },
      ],
      counts: { added: newTrim.length, changed: 1, newVehicles: 1 },
    });
    expect(preview.body.added[0]).toMatchObject({
      newVehicle: true,
      label: expect.stringContaining('Kia EV3 Nordlicht'),
    });
    // Nothing is live before publishing.
    expect((await search()).find((v) => v.trimLevel === 'Nordlicht')).toBeUndefined();

    const published = await publish(preview.body.importId);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      kind: 'PUBLISH',
      added: newTrim.length,
      changed: 1,
      withdrawn: 0,
      current: true,
    });
    expect(published.body.publishedBy).toBe('Alex Admin');

    const after = await search();
    const nordlicht = after.find((v) => v.trimLevel === 'Nordlicht');
    expect(nordlicht).toMatchObject({ brand: 'Kia', model: 'EV3', listPrice: 45_990 });
    expect(nordlicht?.yourLeaseFrom).toBeGreaterThan(0);
    const ev3After = after.find((v) => v.id === ev3?.id);
    expect(ev3After?.yourLeaseFrom).toBeGreaterThan(ev3?.yourLeaseFrom ?? Infinity);
    const detail = (await call<Vehicle>('GET', `/v1/vehicle/${target['vehicleId']}`, tokens.employee)).body;
    expect(detail.leasePackages.find((p) => p.id === target['packageId'])?.totalMonthlyGrossCostEur).toBe(
      Number(raised),
    );
    // Publishing twice is refused; the audit has the upload and the publish.
    expect((await publish(preview.body.importId)).status).toBe(409);
    const actions = (await t.app.orderDeps.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['provider.price_list.uploaded', 'provider.price_list.published']));
  });

  it('keeps the price an order was made with', async () => {
    const rows = await exported();
    const target = cheapestRow(rows, 'ID.3');
    const vehicle = (await call<Vehicle>('GET', `/v1/vehicle/${target['vehicleId']}`, tokens.employee)).body;
    const created = await call<{ orderId: number }>('POST', '/v1/order', tokens.employee, {
      leasePackageId: target['packageId'],
      color: vehicle.colors[0],
      delivery: 'HOME',
    });
    expect(created.status).toBe(201);
    const raised = (Number(target['totalMonthlyGrossCostEur']) + 10).toFixed(2);
    const preview = await upload(rows.map((r) => (r === target ? { ...r, totalMonthlyGrossCostEur: raised } : r)));
    expect((await publish(preview.body.importId)).status).toBe(200);
    const order = (await call<Order>('GET', `/v1/order/${created.body.orderId}`, tokens.employee)).body;
    expect(order.leasePackage.totalMonthlyGrossCostEur).toBe(Number(target['totalMonthlyGrossCostEur']));
  });

  it('changes nothing when publishing fails midway', async () => {
    const rows = await exported();
    const target = cheapestRow(rows, 'ID.4');
    const raised = (Number(target['totalMonthlyGrossCostEur']) + 5).toFixed(2);
    // A new package with a marker price that the database refuses (after the change was written).
    const extra = {
      ...target,
      packageId: '',
      vehicleId: '',
      trimLevel: 'Fehlerfall',
      totalMonthlyGrossCostEur: '4321.09',
    };
    const preview = await upload([
      ...rows.map((r) => (r === target ? { ...r, totalMonthlyGrossCostEur: raised } : r)),
      extra,
    ]);
    expect(preview.body.publishable).toBe(true);
    const versionsBefore = (await call<PriceListVersionsPage>('GET', '/v1/provider/catalog/versions', tokens.provider))
      .body.items;
    await asOwner(t.app.orderDeps.db, [
      sql`create function refuse_marker() returns trigger language plpgsql as $$ begin raise exception 'refused marker'; end $$`,
      sql`create trigger refuse_marker before insert on lease_packages for each row when (new.total_monthly_gross_cost_cents = 432109) execute function refuse_marker()`,
    ]);
    try {
      const failed = await publish(preview.body.importId);
      expect(failed.status).toBe(500);
      const [pkg] = await t.app.orderDeps.db
        .select()
        .from(leasePackages)
        .where(eq(leasePackages.id, target['packageId'] ?? ''));
      expect(pkg?.totalMonthlyGrossCostCents).toBe(Math.round(Number(target['totalMonthlyGrossCostEur']) * 100));
      expect((await search()).some((v) => v.trimLevel === 'Fehlerfall')).toBe(false);
      const [stored] = await t.app.orderDeps.db
        .select()
        .from(priceListImports)
        .where(eq(priceListImports.id, preview.body.importId));
      expect(stored?.status).toBe('PREVIEW');
      const versionsAfter = (await call<PriceListVersionsPage>('GET', '/v1/provider/catalog/versions', tokens.provider))
        .body.items;
      expect(versionsAfter).toEqual(versionsBefore);
    } finally {
      await asOwner(t.app.orderDeps.db, [
        sql`drop trigger refuse_marker on lease_packages`,
        sql`drop function refuse_marker()`,
      ]);
    }
    // With the fault gone the same preview publishes.
    expect((await publish(preview.body.importId)).status).toBe(200);
  });

  it('refuses to publish a preview the catalogue has overtaken', async () => {
    const rows = await exported();
    const target = cheapestRow(rows, 'EV3');
    const first = await upload(rows.map((r) => (r === target ? { ...r, grossComparisonCostEur: '999.00' } : r)));
    const second = await upload(rows.map((r) => (r === target ? { ...r, grossComparisonCostEur: '888.00' } : r)));
    expect((await publish(second.body.importId)).status).toBe(200);
    const stale = await publish(first.body.importId);
    expect(stale.status).toBe(409);
  });

  it('rolls a version back as a new version, withdrawn packages return with their ids', async () => {
    const versions = (await call<PriceListVersionsPage>('GET', '/v1/provider/catalog/versions', tokens.provider)).body
      .items;
    // The version of the second test: the new trim's 30 packages and the raised price.
    const withTrim = versions.find((v) => v.kind === 'PUBLISH' && v.added === 30 && v.changed === 1);
    expect(withTrim).toBeDefined();
    const rows = await exported();
    const ev3Package = rows.find((r) => r['model'] === 'EV3' && r['trimLevel'] !== 'Nordlicht');
    // Withdraw all EV3 packages of the original trim, then roll that back.
    const withdrawn = await upload(rows.filter((r) => r['vehicleId'] !== ev3Package?.['vehicleId']));
    expect(withdrawn.body.counts.withdrawn).toBe(30);
    const published = (await publish(withdrawn.body.importId)).body;
    expect((await search()).some((v) => v.id === ev3Package?.['vehicleId'])).toBe(false);

    const rollback = await call<PriceListVersion>(
      'POST',
      `/v1/provider/catalog/versions/${published.id}/rollback`,
      tokens.provider,
    );
    expect(rollback.status).toBe(200);
    expect(rollback.body).toMatchObject({
      kind: 'ROLLBACK',
      rolledBackVersionId: published.id,
      added: 30,
      current: true,
    });
    const back = (await call<Vehicle>('GET', `/v1/vehicle/${ev3Package?.['vehicleId']}`, tokens.employee)).body;
    expect(back.leasePackages.map((p) => p.id)).toContain(ev3Package?.['packageId']);
    expect((await search()).some((v) => v.id === ev3Package?.['vehicleId'])).toBe(true);

    // Rolling back the version that brought the new trim takes it off the search again.
    const undoTrim = await call<PriceListVersion>(
      'POST',
      `/v1/provider/catalog/versions/${withTrim?.id}/rollback`,
      tokens.provider,
    );
    expect(undoTrim.status).toBe(200);
    expect((await search()).some((v) => v.trimLevel === 'Nordlicht')).toBe(false);
    const file = await call('GET', `/v1/provider/catalog/versions/${withTrim?.id}/file.csv`, tokens.provider);
    expect(file.text).toContain('Nordlicht');
  });

  it('accepts the file as multipart/form-data from a browser', async () => {
    const rows = await exported();
    const boundary = '----leasing-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="liste.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csvOf(rows)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await call<PriceListPreview>('POST', '/v1/provider/catalog/imports', tokens.provider, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ fileName: 'liste.csv', publishable: true, counts: { errors: 0 } });
  });

  /** A vehicle no other test touches, with all its rows. */
  function untouchedVehicle(rows: Row[]): { vehicleId: string; own: Row[] } {
    const used = ['EV3', 'ID.3', 'ID.4'];
    const vehicleId = rows.find((r) => !used.includes(r['model'] ?? ''))?.['vehicleId'] ?? '';
    return { vehicleId, own: rows.filter((r) => r['vehicleId'] === vehicleId) };
  }
  const eur = (value: string | undefined, plus: number) => (Number(value) + plus).toFixed(2);

  it('publishes the figures of a vehicle whose rows are all new packages, and rolls them back', async () => {
    const rows = await exported();
    const { vehicleId, own } = untouchedVehicle(rows);
    const before = (await call<Vehicle>('GET', `/v1/vehicle/${vehicleId}`, tokens.employee)).body;
    const oldPrice = own[0]?.['listPriceGrossEur'];
    const newPrice = eur(oldPrice, 1_500);
    const newRange = String(Number(own[0]?.['rangeKm']) + 25);
    // Every package replaced by a new one (same terms, 1 EUR more), the vehicle's price and range changed.
    const replaced = own.map((r) => ({
      ...r,
      packageId: '',
      listPriceGrossEur: newPrice,
      rangeKm: newRange,
      totalMonthlyGrossCostEur: eur(r['totalMonthlyGrossCostEur'], 1),
    }));
    const edited = [...rows.filter((r) => r['vehicleId'] !== vehicleId), ...replaced];
    const preview = await upload(edited);
    expect(preview.body).toMatchObject({
      publishable: true,
      errors: [],
      changed: [],
      changedVehicles: [
        {
          vehicleId,
          label: `${before.brand} ${before.carModel}${before.trimLevel ? ` ${before.trimLevel}` : ''}`,
          changes: [
            { column: 'listPriceGrossEur', from: oldPrice, to: newPrice },
            { column: 'rangeKm', from: own[0]?.['rangeKm'], to: newRange },
          ],
        },
      ],
      counts: { added: own.length, withdrawn: own.length, changed: 0, changedVehicles: 1, newVehicles: 0 },
    });
    expect(preview.body.withdrawn.map((w) => w.packageId).sort()).toEqual(own.map((r) => r['packageId']).sort());

    const published = await publish(preview.body.importId);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ added: own.length, changed: 1, withdrawn: own.length });
    const after = (await call<Vehicle>('GET', `/v1/vehicle/${vehicleId}`, tokens.employee)).body;
    expect(after.listPrice).toBe(Number(newPrice));
    expect(after.rangeKm).toBe(Number(newRange));
    expect(after.leasePackages).toHaveLength(own.length);
    expect(after.leasePackages.some((p) => before.leasePackages.some((b) => b.id === p.id))).toBe(false);
    expect((await search()).find((v) => v.id === vehicleId)?.listPrice).toBe(Number(newPrice));
    // The export has the new figures: uploaded again, nothing changes.
    const again = await upload(await exported());
    expect(again.body).toMatchObject({ changed: [], changedVehicles: [], added: [], withdrawn: [] });

    // The rollback brings back the old packages with their ids and the old figures.
    const rollback = await call<PriceListVersion>(
      'POST',
      `/v1/provider/catalog/versions/${published.body.id}/rollback`,
      tokens.provider,
    );
    expect(rollback.status).toBe(200);
    expect(rollback.body).toMatchObject({ added: own.length, changed: 1, withdrawn: own.length });
    const restored = (await call<Vehicle>('GET', `/v1/vehicle/${vehicleId}`, tokens.employee)).body;
    expect(restored.listPrice).toBe(before.listPrice);
    expect(restored.rangeKm).toBe(before.rangeKm);
    expect(restored.leasePackages.map((p) => p.id).sort()).toEqual(before.leasePackages.map((p) => p.id).sort());
  });

  it('publishes the figures of a vehicle with existing and new packages once, as a change of the vehicle', async () => {
    const rows = await exported();
    const { vehicleId, own } = untouchedVehicle(rows);
    const [kept, withdrawnRow] = own as [Row, Row];
    const newPrice = eur(kept['listPriceGrossEur'], 700);
    // One package withdrawn and offered again with the same terms as a new package.
    const edited = [
      ...rows.filter((r) => r['vehicleId'] !== vehicleId),
      ...own.filter((r) => r !== withdrawnRow).map((r) => ({ ...r, listPriceGrossEur: newPrice })),
      {
        ...withdrawnRow,
        packageId: '',
        listPriceGrossEur: newPrice,
        totalMonthlyGrossCostEur: eur(withdrawnRow['totalMonthlyGrossCostEur'], 2),
      },
    ];
    const preview = await upload(edited);
    expect(preview.body).toMatchObject({
      publishable: true,
      changed: [],
      changedVehicles: [{ vehicleId, changes: [{ column: 'listPriceGrossEur', to: newPrice }] }],
      withdrawn: [{ packageId: withdrawnRow['packageId'] }],
      counts: { added: 1, changed: 0, changedVehicles: 1, withdrawn: 1, unchanged: rows.length - 1 },
    });
    expect((await publish(preview.body.importId)).status).toBe(200);
    const after = (await call<Vehicle>('GET', `/v1/vehicle/${vehicleId}`, tokens.employee)).body;
    expect(after.listPrice).toBe(Number(newPrice));
    expect(after.leasePackages).toHaveLength(own.length);
  });

  it('refuses to publish a vehicle change the catalogue has overtaken', async () => {
    const rows = await exported();
    const { vehicleId } = untouchedVehicle(rows);
    const priced = (plus: number) =>
      rows.map((r) =>
        r['vehicleId'] === vehicleId ? { ...r, listPriceGrossEur: eur(r['listPriceGrossEur'], plus) } : r,
      );
    const first = await upload(priced(100));
    const second = await upload(priced(200));
    expect(first.body).toMatchObject({ changed: [], withdrawn: [], counts: { changedVehicles: 1 } });
    expect((await publish(second.body.importId)).status).toBe(200);
    // The first file would now take the price back down from the second's: not what its preview showed.
    expect((await publish(first.body.importId)).status).toBe(409);
  });

  it('refuses differing figures of one vehicle across its rows, with row and column', async () => {
    const rows = await exported();
    const { vehicleId, own } = untouchedVehicle(rows);
    const edited = [
      ...rows.filter((r) => r['vehicleId'] !== vehicleId),
      ...own.map((r, i) => ({
        ...r,
        packageId: '',
        listPriceGrossEur: eur(r['listPriceGrossEur'], i === 1 ? 200 : 100),
      })),
    ];
    const preview = await upload(edited);
    const secondRow = rows.length - own.length + 3;
    expect(preview.body).toMatchObject({
      publishable: false,
      errors: [
        {
          row: secondRow,
          column: 'listPriceGrossEur',
          message: `Weicht von Zeile ${secondRow - 1} desselben Fahrzeugs ab (Fahrzeugangaben gelten für alle seine Pakete)`,
        },
      ],
    });
    expect((await publish(preview.body.importId)).status).toBe(422);
  });
});

/**
 * Test-only DDL (a trigger that fails on purpose): runs as the session's own user, not the
 * application role the app switches to, and switches back afterwards.
 */
async function asOwner(db: Database, statements: ReturnType<typeof sql>[]): Promise<void> {
  await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select current_user as role`)) as unknown as { rows: { role: string }[] };
    const role = result.rows[0]?.role ?? 'postgres';
    await tx.execute(sql`reset role`);
    for (const statement of statements) await tx.execute(statement);
    await tx.execute(sql`select set_config('role', ${role}, false)`);
  });
}
