import {
  DEFAULT_TENANT_POLICY,
  TenantPolicyResponseSchema,
  type TenantPolicyResponse,
  type ProviderTenantsPage,
} from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';

describe.each(databaseTargets())("provider: an employer's programme policy on %s", (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-04-10T09:00:00Z'));
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    const list = await call<ProviderTenantsPage>('GET', '/v1/provider/tenants', tokens.provider);
    url = `/v1/provider/tenants/${list.body.items.find((x) => x.name === 'Muster GmbH')!.id}/policy`;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('is the provider admin’s alone: employees and tenant admins get 403, anonymous callers 401', async () => {
    expect((await call('GET', url)).status).toBe(401);
    expect((await call('GET', url, tokens.employee)).status).toBe(403);
    expect((await call('GET', url, tokens.tenantAdmin)).status).toBe(403);
    expect((await call('GET', url, tokens.provider)).status).toBe(200);
  });

  it('answers 404 for an unknown employer and 400 for an id that is none', async () => {
    const unknown = await call(
      'GET',
      '/v1/provider/tenants/00000000-0000-4000-8000-000000000000/policy',
      tokens.provider,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('GET', '/v1/provider/tenants/muster/policy', tokens.provider)).status).toBe(400);
  });

  it('shows the defaults first, then what HR saved, exactly as HR reads it', async () => {
    const before = await call<TenantPolicyResponse>('GET', url, tokens.provider);
    expect(before.body).toMatchObject({ ...DEFAULT_TENANT_POLICY, version: 0, updatedAt: null });
    const saved = await call<TenantPolicyResponse>('PUT', '/v1/tenant/policy', tokens.tenantAdmin, {
      ...DEFAULT_TENANT_POLICY,
      employerSubsidy: { kind: 'FIXED_EUR', value: 75 },
      allowedBrands: ['Kia', 'BMW'],
      approval: 'AUTOMATIC',
    });
    expect(saved.status).toBe(200);
    const read = await call<TenantPolicyResponse>('GET', url, tokens.provider);
    expect(TenantPolicyResponseSchema.parse(read.body)).toEqual(read.body);
    expect(read.body).toEqual((await call('GET', '/v1/tenant/policy', tokens.tenantAdmin)).body);
    expect(read.body).toMatchObject({ version: 1, allowedBrands: ['BMW', 'Kia'], approval: 'AUTOMATIC' });
  });

  it('is listed in the OpenAPI document with the policy schema', async () => {
    const doc = await call<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>(
      'GET',
      '/openapi.json',
    );
    const op = doc.body.paths['/v1/provider/tenants/{tenantId}/policy']?.get;
    expect(JSON.stringify(op?.responses['200'])).toContain('minGrossAfterConversionSource');
  });
});
