import type { ApiKey, ApiKeyCreated, PayrollExport } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { berlinToday } from '../lease-end/returns.js';

describe.each(databaseTargets())('API keys of an employer on %s', (target) => {
  let t: TestApp;
  let tenantAdmin: string;
  let employee: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    employee = (await loginAs(t.app)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: (json ? response.json() : null) as T, raw: response };
  }
  const month = () => berlinToday(t.clock.now()).slice(0, 7);

  it('downloads the payroll CSV with payroll:read, gets 403 on people, and stops at once when revoked', async () => {
    const created = await call<ApiKeyCreated>('POST', '/v1/tenant/api-keys', tenantAdmin, {
      name: 'Lohnbuchhaltung',
      scopes: ['payroll:read'],
    });
    expect(created.status).toBe(201);
    const { key } = created.body;
    expect(key).toMatch(/^lk_[0-9a-f]{8}_/);
    expect(created.body.prefix).toBe(key.slice(0, 11));

    const csv = await call<string>('GET', `/v1/tenant/payroll/${month()}.csv`, key);
    expect(csv.status).toBe(200);
    expect(csv.raw.headers['content-type']).toContain('text/csv');
    expect(csv.raw.body).toContain('Personalnummer;Name;Bestellung');
    const json = await call<PayrollExport>('GET', `/v1/tenant/payroll/${month()}`, key);
    const asHr = await call<PayrollExport>('GET', `/v1/tenant/payroll/${month()}`, tenantAdmin);
    expect(json.body).toEqual(asHr.body);

    expect((await call('GET', '/v1/tenant/employees', key)).status).toBe(403);
    expect((await call('GET', '/v1/me', key)).status).toBe(403);
    // A key never makes keys.
    expect((await call('POST', '/v1/tenant/api-keys', key, { name: 'x', scopes: ['people:read'] })).status).toBe(403);

    // Listed without the secret; every use audited with the key's name.
    const listed = await call<ApiKey[]>('GET', '/v1/tenant/api-keys', tenantAdmin);
    expect(listed.body.map((k) => k.id)).toContain(created.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const used = await runAsSystem(() =>
      t.runtime.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'tenant.api_key.used'), eq(auditLog.subjectId, created.body.id))),
    );
    expect(used.length).toBeGreaterThanOrEqual(2);
    expect(used[0]?.fields).toContain('key:Lohnbuchhaltung');

    expect((await call('DELETE', `/v1/tenant/api-keys/${created.body.id}`, tenantAdmin)).status).toBe(204);
    expect((await call('GET', `/v1/tenant/payroll/${month()}.csv`, key)).status).toBe(401);
  });

  it("refuses a wrong secret, an expired key, another employer's key and anyone but HR", async () => {
    const created = (
      await call<ApiKeyCreated>('POST', '/v1/tenant/api-keys', tenantAdmin, {
        name: 'Personalsystem',
        scopes: ['people:read', 'payroll:read'],
        expiresAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
      })
    ).body;
    const wrong = `${created.key.slice(0, 12)}${created.key.slice(12).split('').reverse().join('')}`;
    expect((await call('GET', '/v1/tenant/employees', wrong)).status).toBe(401);
    expect((await call('GET', '/v1/tenant/employees', created.key)).status).toBe(200);
    t.clock.advance(2 * 3_600_000);
    expect((await call('GET', '/v1/tenant/employees', created.key)).status).toBe(401);
    // The people's access tokens have run out as well by now.
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    employee = (await loginAs(t.app)).accessToken;

    // Another employer's key sees its own employer only.
    const other = await buildTenant(t.app, t.app.orderDeps.db, { prefix: 'schluessel', now: t.clock.now() });
    const theirs = (
      await call<ApiKeyCreated>('POST', '/v1/tenant/api-keys', other.admin.accessToken, {
        name: 'Fremd',
        scopes: ['people:read'],
      })
    ).body;
    const people = await call<{ items: { email: string }[] }>('GET', '/v1/tenant/employees', theirs.key);
    expect(people.status).toBe(200);
    expect(people.body.items.map((p) => p.email)).not.toContain(DEMO_ACCOUNTS.employee);
    expect((await call('DELETE', `/v1/tenant/api-keys/${theirs.id}`, tenantAdmin)).status).toBe(404);
    expect((await call<ApiKey[]>('GET', '/v1/tenant/api-keys', tenantAdmin)).body.map((k) => k.id)).not.toContain(
      theirs.id,
    );

    expect((await call('POST', '/v1/tenant/api-keys', employee, { name: 'x', scopes: ['payroll:read'] })).status).toBe(
      403,
    );
    const invalid = await call<{ errors: { field: string }[] }>('POST', '/v1/tenant/api-keys', tenantAdmin, {
      name: '',
      scopes: ['payroll:write'],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e) => e.field).sort()).toEqual(['name', 'scopes.0']);
  });
});
