import type { CreateTenantResponse, RegisterCode, TenantDetail } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { beispielAg, caller, newEmployee, registerAndConfirm, tokensOfDemoRoles } from '../../test-support/provider.js';
import { expiryInstant } from './register-codes.js';

describe.each(databaseTargets())('provider: register codes on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let tenant: CreateTenantResponse;
  let ip = 0;
  const nextIp = () => `10.8.${Math.floor(++ip / 200)}.${ip % 200}`;

  beforeAll(async () => {
    t = await createTestApp(target);
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    tenant = (await call<CreateTenantResponse>('POST', '/v1/provider/tenants', tokens.provider, beispielAg())).body;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const register = (code: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/auth/register/${code}`,
      payload: newEmployee(email),
      remoteAddress: nextIp(),
    });
  const addCode = (body: object, token = tokens.provider) =>
    call<RegisterCode>('POST', `/v1/provider/tenants/${tenant.id}/register-codes`, token, body);
  const codes = async () =>
    (await call<TenantDetail>('GET', `/v1/provider/tenants/${tenant.id}`, tokens.provider)).body.registerCodes;

  /** What an unknown code gets: every unusable code must get exactly this. */
  async function unknownAnswer() {
    const response = await register('NICHT-DA', `unbekannt${ip}@beispiel.example`);
    return { status: response.statusCode, body: response.json<unknown>() };
  }

  it('is for the provider only', async () => {
    expect((await addCode({}, tokens.employee)).status).toBe(403);
    expect((await addCode({}, tokens.tenantAdmin)).status).toBe(403);
    const revoke = await call(
      'DELETE',
      `/v1/provider/tenants/${tenant.id}/register-codes/${tenant.registerCode}`,
      tokens.tenantAdmin,
    );
    expect(revoke.status).toBe(403);
  });

  it('adds a code without limits, also when no body is sent', async () => {
    const bare = await call<RegisterCode>('POST', `/v1/provider/tenants/${tenant.id}/register-codes`, tokens.provider);
    expect(bare.status, bare.text).toBe(201);
    expect(bare.body).toMatchObject({ state: 'ACTIVE', maxUses: null, expiresAt: null, uses: 0 });
  });

  it('takes a code however it is typed: small letters and blanks around it', async () => {
    const code = (await addCode({})).body;
    const typed = `  ${code.code.toLowerCase()} `;
    expect(await registerAndConfirm(t.app, encodeURIComponent(typed), 'klein@beispiel.example', nextIp())).toBe(202);
    expect((await codes()).find((c) => c.code === code.code)).toMatchObject({ uses: 1 });
  });

  it('counts uses and refuses a used-up code like an unknown one', async () => {
    const code = (await addCode({ maxUses: 2 })).body;
    expect(code).toMatchObject({ state: 'ACTIVE', uses: 0, maxUses: 2 });
    expect(await registerAndConfirm(t.app, code.code, 'eins@beispiel.example', nextIp())).toBe(202);
    expect(await registerAndConfirm(t.app, code.code, 'zwei@beispiel.example', nextIp())).toBe(202);
    const third = await register(code.code, 'drei@beispiel.example');
    const unknown = await unknownAnswer();
    expect({ status: third.statusCode, body: third.json<unknown>() }).toEqual(unknown);
    expect((await codes()).find((c) => c.code === code.code)).toMatchObject({ uses: 2, state: 'USED_UP' });
  });

  it('refuses an expired code like an unknown one', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();
    const code = (await addCode({ expiresAt: tomorrow })).body;
    expect(await registerAndConfirm(t.app, code.code, 'frueh@beispiel.example', nextIp())).toBe(202);
    t.clock.advance(25 * 3600_000);
    try {
      tokens = await tokensOfDemoRoles(t.app);
      const late = await register(code.code, 'spaet@beispiel.example');
      expect({ status: late.statusCode, body: late.json<unknown>() }).toEqual(await unknownAnswer());
      expect((await codes()).find((c) => c.code === code.code)?.state).toBe('EXPIRED');
    } finally {
      t.clock.advance(-25 * 3600_000);
      tokens = await tokensOfDemoRoles(t.app);
    }
  });

  it('refuses a code whose expiry date lies in the past', async () => {
    const response = await addCode({ expiresAt: '2001-01-01' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ field: 'expiresAt' }] });
    expect((await addCode({ maxUses: 0 })).status).toBe(400);
  });

  it('revokes a code: refused like an unknown one from then on, still listed with its uses', async () => {
    const code = (await addCode({})).body;
    expect(await registerAndConfirm(t.app, code.code, 'vorher@beispiel.example', nextIp())).toBe(202);
    const revoked = await call(
      'DELETE',
      `/v1/provider/tenants/${tenant.id}/register-codes/${code.code}`,
      tokens.provider,
    );
    expect(revoked.status).toBe(204);
    const after = await register(code.code, 'nachher@beispiel.example');
    expect({ status: after.statusCode, body: after.json<unknown>() }).toEqual(await unknownAnswer());
    expect((await codes()).find((c) => c.code === code.code)).toMatchObject({ state: 'REVOKED', uses: 1 });
    // A code of another employer cannot be revoked through this one.
    const other = await call('DELETE', `/v1/provider/tenants/${tenant.id}/register-codes/DEMO2026`, tokens.provider);
    expect(other.status).toBe(404);
  });

  it('reads a date as "valid through that day" in Germany', () => {
    expect(expiryInstant('2026-01-31').toISOString()).toBe('2026-01-31T23:00:00.000Z');
    expect(expiryInstant('2026-07-31').toISOString()).toBe('2026-07-31T22:00:00.000Z');
  });
});
