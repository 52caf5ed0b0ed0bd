import type { VehicleSummary } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_REGISTER_CODE } from '../demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { latestCode } from '../../test-support/mailbox.js';
import type { CatalogVehicle } from './catalog-snapshot.js';
import { refine, snapRefinement } from './search-order.js';

const summary = (over: Partial<VehicleSummary>): VehicleSummary => ({
  id: 'x',
  brand: 'Kia',
  model: 'EV3',
  trimLevel: null,
  maximumPowerKw: 100,
  rangeKm: 400,
  mainPhotoUrl: null,
  leaseFrom: 500,
  yourLeaseFrom: null,
  estimateLeaseFrom: 300,
  listPrice: 40_000,
  consumption: null,
  deliveryFromWeeks: 8,
  deliveryToWeeks: 12,
  approximate: false,
  ...over,
});

const car = (id: string, rangeKm: number) => ({ id, rangeKm }) as CatalogVehicle;

describe('the search order and number filters', () => {
  const cars = [
    summary({ id: 'a', yourLeaseFrom: 310.4, rangeKm: 350, listPrice: 30_000, deliveryFromWeeks: null }),
    summary({ id: 'b', yourLeaseFrom: null, estimateLeaseFrom: 250, rangeKm: 520, listPrice: 50_000 }),
    summary({ id: 'c', yourLeaseFrom: 299.5, rangeKm: 520, listPrice: 45_000, deliveryFromWeeks: 4 }),
    summary({ id: 'd', yourLeaseFrom: 420, rangeKm: 610, listPrice: 60_000, deliveryToWeeks: 10 }),
  ];
  const ids = (list: VehicleSummary[]) => list.map((s) => s.id);
  const none = { sort: null, minRangeKm: null, maxRateEur: null };

  it('orders by the rate shown (own, else estimate), the range, the delivery time and the list price', () => {
    expect(ids(refine(cars, { ...none, sort: 'rate' }))).toEqual(['b', 'c', 'a', 'd']);
    // Equal ranges keep the catalogue's order.
    expect(ids(refine(cars, { ...none, sort: 'range' }))).toEqual(['d', 'b', 'c', 'a']);
    // A time on request comes last; the same first week is decided by the last.
    expect(ids(refine(cars, { ...none, sort: 'delivery' }))).toEqual(['c', 'd', 'b', 'a']);
    expect(ids(refine(cars, { ...none, sort: 'price' }))).toEqual(['a', 'c', 'b', 'd']);
    expect(ids(refine(cars, none))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters by a minimum range and a maximum rate in the whole euros the card shows', () => {
    expect(ids(refine(cars, { ...none, minRangeKm: 520 }))).toEqual(['b', 'c', 'd']);
    // 299.50 € is shown as 300 €, 310.40 € as 310 €.
    expect(ids(refine(cars, { ...none, maxRateEur: 300 }))).toEqual(['b', 'c']);
    expect(ids(refine(cars, { ...none, maxRateEur: 310, sort: 'rate' }))).toEqual(['b', 'c', 'a']);
  });

  it('names each number by the catalogue value bounding the same cars, or nothing when none is left', () => {
    const vehicles = [car('a', 350), car('b', 520), car('c', 610)];
    const rates: Record<string, number> = { a: 31_040, b: 25_000, c: 42_000 };
    const shown = (v: CatalogVehicle) => rates[v.id] ?? 0;
    expect(snapRefinement(vehicles, { minRangeKm: 400, maxRateEur: 400 }, shown)).toEqual({
      sort: null,
      minRangeKm: 520,
      maxRateEur: 310,
    });
    expect(snapRefinement(vehicles, { minRangeKm: 520, sort: 'rate' }, shown)).toEqual({
      sort: 'rate',
      minRangeKm: 520,
      maxRateEur: null,
    });
    expect(snapRefinement(vehicles, { minRangeKm: 700 }, shown)).toBeNull();
    expect(snapRefinement(vehicles, { maxRateEur: 249 }, shown)).toBeNull();
  });
});

describe.each(databaseTargets())('sorted and filtered search on %s', (target) => {
  let t: TestApp;
  let token: string;
  const search = async (query = '', accessToken = token) => {
    const answer = await t.app.inject({ method: 'GET', url: `/v1/search${query}`, headers: bearer(accessToken) });
    return { status: answer.statusCode, cars: answer.json<VehicleSummary[]>(), etag: String(answer.headers['etag']) };
  };
  const shown = (s: VehicleSummary) => s.yourLeaseFrom ?? s.estimateLeaseFrom;

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-03-15T10:00:00+01:00'));
    token = (await loginAs(t.app)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the cheapest personal rate first with sort=rate, over every car of the filter', async () => {
    const all = (await search()).cars;
    const { status, cars } = await search('?sort=rate');
    expect(status).toBe(200);
    expect(cars).toHaveLength(all.length);
    expect(cars.every((s) => s.yourLeaseFrom !== null)).toBe(true);
    const rates = cars.map(shown);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(cars[0]?.yourLeaseFrom).toBe(Math.min(...all.map(shown)));
    expect(new Set(cars.map((s) => s.id))).toEqual(new Set(all.map((s) => s.id)));

    const kia = (await search('?manufacturerIds=Kia,Volkswagen&sort=rate')).cars;
    expect(kia.length).toBeGreaterThan(1);
    expect(kia.every((s) => s.brand === 'Kia' || s.brand === 'Volkswagen')).toBe(true);
    expect(kia.map(shown)).toEqual(kia.map(shown).sort((a, b) => a - b));
  });

  it('orders by range, delivery time and list price', async () => {
    const range = (await search('?sort=range')).cars.map((s) => s.rangeKm);
    expect(range).toEqual([...range].sort((a, b) => b - a));
    const price = (await search('?sort=price')).cars.map((s) => s.listPrice);
    expect(price).toEqual([...price].sort((a, b) => a - b));
    const delivery = (await search('?sort=delivery')).cars.map((s) => s.deliveryFromWeeks ?? Infinity);
    expect(delivery).toEqual([...delivery].sort((a, b) => a - b));
  });

  it('filters by a minimum range and a maximum rate, and answers equal numbers with one answer', async () => {
    const all = (await search()).cars;
    const ranges = [...new Set(all.map((s) => s.rangeKm))].sort((a, b) => a - b);
    const middle = ranges[Math.floor(ranges.length / 2)] ?? 0;
    const long = await search(`?minRangeKm=${String(middle)}`);
    expect(long.cars.length).toBeGreaterThan(0);
    expect(long.cars.length).toBeLessThan(all.length);
    expect(long.cars.every((s) => s.rangeKm >= middle)).toBe(true);
    // One km above the range below selects the same cars: the same answer.
    const below = ranges[ranges.indexOf(middle) - 1] ?? 0;
    expect((await search(`?minRangeKm=${String(below + 1)}`)).etag).toBe(long.etag);

    const rates = [...new Set(all.map((s) => Math.round(shown(s))))].sort((a, b) => a - b);
    const limit = rates[Math.floor(rates.length / 3)] ?? 0;
    const cheap = await search(`?maxRateEur=${String(limit)}&sort=rate`);
    expect(cheap.cars.length).toBe(all.filter((s) => Math.round(shown(s)) <= limit).length);
    expect(cheap.cars.every((s) => Math.round(shown(s)) <= limit)).toBe(true);
    const next = rates[rates.indexOf(limit) + 1] ?? limit + 1;
    expect((await search(`?maxRateEur=${String(next - 1)}&sort=rate`)).etag).toBe(cheap.etag);

    const both = (await search(`?minRangeKm=${String(middle)}&maxRateEur=${String(limit)}`)).cars;
    expect(both.every((s) => s.rangeKm >= middle && Math.round(shown(s)) <= limit)).toBe(true);
    expect((await search('?maxRateEur=1')).cars).toEqual([]);
    expect((await search('?minRangeKm=2000')).cars).toEqual([]);
  });

  it('refuses an unknown order and numbers out of range', async () => {
    for (const query of ['?sort=name', '?minRangeKm=-1', '?minRangeKm=2001', '?maxRateEur=1.5', '?maxRateEur=abc']) {
      expect((await search(query)).status, query).toBe(400);
    }
  });

  it('orders the estimate for a person without salary data', async () => {
    const email = 'sortiert-ohne-gehalt@example.com';
    await t.app.inject({
      method: 'POST',
      url: `/v1/auth/register/${DEMO_REGISTER_CODE}`,
      payload: {
        firstName: 'Sina',
        lastName: 'Sortiert',
        email,
        password: 'Tulpen-im-Mai-123',
        confirmPassword: 'Tulpen-im-Mai-123',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: `/v1/confirm/email/code/${await latestCode(t.app, email, '/user/emailConfirm/')}`,
    });
    const other = (await loginAs(t.app, email, 'Tulpen-im-Mai-123')).accessToken;
    const cars = (await search('?sort=rate', other)).cars;
    expect(cars.every((s) => s.yourLeaseFrom === null)).toBe(true);
    const estimates = cars.map((s) => s.estimateLeaseFrom);
    expect(estimates).toEqual([...estimates].sort((a, b) => a - b));
  });
});
