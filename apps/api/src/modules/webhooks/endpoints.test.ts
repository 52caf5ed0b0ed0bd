import type { ApiKeyCreated, WebhookDeliveryPage, WebhookEndpoint, WebhookEndpointCreated } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog } from '../../db/schema.js';
import { webhookEndpoints } from '../../db/schema-webhooks.js';
import { runAsSystem } from '../../db/scope.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { enqueueWebhookEvent } from './events.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(databaseTargets())("an employer's webhook endpoints on %s", (target) => {
  let t: TestApp;
  let tenantAdmin: string;
  let employee: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    employee = (await loginAs(t.app)).accessToken;
    other = await buildTenant(t.app, t.runtime.database.db, { prefix: 'whook', now: t.clock.now() });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function call<T>(method: Method, url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: (json ? response.json() : null) as T, text: response.body };
  }
  const create = (token: string, payload: object) =>
    call<WebhookEndpointCreated>('POST', '/v1/tenant/webhooks', token, payload);

  it('answers the signing secret once, on creation and on a new secret, and never in a list', async () => {
    const created = await create(tenantAdmin, {
      url: 'https://hooks.example.com/leasing?token=abc',
      events: ['order.approved', 'lease.started', 'order.approved'],
      description: 'Lohnbuchhaltung',
    });
    expect(created.status, created.text).toBe(201);
    const { secret, id } = created.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(created.body).toMatchObject({ status: 'ACTIVE', events: ['order.approved', 'lease.started'] });

    const listed = await call<WebhookEndpoint[]>('GET', '/v1/tenant/webhooks', tenantAdmin);
    expect(listed.body.map((e) => e.id)).toContain(id);
    expect(listed.text).not.toContain(secret.slice(6));
    expect(listed.text).not.toContain('secret');
    const one = await call<WebhookEndpoint>('GET', `/v1/tenant/webhooks/${id}`, tenantAdmin);
    expect(one.body).toEqual(listed.body.find((e) => e.id === id));
    expect(one.text).not.toContain(secret.slice(6));

    // Stored encrypted, not in plain text.
    const [row] = await runAsSystem(() =>
      t.runtime.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    );
    expect(Buffer.from(row!.secretCiphertext).toString('utf8')).not.toContain(secret.slice(6, 20));

    const rotated = await call<WebhookEndpointCreated>('POST', `/v1/tenant/webhooks/${id}/secret`, tenantAdmin);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);

    const audit = await runAsSystem(() =>
      t.runtime.database.db
        .select({ action: auditLog.action, fields: auditLog.fields })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'webhook_endpoint'), eq(auditLog.subjectId, id))),
    );
    expect(audit.map((a) => a.action)).toEqual(['tenant.webhook.created', 'tenant.webhook.secret_rotated']);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it('changes, switches off and on, and removes an endpoint, each audited', async () => {
    const { id } = (await create(tenantAdmin, { url: 'https://hooks.example.com/a', events: ['absence.created'] }))
      .body;
    const changed = await call<WebhookEndpoint>('PATCH', `/v1/tenant/webhooks/${id}`, tenantAdmin, {
      url: 'https://hooks.example.com/b',
      events: ['absence.created', 'absence.deleted'],
      enabled: false,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      url: 'https://hooks.example.com/b',
      events: ['absence.created', 'absence.deleted'],
      status: 'DISABLED',
    });
    // A switched-off endpoint takes no events at all.
    const [{ tenantId } = { tenantId: '' }] = await runAsSystem(() =>
      t.runtime.database.db
        .select({ tenantId: webhookEndpoints.tenantId })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id)),
    );
    const queued = await runAsSystem(() =>
      t.runtime.database.db.transaction(async (tx) =>
        enqueueWebhookEvent(tx, {
          tenantId,
          type: 'absence.created',
          occurredAt: t.clock.now(),
          data: { absenceId: crypto.randomUUID(), personId: crypto.randomUUID(), employeeId: null },
        }),
      ),
    );
    expect(queued).toBe(0);
    const on = await call<WebhookEndpoint>('PATCH', `/v1/tenant/webhooks/${id}`, tenantAdmin, { enabled: true });
    expect(on.body.status).toBe('ACTIVE');

    expect((await call('DELETE', `/v1/tenant/webhooks/${id}`, tenantAdmin)).status).toBe(204);
    expect((await call('GET', `/v1/tenant/webhooks/${id}`, tenantAdmin)).status).toBe(404);
    expect((await call('DELETE', `/v1/tenant/webhooks/${id}`, tenantAdmin)).status).toBe(404);
    const actions = await runAsSystem(() =>
      t.runtime.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'webhook_endpoint'), eq(auditLog.subjectId, id))),
    );
    expect(actions.map((a) => a.action)).toEqual([
      'tenant.webhook.created',
      'tenant.webhook.changed',
      'tenant.webhook.changed',
      'tenant.webhook.deleted',
    ]);
  });

  it("answers 404 for another employer's endpoint and its deliveries, and 403 to anyone but HR in person", async () => {
    const theirs = (
      await create(other.admin.accessToken, { url: 'https://other.example.com/', events: ['invoice.issued'] })
    ).body;
    const queued = await runAsSystem(() =>
      t.runtime.database.db.transaction(async (tx) =>
        enqueueWebhookEvent(tx, {
          tenantId: other.tenantId,
          type: 'invoice.issued',
          occurredAt: t.clock.now(),
          data: { invoiceId: crypto.randomUUID(), invoiceNumber: 'RE-2026-000001', type: 'INVOICE', month: '2026-04' },
        }),
      ),
    );
    expect(queued).toBe(1);
    const log = await call<WebhookDeliveryPage>(
      'GET',
      `/v1/tenant/webhooks/${theirs.id}/deliveries`,
      other.admin.accessToken,
    );
    expect(log.body.total).toBe(1);
    const deliveryId = log.body.items[0]?.id ?? '';

    for (const [method, url, payload] of [
      ['GET', `/v1/tenant/webhooks/${theirs.id}`],
      ['PATCH', `/v1/tenant/webhooks/${theirs.id}`, { enabled: false }],
      ['DELETE', `/v1/tenant/webhooks/${theirs.id}`],
      ['POST', `/v1/tenant/webhooks/${theirs.id}/secret`],
      ['GET', `/v1/tenant/webhooks/${theirs.id}/deliveries`],
      ['POST', `/v1/tenant/webhooks/${theirs.id}/deliveries/${deliveryId}/resend`],
    ] as const) {
      const answer = await call(method, url, tenantAdmin, payload);
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    const mine = await call<WebhookEndpoint[]>('GET', '/v1/tenant/webhooks', tenantAdmin);
    expect(mine.body.map((e) => e.id)).not.toContain(theirs.id);
    // Their endpoint is untouched.
    expect(
      (await call<WebhookEndpoint>('GET', `/v1/tenant/webhooks/${theirs.id}`, other.admin.accessToken)).body.status,
    ).toBe('ACTIVE');

    expect((await call('GET', '/v1/tenant/webhooks', employee)).status).toBe(403);
    expect((await create(employee, { url: 'https://x.example.com/', events: ['order.signed'] })).status).toBe(403);
    // An API key, whatever its scopes, never manages webhooks.
    const key = (
      await call<ApiKeyCreated>('POST', '/v1/tenant/api-keys', tenantAdmin, {
        name: 'Personalsystem',
        scopes: ['people:read', 'people:write', 'payroll:read', 'orders:read', 'invoices:read'],
      })
    ).body.key;
    expect((await call('GET', '/v1/tenant/webhooks', key)).status).toBe(403);
    expect((await create(key, { url: 'https://x.example.com/', events: ['order.signed'] })).status).toBe(403);
  });

  it('refuses bad input with field errors in the contract’s shape, and inner targets even in development', async () => {
    const invalid = await create(tenantAdmin, { url: 'ftp://hooks.example.com/', events: ['order.shipped'] });
    expect(invalid.status).toBe(400);
    const errors = (invalid.body as unknown as { code: string; errors: { field: string; message: string }[] }).errors;
    expect(errors.map((e) => e.field).sort()).toEqual(['events.0', 'url']);

    const cases: [object, string][] = [
      [{ url: 'https://user:pass@hooks.example.com/', events: ['order.signed'] }, 'url'],
      [{ url: 'https://hooks.example.com/#frag', events: ['order.signed'] }, 'url'],
      [{ url: 'https://hooks.example.com/', events: [] }, 'events'],
      [{ url: 'https://hooks.example.com/', events: ['order.signed'], secret: 'mine' }, ''],
      [{ url: 'http://10.0.0.7/hook', events: ['order.signed'] }, 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data/', events: ['order.signed'] }, 'url'],
      [{ url: 'http://[fd00:ec2::254]/', events: ['order.signed'] }, 'url'],
      [{ url: 'http://192.168.1.20:8080/', events: ['order.signed'] }, 'url'],
    ];
    for (const [payload, field] of cases) {
      const answer = await create(tenantAdmin, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      const body = answer.body as unknown as { code: string; errors?: { field: string; message: string }[] };
      expect(body.code).toBe('VALIDATION_FAILED');
      if (field) expect(body.errors?.map((e) => e.field)).toEqual([field]);
    }
    const metadata = await create(tenantAdmin, { url: 'http://169.254.169.254/', events: ['order.signed'] });
    expect((metadata.body as unknown as { message: string }).message).toBe(
      'Ziel nicht erlaubt: 169.254.169.254 ist eine link-lokale Adresse.',
    );
    // Development takes a receiver on this machine.
    expect((await create(tenantAdmin, { url: 'http://127.0.0.1:9/hook', events: ['order.signed'] })).status).toBe(201);

    const badQuery = await call<{ errors: { field: string }[] }>(
      'GET',
      `/v1/tenant/webhooks/${crypto.randomUUID()}/deliveries?pageSize=500&status=LOST`,
      tenantAdmin,
    );
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.errors.map((e) => e.field).sort()).toEqual(['pageSize', 'status']);
    expect((await call('PATCH', '/v1/tenant/webhooks/not-a-uuid', tenantAdmin, {})).status).toBe(400);
  });
});
