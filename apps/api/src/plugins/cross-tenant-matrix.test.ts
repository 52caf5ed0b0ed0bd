import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { claimPhotos, claims } from '../db/schema-claims.js';
import { additionalDrivers } from '../db/schema-drivers.js';
import { orderDocuments, orders, outbox, users, userSteps } from '../db/schema.js';
import { runAsSystem } from '../db/scope.js';
import { DEMO_ACCOUNTS } from '../modules/demo/accounts.js';
import { stepOfType } from '../modules/orders/steps.js';
import { buildTenant } from '../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';
import { colleagueOf, pickOffer, placeOrder, settleOrder } from '../test-support/order-fixtures.js';

/**
 * Security checklists 11 and 12, generated from the route table (the OpenAPI document), so a route
 * added tomorrow with an order or person in its path is covered the day it is added: another
 * employer's employee and HR admin, and a colleague of the same employer, get for a real id exactly
 * the answer of an id that does not exist, and nothing changes.
 */
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** Path parameters that name something of one person or one employer. */
const OWNED_PARAMETERS = ['orderId', 'stepId', 'documentId', 'id'];
/** Areas whose routes the role matrix already closes to these callers (plugins/route-matrix.test.ts). */
const PROVIDER_AREA = '/v1/provider/';

describe.each(databaseTargets())('another employer and a colleague on every route with an id, on %s', (target) => {
  let t: TestApp;
  let operations: Operation[];
  let real: Record<string, string>;
  const unknown: Record<string, string> = {
    orderId: '987654',
    stepId: '999',
    documentId: '00000000-0000-4000-8000-000000000000',
    id: '00000000-0000-4000-8000-000000000000',
    userStepId: '00000000-0000-4000-8000-000000000000',
    driverId: '00000000-0000-4000-8000-000000000000',
    claimId: '00000000-0000-4000-8000-000000000000',
    photoId: '00000000-0000-4000-8000-000000000000',
    deliveryId: '00000000-0000-4000-8000-000000000000',
  };
  const callers: { label: string; role: string; token: string }[] = [];
  let ownerToken: string;
  let colleagueToken: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    const db = t.runtime.database.db;
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase() as Operation['method'], path })),
    );

    ownerToken = (await loginAs(t.app)).accessToken;
    const orderId = await placeOrder(t.app, ownerToken, await pickOffer(t.app, ownerToken));
    // Far enough that the order has a signed contract: every kind of id exists.
    await settleOrder(db, orderId, { status: 'TENANT_ADMIN_CLICK_CONFIRM', at: t.clock.now(), signed: true });
    real = await runAsSystem(async () => {
      const [step] = await db.select({ id: userSteps.id }).from(userSteps).where(eq(userSteps.orderId, orderId));
      const [document] = await db
        .select({ id: orderDocuments.id })
        .from(orderDocuments)
        .where(eq(orderDocuments.orderId, orderId));
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.employee));
      const [order] = await db.select({ tenantId: orders.tenantId }).from(orders).where(eq(orders.id, orderId));
      const [driver] = await db
        .insert(additionalDrivers)
        .values({
          orderId,
          tenantId: order?.tenantId ?? '',
          userId: owner?.id ?? '',
          firstName: 'Kim',
          lastName: 'Meyer',
          email: 'kim.meyer@example.com',
          dateOfBirth: '1990-01-01',
          licenceIssuedOn: '2010-01-01',
          licenceCountry: 'DE',
        })
        .returning({ id: additionalDrivers.id });
      const [claim] = await db
        .insert(claims)
        .values({
          number: 'S-2026-999999',
          orderId,
          tenantId: order?.tenantId ?? '',
          userId: owner?.id ?? '',
          kind: 'DAMAGE',
          occurredAt: t.clock.now(),
          place: 'Köln',
          description: 'Kratzer',
          thirdPartyInvolved: false,
          drivable: true,
          personName: 'Max Mustermann',
          personNameKey: 'max mustermann',
          tenantName: 'Firma',
          car: 'Auto',
        })
        .returning({ id: claims.id });
      const [photo] = await db
        .insert(claimPhotos)
        .values({
          claimId: claim?.id ?? '',
          tenantId: order?.tenantId ?? '',
          userId: owner?.id ?? '',
          position: 0,
          width: 1,
          height: 1,
          webp: Buffer.from('RIFF'),
        })
        .returning({ id: claimPhotos.id });
      return {
        claimId: String(claim?.id),
        photoId: String(photo?.id),
        driverId: String(driver?.id),
        userStepId: String(step?.id),
        orderId: String(orderId),
        stepId: String(stepOfType('TENANT_ADMIN_CLICK_CONFIRM').id),
        documentId: String(document?.id),
        id: String(owner?.id),
        // A webhook delivery of the owner's employer (modules/webhooks/endpoints.test.ts covers real
        // ones across employers): well-formed, so the route answers for the endpoint's id.
        deliveryId: unknown.deliveryId ?? '',
      };
    });

    const other = await buildTenant(t.app, db, { prefix: 'bola', now: t.clock.now() });
    callers.push(
      { label: "another employer's employee", role: 'EMPLOYEE', token: other.employee.accessToken },
      { label: "another employer's HR admin", role: 'TENANT_ADMIN', token: other.admin.accessToken },
    );
    // A colleague of the same employer (checklist 12).
    colleagueToken = (await colleagueOf(t.app, db, DEMO_ACCOUNTS.employee, { prefix: 'kollege', now: t.clock.now() }))
      .accessToken;
    callers.push({ label: 'a colleague of the same employer', role: 'EMPLOYEE', token: colleagueToken });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const withIds = (path: string, ids: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (match, name: string) => ids[name] ?? match);
  /** A body that passes validation, so the request reaches the check of whose the id is. */
  const bodyFor = (op: Operation, ids: Record<string, string>) =>
    op.path.includes('/step/')
      ? { orderId: Number(ids['orderId']), userStepId: ids['userStepId'], agreed: true, reason: 'Prüfung' }
      : op.path.endsWith('/leave')
        ? { date: '2026-12-31' }
        : op.path.endsWith('/waive-cancellation')
          ? { acknowledged: true }
          : {};
  const send = (op: Operation, ids: Record<string, string>, token: string) =>
    t.app.inject({
      method: op.method,
      url: withIds(op.path, ids),
      headers: bearer(token),
      ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: bodyFor(op, ids) }),
    });
  const targets = () =>
    operations.filter(
      (op) =>
        !op.path.startsWith(PROVIDER_AREA) &&
        [...op.path.matchAll(/\{(\w+)\}/g)].some((m) => OWNED_PARAMETERS.includes(m[1] ?? '')),
    );

  it('finds the routes with an order or a person in the path', () => {
    const paths = targets().map((op) => `${op.method} ${op.path}`);
    expect(paths).toEqual(expect.arrayContaining(['GET /v1/order/{orderId}', 'POST /v1/tenant/employees/{id}/leave']));
    expect(paths.length).toBeGreaterThan(8);
  });

  it('answers a real id of someone else exactly like an unknown id, and changes nothing', async () => {
    const before = await snapshot();
    for (const caller of callers) {
      for (const op of targets()) {
        // A role area closed to this caller is the role matrix's to prove (403 for any id).
        if (op.path.startsWith('/v1/tenant/') && caller.role !== 'TENANT_ADMIN') continue;
        const label = `${caller.label}: ${op.method} ${op.path}`;
        const foreign = await send(op, real, caller.token);
        const missing = await send(op, unknown, caller.token);
        expect(foreign.statusCode, label).toBe(404);
        expect({ status: foreign.statusCode, body: foreign.body }, label).toEqual({
          status: missing.statusCode,
          body: missing.body,
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it("shows a colleague of the same employer none of the owner's profile, data or payroll row", async () => {
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const owner = (await get('/v1/user/info', ownerToken)).json<{ addressDto: { lastName: string; street: string } }>();
    const own = await get('/v1/user/info', colleagueToken);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).not.toEqual(owner);
    const exported = await get('/v1/user/export', colleagueToken);
    expect(exported.statusCode, exported.body).toBe(200);
    for (const theirs of [DEMO_ACCOUNTS.employee, owner.addressDto.lastName, owner.addressDto.street, real.id])
      expect(exported.body).not.toContain(theirs);
    expect(exported.json<{ orders: unknown[] }>().orders).toEqual([]);
    // The payroll lists every employee's conversion: an employee reaches no row of it, in any form.
    const month = t.clock.now().toISOString().slice(0, 7);
    for (const url of [
      `/v1/tenant/payroll/${month}`,
      `/v1/tenant/payroll/${month}.csv`,
      `/v1/tenant/payroll/${month}/datev`,
    ])
      expect((await get(url, colleagueToken)).statusCode, url).toBe(403);
  });

  /** The owner's view of the order and the mails queued: what a leaking write would change. */
  async function snapshot() {
    const workflow = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${real.orderId}/workflow`,
      headers: bearer(ownerToken),
    });
    const [mails] = await runAsSystem(() => t.runtime.database.db.select({ n: count() }).from(outbox));
    return { workflow: workflow.body, mails: mails?.n };
  }
});
