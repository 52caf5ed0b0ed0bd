import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { PAGE_PICTURE_SLOT } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../modules/demo/accounts.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../test-support/harness.js';

describe('serving the web app on the API port', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'login.html'), '<!doctype html><div id="root"><form>Anmelden</form></div>');
    // Route pages: index.html naming a route's scripts (apps/web/scripts/prerender.mjs).
    fs.mkdirSync(path.join(webDist, 'vehicle'));
    fs.writeFileSync(path.join(webDist, 'vehicle', '[vehicleId].html'), '<!doctype html><!-- vehicle page -->');
    // Its variant with the vehicle's first picture in the page before the data, for the server to fill in.
    fs.writeFileSync(
      path.join(webDist, 'vehicle', '[vehicleId].with-picture.html'),
      `<!doctype html><!-- vehicle shell --><img src="${PAGE_PICTURE_SLOT}" alt="">`,
    );
    fs.writeFileSync(path.join(webDist, 'vehicle', 'compare.html'), '<!doctype html><!-- compare page -->');
    fs.mkdirSync(path.join(webDist, 'profile'));
    fs.writeFileSync(path.join(webDist, 'profile', 'salary.html'), '<!doctype html><!-- salary page -->');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What apps/web/scripts/precompress.mjs writes beside each asset.
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
    fs.mkdirSync(path.join(webDist, 'locales', 'de'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'locales', 'de', 'translation.json'), '{"main":{"filter":"Filtern"}}');
    t = await createTestApp('pglite', { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/', '/search', '/faq', '/profile/orders', '/vehicle/', '/vehicle/1/2'])(
    'answers %s with index.html',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers /login (with or without a query) with the prerendered sign-in page', async () => {
    for (const url of ['/login', '/login?callbackPath=%2Fsearch']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<form>Anmelden</form>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const other = await t.app.inject({ method: 'GET', url: '/login/elsewhere' });
    expect(other.body).not.toContain('Anmelden');
  });

  it('answers a route page for its path, a bracketed segment standing for any one segment', async () => {
    const expectations: [string, string][] = [
      ['/profile/salary', 'salary page'],
      ['/vehicle/123', 'vehicle page'],
      ['/vehicle/7b81-c94d?from=search', 'vehicle page'],
      // A page without a placeholder is the closer match.
      ['/vehicle/compare', 'compare page'],
    ];
    for (const [url, page] of expectations) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(page);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("names the vehicle page's first picture for the browser to load with the page, and nothing for an unknown id", async () => {
    const { accessToken } = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    const [first] = (await t.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(accessToken) })).json<
      { id: string }[]
    >();
    if (!first) throw new Error('the demo catalogue is empty');
    const vehicle = (
      await t.app.inject({ method: 'GET', url: `/v1/vehicle/${first.id}`, headers: bearer(accessToken) })
    ).json<{ pictureUrls: string[] }>();

    // Asked for without a session, as a browser asks for a page.
    const page = await t.app.inject({ method: 'GET', url: `/vehicle/${first.id}?from=search` });
    const firstPicture = String(vehicle.pictureUrls[0]);
    expect(page.headers['link']).toBe(`<${firstPicture}>; rel=preload; as=image; fetchpriority=high`);
    const picture = await t.app.inject({ method: 'GET', url: firstPicture });
    expect(picture.statusCode).toBe(200);

    for (const url of [`/vehicle/${crypto.randomUUID()}`, '/vehicle/123', '/search', '/login']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(200);
      expect(other.headers['link'], url).toBeUndefined();
      expect(other.body, url).not.toContain(PAGE_PICTURE_SLOT);
    }
  });

  it('answers a vehicle page with its first picture in the page before the data, compressed as the browser accepts, and the page without it for an unknown id', async () => {
    const { accessToken } = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    const [first, second] = (
      await t.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(accessToken) })
    ).json<{ id: string }[]>();
    if (!first || !second) throw new Error('the demo catalogue has fewer than two vehicles');
    const pictureOf = async (id: string) =>
      String(
        (await t.app.inject({ method: 'GET', url: `/v1/vehicle/${id}`, headers: bearer(accessToken) })).json<{
          pictureUrls: string[];
        }>().pictureUrls[0],
      );
    const [firstPicture, secondPicture] = [await pictureOf(first.id), await pictureOf(second.id)];
    const shell = (url: string) => `<!doctype html><!-- vehicle shell --><img src="${url}" alt="">`;

    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, identity: (body: Buffer) => body };
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', 'identity'],
    ] as const) {
      // Twice: the second answer comes from what the first one kept.
      for (let round = 0; round < 2; round++) {
        const page = await t.app.inject({
          method: 'GET',
          url: `/vehicle/${first.id}`,
          headers: { 'accept-encoding': accepted },
        });
        expect(page.statusCode, accepted).toBe(200);
        expect(page.headers['content-encoding'], accepted).toBe(encoding === 'identity' ? undefined : encoding);
        expect(page.headers['content-type'], accepted).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control'], accepted).toBe('no-cache');
        expect(String(page.headers['vary']), accepted).toMatch(/accept-encoding/i);
        expect(String(page.headers['content-security-policy']), accepted).toContain("script-src 'self'");
        expect(decoders[encoding](page.rawPayload).toString(), accepted).toBe(shell(firstPicture));
      }
    }
    // Another vehicle, its own picture: nothing kept for the first one leaks into its page.
    const other = await t.app.inject({
      method: 'GET',
      url: `/vehicle/${second.id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(zlib.brotliDecompressSync(other.rawPayload).toString()).toBe(shell(secondPicture));
    expect(secondPicture).not.toBe(firstPicture);

    for (const url of [`/vehicle/${crypto.randomUUID()}`, '/vehicle/123']) {
      const unknown = await t.app.inject({ method: 'GET', url });
      expect(unknown.body, url).toContain('vehicle page');
      expect(unknown.body, url).not.toContain('vehicle shell');
    }
    // The variant is no page of its own.
    const variant = await t.app.inject({ method: 'GET', url: '/vehicle/[vehicleId].with-picture' });
    expect(variant.body).not.toContain('vehicle shell');
  });

  it('sends a strict Content-Security-Policy and nosniff', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS and grants no other origin access to the API (no CORS)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const read = await t.app.inject({ method: 'GET', url: '/v1/search', headers: { origin: 'https://evil.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the compressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const url = '/assets/app-abc123.js';
    const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    expect(String(brotli.headers['vary'])).toMatch(/accept-encoding/i);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('does not answer missing files or API paths with the app', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/search' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/health/unknown' });
    expect(api.headers['content-type']).toMatch(/application\/json/);
  });

  it('serves translations and refuses path tricks', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/locales/de/translation.json' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ main: { filter: 'Filtern' } });
    expect((await t.app.inject({ method: 'GET', url: '/locales/de/missing.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/locales/..%2F..%2Fetc/passwd.json' })).statusCode).toBe(400);
  });

  it('records missing translation keys only in development', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/locales/add/de/translation', payload: { a: 'b' } });
    expect(response.statusCode).toBe(404);
  });
});
