import type { TenantSsoConfig } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tenantSso } from '../../db/schema-sso.js';
import { auditLog } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { saveSso, ssoConfig, startIdp } from '../../test-support/company-sign-in.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { TEST_IDP_CLIENT_SECRET, type TestIdp } from '../../test-support/test-idp.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';

describe.each(databaseTargets())("HR's configuration of the company sign-in on %s", (target) => {
  let t: TestApp;
  let idp: TestIdp;
  let hr: string;
  let employee: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    idp = await startIdp(t);
    hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    // Before the employer requires the company account (a test below switches that on).
    employee = (await loginAs(t.app)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await idp.close();
    await t.close();
  });

  const read = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/tenant/sso', headers: bearer(token) });
    return { status: response.statusCode, body: response.json<TenantSsoConfig>(), raw: response.body };
  };

  it('answers an empty configuration first, with the redirect URI to register', async () => {
    const answer = await read(hr);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      configured: false,
      issuer: null,
      clientId: null,
      clientSecretSet: false,
      emailDomains: [],
      enabled: false,
      requireSso: false,
      callbackUrl: `${t.config.publicUrl}/v1/auth/sso/callback`,
      updatedAt: null,
    });
  });

  it('saves after discovery at the issuer; the secret is write-only and kept when left out', async () => {
    const saved = await saveSso(t, hr, ssoConfig(idp, ['Muster-GmbH.example', '@tochter.example']));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      issuer: idp.issuer,
      clientSecretSet: true,
      emailDomains: ['muster-gmbh.example', 'tochter.example'],
      enabled: true,
    });
    const answer = await read(hr);
    expect(answer.raw).not.toContain(TEST_IDP_CLIENT_SECRET);
    expect(answer.body).toEqual(saved.body);

    const db = t.runtime.database.db;
    const stored = () => runAsSystem(() => db.select().from(tenantSso));
    const [before] = await stored();
    expect(before?.clientSecretCiphertext.toString('utf8')).not.toContain(TEST_IDP_CLIENT_SECRET);
    // Without a secret the stored one stays (and still works: discovery was checked with it).
    const { clientSecret, ...withoutSecret } = ssoConfig(idp, ['muster-gmbh.example']);
    void clientSecret;
    const kept = await saveSso(t, hr, { ...withoutSecret, requireSso: true });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ clientSecretSet: true, emailDomains: ['muster-gmbh.example'], requireSso: true });
    const [after] = await stored();
    expect(after?.clientSecretCiphertext).toEqual(before?.clientSecretCiphertext);

    const audited = await runAsSystem(() =>
      db
        .select({ action: auditLog.action, fields: auditLog.fields })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'tenant_sso'), eq(auditLog.subjectId, before?.tenantId ?? ''))),
    );
    expect(audited).toEqual([
      {
        action: 'tenant.sso.created',
        fields: ['issuer', 'clientId', 'clientSecret', 'emailDomains', 'enabled', 'requireSso'],
      },
      { action: 'tenant.sso.updated', fields: ['emailDomains', 'requireSso'] },
    ]);
  });

  it('refuses an issuer without a provider in German (422 on issuer), and bad input (400)', async () => {
    const nowhere = await saveSso(t, hr, {
      ...ssoConfig(idp, ['muster-gmbh.example']),
      issuer: `${idp.issuer}/falsch`,
    });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.code).toBe('SSO_DISCOVERY_FAILED');
    expect(nowhere.body.message).toContain('Identitätsanbieter');
    expect(nowhere.body.errors).toEqual([{ field: 'issuer', message: 'discovery' }]);

    const unreachable = await saveSso(t, hr, {
      ...ssoConfig(idp, ['muster-gmbh.example']),
      issuer: 'http://127.0.0.1:1',
    });
    expect(unreachable.status).toBe(422);

    const invalid = await saveSso(t, hr, {
      ...ssoConfig(idp, ['muster-gmbh.example', 'kein domain', 'muster-gmbh.example']),
      issuer: 'http://idp.example.com',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.map((e) => `${e.field}:${e.message}`).sort()).toEqual(
      ['emailDomains.1:invalid', 'emailDomains:duplicate', 'issuer:https'].sort(),
    );
    const wellKnown = await saveSso(t, hr, {
      ...ssoConfig(idp, ['muster-gmbh.example']),
      issuer: `${idp.issuer}/.well-known/openid-configuration`,
    });
    expect(wellKnown.status).toBe(400);
    // Nothing of the refused saves was stored.
    expect((await read(hr)).body.emailDomains).toEqual(['muster-gmbh.example']);
  });

  it("gives a domain to one employer only (409), and keeps HR's configuration from everyone else", async () => {
    const other = await buildTenant(t.app, t.app.orderDeps.db, { prefix: 'zweit', now: t.clock.now() });
    const taken = await saveSso(t, other.admin.accessToken, ssoConfig(idp, ['zweit.example', 'muster-gmbh.example']));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('muster-gmbh.example');
    expect((await saveSso(t, other.admin.accessToken, ssoConfig(idp, ['zweit.example']))).status).toBe(200);
    // Each HR sees its own employer's only.
    expect((await read(other.admin.accessToken)).body.emailDomains).toEqual(['zweit.example']);
    expect((await read(hr)).body.emailDomains).toEqual(['muster-gmbh.example']);

    expect((await read(employee)).status).toBe(403);
    expect((await saveSso(t, employee, ssoConfig(idp, ['x.example']))).status).toBe(403);
    const provider = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
    expect((await read(provider)).status).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/tenant/sso' });
    expect(anonymous.statusCode).toBe(401);
  });
});
