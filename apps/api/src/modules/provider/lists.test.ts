import type { ErrorResponse, PriceListVersionsPage, ProviderTenantsPage, TenantDetail } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAsSystem } from '../../db/scope.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';
import { seedScale } from '../demo/scale.js';
import { seedPriceListHistory } from '../demo/scale-price-lists.js';

/** The provider's employers and price lists are searched, sorted and paged in the database. */
describe.each(databaseTargets())('provider lists on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    const db = t.runtime.database.db;
    await seedScale(db, t.app.orderDeps.cipher, { employers: 12, employees: 90, leases: 20, priceLists: 0 });
    await runAsSystem(() => seedPriceListHistory(db, 45, new Date('2026-11-01T12:00:00Z')));
    call = caller(t.app);
    token = (await tokensOfDemoRoles(t.app)).provider;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const tenants = async (query: string) =>
    (await call<ProviderTenantsPage>('GET', `/v1/provider/tenants${query}`, token)).body;
  const versions = async (query: string) =>
    (await call<PriceListVersionsPage>('GET', `/v1/provider/catalog/versions${query}`, token)).body;

  it('pages the employers by name, every employer once, with the head counts of its detail', async () => {
    const first = await tenants('?pageSize=5');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 5 });
    const rest = [...(await tenants('?pageSize=5&page=2')).items, ...(await tenants('?pageSize=5&page=3')).items];
    const all = [...first.items, ...rest];
    expect(all).toHaveLength(12);
    expect(new Set(all.map((x) => x.id)).size).toBe(12);
    const names = all.map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const largest = all.reduce((a, b) => (b.employees > a.employees ? b : a));
    const detail = (await call<TenantDetail>('GET', `/v1/provider/tenants/${largest.id}`, token)).body;
    expect(largest).toMatchObject({
      employees: detail.employees,
      activeOrders: detail.activeOrders,
      activeCodes: detail.activeCodes,
    });
    expect(all.reduce((sum, x) => sum + x.employees, 0)).toBeGreaterThanOrEqual(90);
  });

  it('searches name, place, postcode and contact, filters by state and sorts the newest first', async () => {
    const muster = await tenants('?q=MUSTER');
    expect(muster.items.map((x) => x.name)).toEqual(['Muster GmbH']);
    const byMail = await tenants(`?q=${encodeURIComponent('@firma3.example')}`);
    expect(byMail.items.map((x) => x.contactEmail)).toEqual(['personal@firma3.example.com']);
    expect((await tenants(`?q=${encodeURIComponent('%')}`)).total).toBe(0);
    const all = (await tenants('?pageSize=100')).items;
    const place = all.find((x) => x.place)?.place ?? '';
    const inPlace = await tenants(`?q=${encodeURIComponent(place)}&pageSize=100`);
    expect(inPlace.items.length).toBe(all.filter((x) => x.place?.includes(place)).length);
    expect((await tenants('?status=DISABLED')).total).toBe(0);
    expect((await tenants('?status=ENABLED')).total).toBe(12);
    const newest = (await tenants('?sort=newest&pageSize=100')).items.map((x) => x.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('pages the price lists newest first, finds one by number or file name, and marks the live one', async () => {
    const first = await versions('?pageSize=20');
    expect(first).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(first.items[0]?.current).toBe(true);
    expect(first.items.filter((v) => v.current)).toHaveLength(1);
    const last = await versions('?pageSize=20&page=3');
    expect(last.items).toHaveLength(5);
    expect(last.items.some((v) => v.current)).toBe(false);
    const oldest = await versions('?sort=oldest&pageSize=1');
    expect(oldest.items[0]?.id).toBe(last.items.at(-1)?.id);
    const id = first.items[3]?.id ?? 0;
    expect((await versions(`?q=%23${id}`)).items.map((v) => v.id)).toEqual([id]);
    const rollbacks = await versions(`?q=${encodeURIComponent('stand vor')}&pageSize=100`);
    expect(rollbacks.total).toBe(4);
    expect(rollbacks.items.every((v) => v.kind === 'ROLLBACK')).toBe(true);
  });

  it('answers bad paging with 400 and the field, and stays closed to other roles', async () => {
    for (const [url, field] of [
      ['/v1/provider/tenants?pageSize=500', 'pageSize'],
      ['/v1/provider/tenants?page=0', 'page'],
      ['/v1/provider/tenants?sort=size', 'sort'],
      ['/v1/provider/tenants?status=ON', 'status'],
      ['/v1/provider/catalog/versions?pageSize=abc', 'pageSize'],
      ['/v1/provider/catalog/versions?sort=name', 'sort'],
      ['/v1/provider/catalog/versions?unknown=1', ''],
    ] as const) {
      const response = await call<ErrorResponse>('GET', url, token);
      expect(response.status, url).toBe(400);
      if (field)
        expect(
          response.body.errors?.map((e) => e.field),
          url,
        ).toContain(field);
    }
    const hr = (await tokensOfDemoRoles(t.app)).tenantAdmin;
    expect((await call('GET', '/v1/provider/tenants', hr)).status).toBe(403);
    expect((await call('GET', '/v1/provider/catalog/versions', hr)).status).toBe(403);
  });
});
