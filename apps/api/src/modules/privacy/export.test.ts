import { DataExportSchema, type DataExport } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { employeeAbsences } from '../../db/schema-lease-life.js';
import { scimIdentities } from '../../db/schema-scim.js';
import { ssoIdentities } from '../../db/schema-sso.js';
import { auditLog, orderDocuments, users } from '../../db/schema.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder } from '../../test-support/order-fixtures.js';
import { EXPORT_PAGE_SIZE } from './export-repository.js';
import { pagesOf, prettyJsonChunks, valueOf } from './export-json.js';

async function textOf(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('pretty JSON written a section at a time', () => {
  it('gives the bytes of JSON.stringify(…, null, 2), empty and nested pages included', async () => {
    const object = {
      a: 1,
      b: { c: [1, { d: 'e\nf' }], g: [] },
      none: [] as unknown[],
      items: [
        { x: 1, y: [2, 3] },
        { x: 2, y: [] },
        { x: 3, y: [{}] },
      ],
      last: null,
    };
    async function* pages() {
      yield [];
      yield object.items.slice(0, 2);
      yield object.items.slice(2);
    }
    async function* nothing(): AsyncGenerator<unknown[]> {}
    const text = await textOf(
      prettyJsonChunks([
        ['a', valueOf(() => object.a)],
        ['b', valueOf(async () => object.b)],
        ['none', pagesOf(nothing)],
        ['items', pagesOf(pages)],
        ['last', valueOf(() => null)],
      ]),
    );
    expect(text).toBe(JSON.stringify(object, null, 2));
  });
});

describe.each(databaseTargets())('the streamed data export on %s', (target) => {
  let t: TestApp;
  const db = () => t.runtime.database.db;

  beforeAll(async () => {
    t = await createTestApp(target);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('writes a person with many documents page by page, with their absences, as the contract serialises it', async () => {
    const offer = await pickOffer(t.app, (await loginAs(t.app)).accessToken);
    const tenant = await buildTenant(t.app, db(), { now: t.clock.now() });
    const orderId = await placeOrder(t.app, tenant.employee.accessToken, offer);
    const [person] = await db().select().from(users).where(eq(users.email, tenant.employee.email));
    const many = 2 * EXPORT_PAGE_SIZE + 7;
    // Documents of one instant: the pages go on by id where the creation time ties.
    const instant = new Date('2026-03-01T10:00:00Z');
    await db()
      .insert(orderDocuments)
      .values(
        Array.from({ length: many }, (_, i) => ({
          orderId,
          name: `Dokument ${i}.pdf`,
          kind: 'FINAL_STATEMENT' as const,
          pdf: Buffer.from('%PDF-1.7'),
          createdAt: i % 2 === 0 ? instant : new Date(instant.getTime() + i),
        })),
      );
    await db()
      .insert(employeeAbsences)
      .values({ tenantId: tenant.tenantId, userId: person?.id ?? '', type: 'PARENTAL_LEAVE', fromDate: '2026-05-01' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/user/export',
      headers: bearer(tenant.employee.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    const data: DataExport = DataExportSchema.parse(JSON.parse(response.body));
    // The route's former answer: the contract schema's serialisation, indented.
    expect(response.body).toBe(JSON.stringify(data, null, 2));
    expect(data.documents).toHaveLength(many);
    expect(new Set(data.documents.map((d) => d.id)).size).toBe(many);
    const keys = data.documents.map((d) => `${d.created}|${d.id}`);
    expect(keys).toEqual([...keys].sort());
    expect(data.absences).toEqual([
      expect.objectContaining({ type: 'PARENTAL_LEAVE', from: '2026-05-01', to: null, recorded: expect.any(String) }),
    ]);
    // The export is recorded before it is written, and lists what happened before it.
    expect(data.audit.some((a) => a.action === 'privacy.exported')).toBe(false);
    const [recorded] = await db().select().from(auditLog).where(eq(auditLog.action, 'privacy.exported'));
    expect(recorded?.fields).toEqual(expect.arrayContaining(['documents', 'absences', 'audit', 'mails']));
  });

  it("names the person's company sign-in and the directory that provisions them, and no one else's", async () => {
    const tenant = await buildTenant(t.app, db(), { now: t.clock.now() });
    const other = await buildTenant(t.app, db(), { now: t.clock.now(), prefix: 'andere' });
    const person = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
    const me = await person(tenant.employee.email);
    const them = await person(other.employee.email);
    if (!me || !them) throw new Error('people not built');
    const linked = new Date('2026-10-01T08:00:00Z');
    await db()
      .insert(ssoIdentities)
      .values([
        {
          issuer: 'https://login.example.com/t1',
          subject: 'sub-me',
          userId: me.id,
          tenantId: tenant.tenantId,
          createdAt: linked,
        },
        { issuer: 'https://login.example.com/t2', subject: 'sub-them', userId: them.id, tenantId: other.tenantId },
      ]);
    await db().insert(scimIdentities).values({
      userId: me.id,
      tenantId: tenant.tenantId,
      externalId: 'entra-4711',
      createdAt: linked,
      updatedAt: linked,
    });

    const mine = async (token: string) =>
      DataExportSchema.parse(
        JSON.parse((await t.app.inject({ method: 'GET', url: '/v1/user/export', headers: bearer(token) })).body),
      );
    const data = await mine(tenant.employee.accessToken);
    expect(data.companySignIns).toEqual([
      { issuer: 'https://login.example.com/t1', subject: 'sub-me', linked: linked.toISOString(), lastSignIn: null },
    ]);
    expect(data.directory).toEqual({
      externalId: 'entra-4711',
      provisioned: linked.toISOString(),
      lastChange: linked.toISOString(),
    });
    const theirs = await mine(other.employee.accessToken);
    expect(theirs.companySignIns.map((link) => link.subject)).toEqual(['sub-them']);
    expect(theirs.directory).toBeNull();

    // Erased, the person's links go with the rest: an IdP's id of them is personal data too.
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/v1/user',
      headers: bearer(tenant.employee.accessToken),
      payload: { password: 'Fabrik-Passwort-1' },
    });
    expect(erased.statusCode).toBe(204);
    const links = await db().select({ userId: ssoIdentities.userId }).from(ssoIdentities);
    expect(links.map((link) => link.userId)).not.toContain(me.id);
    expect(links.map((link) => link.userId)).toContain(them.id);
  });
});
