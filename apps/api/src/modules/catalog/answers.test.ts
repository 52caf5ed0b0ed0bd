import zlib from 'node:zlib';

import type { VehicleSummary } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { AnswerCache, prepareAnswer } from './answer-cache.js';

describe('prepared answers', () => {
  it('name the same content with the same strong ETag, whichever process made it', () => {
    const json = JSON.stringify({ cars: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Auto ${i}` })) });
    const [a, b] = [prepareAnswer(json), prepareAnswer(json)];
    expect(a.etag).toBe(b.etag);
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(prepareAnswer(`${json} `).etag).not.toBe(a.etag);
    expect(zlib.brotliDecompressSync(a.br).toString()).toBe(json);
    expect(zlib.gunzipSync(a.gzip).toString()).toBe(json);
    expect(a.br.length).toBeLessThan(a.json.length / 4);
  });

  it('keep the cache within its bytes, dropping the least recently used', async () => {
    const cache = new AnswerCache(200_000);
    const big = (seed: number) => JSON.stringify(Array.from({ length: 2_000 }, (_, i) => (i * seed) % 9973));
    for (let i = 0; i < 100; i++) await cache.getOrMake(`key-${i}`, () => big(i + 1));
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.size).toBeLessThan(100);
    let made = false;
    await cache.getOrMake('key-99', () => {
      made = true;
      return big(100);
    });
    expect(made).toBe(false);
  });
});

describe.each(databaseTargets())('search and vehicle answers on %s', (target) => {
  let t: TestApp;
  let token: string;
  const search = (url = '/v1/search', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

  beforeAll(async () => {
    t = await createTestApp(target);
    token = (await loginAs(t.app)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the search compressed as the client accepts it, with an ETag, and 304 when unchanged', async () => {
    const plain = await search();
    const cars = plain.json<VehicleSummary[]>();
    expect(cars.length).toBeGreaterThan(10);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers['vary']).toContain('Accept-Encoding');
    const etag = String(plain.headers['etag']);

    const br = await search('/v1/search', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(cars);
    const gzip = await search('/v1/search', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(cars);
    expect(br.headers['etag']).toBe(etag);

    const revalidated = await search('/v1/search', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    // Another person's answer differs (their own rates), and never revalidates with this tag.
    const other = await t.app.inject({ method: 'GET', url: '/v1/search', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(401);
  });

  it('revalidates the vehicle page too, and a changed profile changes the tag', async () => {
    const [car] = (await search()).json<VehicleSummary[]>();
    const url = `/v1/vehicle/${car?.id ?? ''}`;
    const first = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers['etag']);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    const info = await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: bearer(token) });
    const { addressDto, salaryInfo } = info.json<{
      addressDto: Record<string, unknown>;
      salaryInfo: Record<string, unknown>;
    }>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(token),
      payload: {
        addressDto,
        salaryInfo: { ...salaryInfo, grossMonthlySalaryEur: Number(salaryInfo['grossMonthlySalaryEur']) + 500 },
      },
    });
    expect(saved.statusCode).toBe(200);
    const changed = await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
  });

  it('keeps made-up filter values from filling the cache: they match nothing and share one answer', async () => {
    const misses = async () =>
      (await t.app.metrics.cacheLookups.get()).values
        .filter((v) => v.labels['cache'] === 'answers' && v.labels['result'] === 'miss')
        .reduce((sum, v) => sum + v.value, 0);
    await search('/v1/search?manufacturerIds=Erfunden-0');
    const before = await misses();
    const tags = new Set<string>();
    for (let i = 1; i <= 1_200; i++) {
      const answer = await search(`/v1/search?manufacturerIds=Erfunden-${i}&modelIds=Modell-${i}`);
      expect(answer.statusCode).toBe(200);
      tags.add(String(answer.headers['etag']));
    }
    expect(tags.size).toBe(1);
    expect(await misses()).toBe(before);
    // A real brand among made-up ones still filters by the real one.
    const kia = (await search('/v1/search?manufacturerIds=Kia,Erfunden')).json<VehicleSummary[]>();
    expect(kia.length).toBeGreaterThan(0);
    expect(kia.every((car) => car.brand === 'Kia')).toBe(true);
  });

  it('marks the answers of other signed-in routes no-store, and logout clears the browser cache', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(token) });
    expect(me.headers['cache-control']).toBe('no-store');
    const session = await loginAs(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['clear-site-data']).toBe('"cache"');
  });
});
