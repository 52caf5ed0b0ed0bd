import { DataExportSchema, dataExportFileName } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  auditLog,
  identCases,
  orderDocuments,
  orders,
  outbox,
  salaryProfiles,
  userAddresses,
  users,
} from '../../db/schema.js';
import { oneTimeCodes, refreshTokens } from '../../db/schema-auth.js';
import { idempotencyKeys } from '../../db/schema-idempotency.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SALARY_INFO } from '../demo/accounts.js';
import { createFieldCipher } from '../../runtime.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { captureLog } from '../../test-support/log-capture.js';
import { openPrivate } from '../orders/snapshot.js';
import { EXPORT_LIMIT } from './export.js';
import { eraseAccount } from './service.js';
import { isoDate, pickOffer, placeOrder, settleOrder, type OfferChoice } from '../../test-support/order-fixtures.js';

const FACTORY_PASSWORD = 'Fabrik-Passwort-1';

describe.each(databaseTargets())('privacy self-service on %s', (target) => {
  let t: TestApp;
  let log: string[];
  let offer: OfferChoice;
  const db = () => t.runtime.database.db;

  beforeAll(async () => {
    const capture = captureLog();
    log = capture.lines;
    t = await createTestApp(target, { env: { LOG_LEVEL: 'info' }, logStream: capture.sink });
    offer = await pickOffer(t.app, (await loginAs(t.app)).accessToken);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const userByEmail = async (email: string) => {
    const [row] = await db().select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row;
  };
  const exportFor = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/v1/user/export', headers: bearer(accessToken) });
  const deleteAccount = (accessToken: string, payload?: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/v1/user',
      headers: bearer(accessToken),
      ...(payload ? { payload } : {}),
    });
  const erasedRows = async (userId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.erased'), eq(auditLog.subjectId, userId)));

  it('exports everything held about the employee as a download, decrypted, and nothing of anyone else', async () => {
    const session = await loginAs(t.app);
    const ownOrder = await placeOrder(t.app, session.accessToken, offer);
    const other = await buildTenant(t.app, db(), { now: t.clock.now() });
    const foreignOrder = await placeOrder(t.app, other.employee.accessToken, offer);

    const response = await exportFor(session.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${dataExportFileName(t.clock.now())}"`);
    expect(response.headers['content-disposition']).toMatch(/filename="meine-daten-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const data = DataExportSchema.parse(JSON.parse(response.body));

    expect(data.account).toMatchObject({ email: DEMO_ACCOUNTS.employee, role: 'EMPLOYEE', employer: 'Muster GmbH' });
    expect(data.address?.place).toBe('Köln');
    expect(data.salaryProfile?.salaryInfo).toMatchObject(DEMO_SALARY_INFO);
    const order = data.orders.find((o) => o.id === ownOrder);
    expect(order?.status).toBe('CONFIRM_SUMMARY');
    expect(order?.privateSnapshot).toMatchObject({
      orderUserInfo: { salaryInfo: { taxClass: DEMO_SALARY_INFO.taxClass } },
      taxResult: expect.any(Object),
    });
    expect(order?.steps).toEqual([{ step: 'CONFIRM_SUMMARY', status: null, modified: expect.any(String) }]);
    expect(data.audit).toContainEqual(
      expect.objectContaining({ action: 'order.created', subjectId: String(ownOrder), actor: 'SELF' }),
    );
    expect(data.sessions.some((s) => s.active)).toBe(true);
    expect(data.mfa).toEqual({ enrolled: false, enabledSince: null, recoveryCodesLeft: 0 });
    expect(data.mails.some((m) => m.subject.length > 0)).toBe(true);

    // Nothing of the other employee, no token or code material, no stored ciphertext.
    expect(data.orders.map((o) => o.id)).not.toContain(foreignOrder);
    expect(response.body).not.toContain(other.employee.email);
    expect(response.body).not.toContain('Extern');
    const me = await userByEmail(DEMO_ACCOUNTS.employee);
    const hashes = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, me.id));
    for (const secret of [session.refreshToken, session.accessToken, ...hashes.map((h) => h.tokenHash)])
      expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/tokenHash|codeHash|ciphertext|passwordHash|argon2/i);

    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'privacy.exported'), eq(auditLog.subjectId, me.id)));
    expect(audited?.fields).toEqual(expect.arrayContaining(['account', 'salaryProfile', 'orders', 'audit']));
    const event = log
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((e) => e['securityEvent'] === true && e['action'] === 'privacy.exported');
    expect(event).toMatchObject({ actor: me.id, tenant: me.tenantId, requestId: expect.any(String) });
  });

  it("exports an admin's second factor as enrolled, and refuses anonymous callers", async () => {
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    const data = DataExportSchema.parse((await exportFor(admin.accessToken)).json());
    expect(data.mfa).toMatchObject({ enrolled: true, enabledSince: expect.any(String) });
    expect(data.salaryProfile).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/export' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/user', payload: { password: 'x' } })).statusCode).toBe(
      401,
    );
  });

  it('limits exports per person', async () => {
    const tenant = await buildTenant(t.app, db(), { now: t.clock.now() });
    for (let i = 0; i < EXPORT_LIMIT.limit; i++)
      expect((await exportFor(tenant.employee.accessToken)).statusCode).toBe(200);
    const limited = await exportFor(tenant.employee.accessToken);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another person's budget is their own.
    expect((await exportFor(tenant.admin.accessToken)).statusCode).toBe(200);
  });

  it('erases only with the current password, answering like the e-mail change', async () => {
    const tenant = await buildTenant(t.app, db(), { now: t.clock.now() });
    const token = tenant.employee.accessToken;

    const missing = await deleteAccount(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'password' }] });
    expect((await deleteAccount(token)).statusCode).toBe(400);

    const wrong = await deleteAccount(token, { password: 'Nicht-das-Passwort-1' });
    const emailChange = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/email/neu@example.com',
      headers: bearer(token),
      payload: { password: 'Nicht-das-Passwort-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(emailChange.json());
    expect(wrong.json()).toMatchObject({ errors: [{ field: 'password', message: 'Password is incorrect' }] });

    const user = await userByEmail(tenant.employee.email);
    expect(user.deletedAt).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('leaves admin accounts to their organisation', async () => {
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    const response = await deleteAccount(admin.accessToken, { password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect((await userByEmail(DEMO_ACCOUNTS.tenantAdmin)).deletedAt).toBeNull();
  });

  it('erases the account: sessions end, sign-in is refused, the signed lease stays in restricted form', async () => {
    const tenant = await buildTenant(t.app, db(), { now: t.clock.now() });
    const session = await loginAs(t.app, tenant.employee.email, FACTORY_PASSWORD);
    const openOrder = await placeOrder(t.app, session.accessToken, offer);
    // A write remembered for replay (its answer names the order): erased with the person.
    const remembered = await t.app.inject({
      method: 'POST',
      url: '/v1/order',
      headers: { ...bearer(session.accessToken), 'idempotency-key': 'erasure-test-0001' },
      payload: { ...offer, delivery: 'HOME' },
    });
    expect(remembered.statusCode).toBe(201);
    const lease = await placeOrder(t.app, session.accessToken, offer);
    const now = t.clock.now();
    await settleOrder(db(), lease, { status: 'LEASING_ACTIVE', at: now, signed: true, handoverDate: isoDate(now) });
    const before = await userByEmail(tenant.employee.email);

    expect((await deleteAccount(session.accessToken, { password: FACTORY_PASSWORD })).statusCode).toBe(204);

    // Every session is over and the account can never sign in again.
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(session.accessToken) })).statusCode,
    ).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refreshToken',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.json()).toMatchObject({ authenticated: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: tenant.employee.email, password: FACTORY_PASSWORD },
    });
    expect(login.json()).toMatchObject({ authenticated: false });

    // The account row keeps only what kept orders refer to.
    const [after] = await db().select().from(users).where(eq(users.id, before.id));
    expect(after).toMatchObject({
      email: `geloescht-${before.id}@invalid`,
      firstName: '',
      lastName: '',
      employeeId: null,
      passwordHash: null,
      emailConfirmedAt: null,
      mfaSecretCiphertext: null,
      deletedAt: now,
      disabledAt: now,
      tenantId: before.tenantId,
    });
    for (const table of [userAddresses, salaryProfiles, refreshTokens, oneTimeCodes, idempotencyKeys])
      expect(await db().select().from(table).where(eq(table.userId, before.id))).toEqual([]);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, tenant.employee.email))).toEqual([]);

    // The open order is gone; the lease stays with its signed contract, stripped to what the contract needs.
    const remaining = await db().select().from(orders).where(eq(orders.userId, before.id));
    expect(remaining.map((o) => o.id)).toEqual([lease]);
    expect(remaining.map((o) => o.id)).not.toContain(openOrder);
    const [kept] = remaining;
    expect(kept?.status).toBe('LEASING_ACTIVE');
    const snapshot = openPrivate(createFieldCipher(t.config), kept!);
    expect(snapshot.orderUserInfo.salaryInfo).toBeNull();
    expect(snapshot.taxResult).toBeNull();
    expect(snapshot.orderUserInfo.addressDto).toMatchObject({ firstName: 'Erik', lastName: 'Extern', email: '' });
    expect(snapshot.conversion.netMonthlyRateCents).toBeGreaterThan(0);
    expect(await db().select().from(orderDocuments).where(eq(orderDocuments.orderId, lease))).toHaveLength(1);
    const [signCase] = await db().select().from(identCases).where(eq(identCases.orderId, lease));
    expect(signCase).toMatchObject({ providerCaseId: `case-${lease}`, link: null });

    // The employer still runs the lease.
    const adminView = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/orders',
      headers: bearer(tenant.admin.accessToken),
    });
    expect(adminView.json<{ items: { id: number }[] }>().items.map((o) => o.id)).toContain(lease);

    // One pseudonymous audit row: the id and field names, nothing that names the person.
    const rows = await erasedRows(before.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: before.id, tenantId: before.tenantId, subjectType: 'user' });
    expect(JSON.stringify(rows)).not.toMatch(/Erik|Extern|@example\.com/);
    const event = log
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((e) => e['securityEvent'] === true && e['action'] === 'privacy.account_erased');
    expect(event).toMatchObject({ actor: before.id });
    expect(JSON.stringify(event)).not.toContain(tenant.employee.email);
  });

  it('is idempotent: repeated and parallel erasures change nothing more and audit once', async () => {
    const tenant = await buildTenant(t.app, db(), { now: t.clock.now() });
    const user = await userByEmail(tenant.employee.email);
    const deps = t.app.orderDeps;

    const outcomes = await Promise.all([
      eraseAccount(deps, user.id, { requestId: 'erase-1' }),
      eraseAccount(deps, user.id, { requestId: 'erase-2' }),
    ]);
    expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
    const [erased] = await db().select().from(users).where(eq(users.id, user.id));

    expect(await eraseAccount(deps, user.id, { requestId: 'erase-3' })).toBeNull();
    const repeated = await deleteAccount(tenant.employee.accessToken, { password: FACTORY_PASSWORD });
    expect(repeated.statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([erased]);
    expect(await erasedRows(user.id)).toHaveLength(1);
  });
});
