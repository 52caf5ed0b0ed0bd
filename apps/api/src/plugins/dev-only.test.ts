import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../config/env.js';
import { DEMO_ACCOUNTS } from '../modules/demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';
import { isLoopbackAddress } from './dev-only.js';

const STRANGER = '203.0.113.7';

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each(['203.0.113.7', '10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', 'fe80::1', 'localhost'])(
    '%s is not',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );
});

describe('configuration of the listener and the proxy trust', () => {
  const base = { DATA_DIR: '/tmp/x' };
  it('listens on loopback in development and on every interface in production unless HOST says otherwise', () => {
    expect(loadConfig({ ...base }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
  it('never turns the development tools on in production, whatever DEMO_DATA says', () => {
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://a.example', DEMO_DATA: 'true' }).devTools,
    ).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).devTools).toBe(true);
  });
  it('reads TRUST_PROXY as a hop count or a list of addresses, and refuses anything else', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    for (const bad of ['0', 'true', '10.0.0.0/33', 'nginx', '1.2.3']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each(databaseTargets())('development tools outside production on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serve the mailbox to a loopback client only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(200);
    const remote = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: STRANGER });
    expect(remote.statusCode).toBe(404);
    const html = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: STRANGER });
    expect(html.statusCode).toBe(404);
    expect(html.body).not.toContain('Postfach');
  });

  it('refuse a loopback peer that forwards for someone else (a local reverse proxy)', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/dev/mailbox.json',
        headers: { [header]: header === 'forwarded' ? `for=${STRANGER}` : STRANGER },
      });
      expect(response.statusCode, header).toBe(404);
    }
  });

  it('do not let a header claim loopback', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox.json',
      remoteAddress: STRANGER,
      headers: { 'x-forwarded-for': '127.0.0.1', host: 'localhost' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('hide the identity simulator pages and API from other machines', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/simulator/cases/unknown', remoteAddress: STRANGER });
    expect(page.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'POST', url: '/simulator/api/faults', remoteAddress: STRANGER });
    expect(api.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/simulator/cases/unknown' })).statusCode).not.toBe(200);
  });

  it('hide the trust service from other machines, but publish its CA certificates and CRLs as any CA does', async () => {
    const forwarded = { 'x-forwarded-for': STRANGER };
    for (const url of ['/simulator/csc/v2/info', '/simulator/csc/oauth2/authorize', '/simulator/tsa']) {
      const hidden = await t.app.inject({ method: url.endsWith('info') ? 'POST' : 'GET', url, headers: forwarded });
      expect(hidden.statusCode, url).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/simulator/csc/faults', remoteAddress: STRANGER })).statusCode,
    ).toBe(404);
    // The long-term extension reads these at the public URL, through a reverse proxy.
    for (const url of [
      '/simulator/ca/root.cer',
      '/simulator/ca/issuing.cer',
      '/simulator/crl/issuing.crl',
      '/simulator/ca.pem',
    ]) {
      const published = await t.app.inject({ method: 'GET', url, headers: forwarded });
      expect(published.statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/simulator/ca/other.cer', headers: forwarded })).statusCode).toBe(
      404,
    );
  });
});

describe.each(databaseTargets())('production with demo data on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', DEMO_DATA: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves no mailbox, no simulator and no translation writes, even to loopback', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/simulator/cases/x' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/simulator/api/cases', payload: {} })).statusCode).toBe(404);
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin);
    const write = await t.app.inject({
      method: 'POST',
      url: '/locales/add/de/translation',
      headers: bearer(admin.accessToken),
      payload: { 'main.new': 'Neu' },
    });
    expect(write.statusCode).toBe(404);
    const docs = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: object }>();
    expect(Object.keys(docs.paths).filter((p) => p.startsWith('/dev') || p.startsWith('/locales/add'))).toEqual([]);
  });
});

describe.each(databaseTargets())('recording missing translation keys in development on %s', (target) => {
  let t: TestApp;
  let recorded: string;
  beforeAll(async () => {
    t = await createTestApp(target, { env: { NODE_ENV: 'development' } });
    recorded = path.join(t.config.dataDir, 'locales-missing', 'de', 'translation.json');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });
  const post = (headers: Record<string, string>, payload: unknown, url = '/locales/add/de/translation') =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, string> });

  it('refuses anonymous callers and employees', async () => {
    expect((await post({}, { 'main.new': 'Neu' })).statusCode).toBe(401);
    const employee = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    expect((await post(bearer(employee.accessToken), { 'main.new': 'Neu' })).statusCode).toBe(403);
    expect(fs.existsSync(recorded)).toBe(false);
  });

  it('stores the keys an admin posts from this machine in DATA_DIR', async () => {
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    expect((await post(bearer(admin.accessToken), { 'main.new': 'Neu' })).statusCode).toBe(204);
    expect(JSON.parse(fs.readFileSync(recorded, 'utf8'))).toEqual({ 'main.new': 'Neu' });
  });

  it('refuses other machines, odd keys, unknown namespaces and oversized files', async () => {
    const admin = bearer((await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken);
    const remote = await t.app.inject({
      method: 'POST',
      url: '/locales/add/de/translation',
      headers: admin,
      payload: { 'main.other': 'x' },
      remoteAddress: STRANGER,
    });
    expect(remote.statusCode).toBe(404);
    expect((await post(admin, { '../../evil': 'x' })).statusCode).toBe(400);
    expect((await post(admin, { 'a b': 'x' })).statusCode).toBe(400);
    expect((await post(admin, {})).statusCode).toBe(400);
    expect((await post(admin, { 'main.x': 'x' }, '/locales/add/de/made-up')).statusCode).toBe(404);
    const big = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`bulk.k${i}`, 'x'.repeat(1_900)]));
    expect((await post(admin, big)).statusCode).toBe(413);
    expect(JSON.parse(fs.readFileSync(recorded, 'utf8'))).toEqual({ 'main.new': 'Neu' });
  });
});
