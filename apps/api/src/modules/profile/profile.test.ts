import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS, DEMO_REGISTER_CODE, DEMO_SALARY_INFO } from '../demo/accounts.js';
import { auditLog, orders, salaryProfiles, users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { DecryptionError } from '../../lib/field-encryption.js';
import { currentRequestContext } from '../../lib/request-context.js';
import { createFieldCipher } from '../../runtime.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { latestCode } from '../../test-support/mailbox.js';
import { pickOffer, placeOrder } from '../../test-support/order-fixtures.js';
import { readSalaryProfile } from './salary-store.js';

describe.each(databaseTargets())('salary profile on %s', (target) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    token = (await loginAs(t.app)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const getInfo = (accessToken = token) =>
    t.app.inject({ method: 'GET', url: '/v1/user/info', headers: bearer(accessToken) });
  const putInfo = (payload: object, accessToken = token) =>
    t.app.inject({ method: 'PUT', url: '/v1/user/info', headers: bearer(accessToken), payload });

  it('returns the demo employee profile, complete', async () => {
    const response = await getInfo();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{
      addressDto: { email: string; place: string };
      salaryInfo: { taxClass: number };
      profileComplete: boolean;
    }>();
    expect(body.addressDto).toMatchObject({ email: DEMO_ACCOUNTS.employee, place: 'Köln' });
    expect(body.salaryInfo).toMatchObject({ taxClass: DEMO_SALARY_INFO.taxClass, churchTax: true });
    expect(body.profileComplete).toBe(true);
  });

  it('saves a tax class 4 church-tax profile and reads it back', async () => {
    const salaryInfo = buildSalaryInfo({
      federalState: 'BY',
      taxClass: 4,
      spouseFactor: 0.912,
      churchTax: true,
      children: true,
      childrenUnder25: 2,
      childrenAllowances: 1,
    });
    const response = await putInfo({
      addressDto: buildAddress({ place: 'München', postcode: '80331', state: 'BY' }),
      salaryInfo,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ saved: true });
    const body = (await getInfo()).json<{ salaryInfo: Record<string, unknown>; addressDto: Record<string, unknown> }>();
    expect(body.salaryInfo).toMatchObject({ federalState: 'BY', taxClass: 4, spouseFactor: 0.912, childrenUnder25: 2 });
    expect(body.addressDto).toMatchObject({ place: 'München', postcode: '80331' });
  });

  it('refuses invalid fields with the errors list and stores nothing', async () => {
    const before = (await getInfo()).body;
    const response = await putInfo({
      addressDto: buildAddress({ street: '' }),
      salaryInfo: buildSalaryInfo({
        taxClass: 7,
        grossMonthlySalaryEur: 0,
        arrivalNumber: 40,
        healthInsurance: 'PRIVATE',
      }),
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: { field: string; message: string }[] }>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'addressDto.street', message: 'required' },
        { field: 'salaryInfo.taxClass', message: 'max 6' },
        { field: 'salaryInfo.grossMonthlySalaryEur', message: 'min 1' },
        { field: 'salaryInfo.arrivalNumber', message: 'max 31' },
      ]),
    );
    expect((await getInfo()).body).toBe(before);
  });

  it('refuses extra properties (mass assignment)', async () => {
    const response = await putInfo({
      addressDto: buildAddress(),
      salaryInfo: buildSalaryInfo(),
      role: 'PROVIDER_ADMIN',
      tenantId: 'x',
    });
    expect(response.statusCode).toBe(400);
    const [me] = await t.runtime.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.employee));
    expect(me?.role).toBe('EMPLOYEE');
  });

  it('stores the salary profile only as ciphertext bound to its row', async () => {
    const db = t.runtime.database.db;
    const raw = await db.execute(sql`select ciphertext, key_id from salary_profiles`);
    const dump = JSON.stringify((raw as { rows: unknown[] }).rows);
    expect(dump).not.toMatch(/churchTax|taxClass|grossMonthlySalaryEur|1986-04-12/);
    const [me] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.employee));
    const [row] = await db.select().from(salaryProfiles).where(eq(salaryProfiles.userId, me!.id));
    const cipher = createFieldCipher(t.config);
    const flipped = Buffer.from(row!.ciphertext);
    flipped[3] = (flipped[3] ?? 0) ^ 0xff;
    await db.update(salaryProfiles).set({ ciphertext: flipped }).where(eq(salaryProfiles.userId, me!.id));
    await expect(readSalaryProfile(db, cipher, { userId: me!.id, tenantId: me!.tenantId })).rejects.toBeInstanceOf(
      DecryptionError,
    );
    // Restore the original, then show that another row's AAD refuses it.
    await db.update(salaryProfiles).set({ ciphertext: row!.ciphertext }).where(eq(salaryProfiles.userId, me!.id));
    await expect(readSalaryProfile(db, cipher, { userId: me!.id, tenantId: 'other-tenant' })).rejects.toBeInstanceOf(
      DecryptionError,
    );
    expect(await readSalaryProfile(db, cipher, { userId: me!.id, tenantId: me!.tenantId })).not.toBeNull();
  });

  it('writes an audit row per change with field names but no values', async () => {
    await putInfo({ addressDto: buildAddress(), salaryInfo: buildSalaryInfo({ grossMonthlySalaryEur: 6100.5 }) });
    const rows = await t.runtime.database.db.select().from(auditLog).where(eq(auditLog.action, 'profile.updated'));
    const last = rows.at(-1)!;
    expect(last.fields).toContain('salaryInfo.grossMonthlySalaryEur');
    // The value with its decimal point: a request id (hex UUID) may contain the digits but never the dot.
    expect(JSON.stringify(rows)).not.toMatch(/6100[.,]5/);
  });

  it('keeps each user to their own profile', async () => {
    const email = 'andere@example.com';
    await t.app.inject({
      method: 'POST',
      url: `/v1/auth/register/${DEMO_REGISTER_CODE}`,
      payload: {
        firstName: 'Anna',
        lastName: 'Andere',
        email,
        password: 'Tulpen-im-Mai-123',
        confirmPassword: 'Tulpen-im-Mai-123',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: `/v1/confirm/email/code/${await latestCode(t.app, email, '/user/emailConfirm/')}`,
    });
    const other = await loginAs(t.app, email, 'Tulpen-im-Mai-123');
    const body = (await getInfo(other.accessToken)).json<{
      addressDto: { email: string };
      salaryInfo: unknown;
      profileComplete: boolean;
    }>();
    expect(body.addressDto.email).toBe(email);
    expect(body.salaryInfo).toBeNull();
    expect(body.profileComplete).toBe(false);
    await putInfo(
      { addressDto: buildAddress({ firstName: 'Anna' }), salaryInfo: buildSalaryInfo({ grossMonthlySalaryEur: 3000 }) },
      other.accessToken,
    );
    const mine = (await getInfo()).json<{ salaryInfo: { grossMonthlySalaryEur: number } }>();
    expect(mine.salaryInfo.grossMonthlySalaryEur).toBe(6100.5);
  });

  it('answers the commuting-day bounds', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/user/user-info-config', headers: bearer(token) });
    expect(response.json()).toEqual({ arrivalNumberMin: 0, arrivalNumberMax: 31 });
  });

  it('refuses anonymous access', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/info' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/user/info', payload: {} })).statusCode).toBe(401);
  });
});

/**
 * A save answers without waiting on work in proportion to the person's open orders: the statements
 * its request sends are counted (the background's run outside any request) and are as many with 22
 * open orders as with 2. The orders made on the old data still move to BREAKING_CHANGE, by the
 * platform (no acting user in the audit log), once the background work is done.
 */
describe.each(databaseTargets())('a profile save with many open orders on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Round trips to the database started on behalf of each request, by request id. */
  function countStatementsPerRequest(): Map<string, number> {
    const counts = new Map<string, number>();
    // The driver drizzle sends every statement and transaction through (db/scoped-drivers.ts).
    const client = (t.runtime.database.db as unknown as { $client: Record<string, unknown> }).$client;
    for (const method of ['query', 'transaction', 'connect']) {
      const original = client[method];
      if (typeof original !== 'function') continue;
      client[method] = (...args: unknown[]) => {
        const requestId = currentRequestContext()?.requestId;
        if (requestId) counts.set(requestId, (counts.get(requestId) ?? 0) + 1);
        return (original as (...a: unknown[]) => unknown).apply(client, args);
      };
    }
    return counts;
  }

  async function placeOrders(count: number): Promise<number[]> {
    const ids: number[] = [];
    while (ids.length < count) {
      // 20 new orders per person and quarter hour (ORDER_LIMITS): the clock moves on between batches.
      t.clock.advance(16 * 60_000);
      const { accessToken } = await loginAs(t.app);
      const offer = await pickOffer(t.app, accessToken);
      for (let i = 0; i < 20 && ids.length < count; i++) ids.push(await placeOrder(t.app, accessToken, offer));
    }
    return ids;
  }

  async function saveWithSalary(grossMonthlySalaryEur: number, counts: Map<string, number>): Promise<number> {
    const { accessToken } = await loginAs(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(accessToken),
      payload: { addressDto: buildAddress(), salaryInfo: buildSalaryInfo({ grossMonthlySalaryEur }) },
    });
    expect(response.statusCode).toBe(200);
    const statements = counts.get(String(response.headers['x-request-id'])) ?? 0;
    expect(statements).toBeGreaterThan(0);
    return statements;
  }

  const statusesOf = (ids: number[]) =>
    runAsSystem(async () =>
      (await t.runtime.database.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids))).map(
        (row) => row.status,
      ),
    );

  it('sends as many statements with 22 open orders as with 2, and still moves every order', async () => {
    const counts = countStatementsPerRequest();
    const few = await placeOrders(2);
    const withFew = await saveWithSalary(6_100, counts);
    await t.app.backgroundTasks.drain();
    expect(await statusesOf(few)).toEqual(['BREAKING_CHANGE', 'BREAKING_CHANGE']);

    const many = await placeOrders(22);
    const withMany = await saveWithSalary(6_200, counts);
    expect(withMany).toBe(withFew);
    await t.app.backgroundTasks.drain();
    expect(new Set(await statusesOf(many))).toEqual(new Set(['BREAKING_CHANGE']));
    const moves = await runAsSystem(() =>
      t.runtime.database.db
        .select({ actor: auditLog.actorUserId })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.breaking_change'), inArray(auditLog.subjectId, many.map(String)))),
    );
    expect(moves).toHaveLength(22);
    expect(moves.every((move) => move.actor === null)).toBe(true);
  }, 240_000);
});
