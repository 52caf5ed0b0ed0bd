import type { ErrorResponse, PayrollExport, TenantEmployee, TenantEmployeesPage } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder, settleOrder } from '../../test-support/order-fixtures.js';
import { leavingDateRefusal } from './leaving.js';

describe('the leaving date rule', () => {
  it('allows the handover day itself and any later day', () => {
    expect(leavingDateRefusal('2026-03-31', ['2026-03-31'], 2026)).toBeNull();
    expect(leavingDateRefusal('2026-09-30', ['2026-03-31'], 2026)).toBeNull();
    expect(leavingDateRefusal('2031-12-31', [], 2026)).toBeNull();
  });

  it('refuses a day before the latest handover, naming its date', () => {
    expect(leavingDateRefusal('2026-03-30', ['2026-03-31'], 2026)).toBe(
      'Der letzte Arbeitstag darf nicht vor der Übergabe des Leasingfahrzeugs am 31.03.2026 liegen.',
    );
    expect(leavingDateRefusal('2026-02-01', ['2025-06-01', '2026-03-02'], 2026)).toContain('02.03.2026');
  });

  it('refuses a day before 1 January of the previous year, with or without a lease', () => {
    expect(leavingDateRefusal('2025-01-01', [], 2026)).toBeNull();
    expect(leavingDateRefusal('2024-12-31', [], 2026)).toContain('nicht vor dem 01.01.2025');
    expect(leavingDateRefusal('1900-01-01', ['2026-03-31'], 2026)).toContain('01.01.2025');
  });
});

describe.each(databaseTargets())('marking someone as leaving on %s', (target) => {
  let t: TestApp;
  let admin: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  let maxId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-04-10T09:00:00Z'));
    const employee = (await loginAs(t.app)).accessToken;
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    await settleOrder(t.runtime.database.db, orderId, {
      status: 'LEASING_ACTIVE',
      at: t.clock.now(),
      signed: true,
      handoverDate: '2026-03-31',
    });
    other = await buildTenant(t.app, t.runtime.database.db, { now: t.clock.now() });
    const people = await t.app.inject({ method: 'GET', url: '/v1/tenant/employees', headers: bearer(admin) });
    maxId = people.json<TenantEmployeesPage>().items.find((p) => p.email === DEMO_ACCOUNTS.employee)!.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const leave = (id: string, date: string, token = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/tenant/employees/${id}/leave`,
      headers: bearer(token),
      payload: { date },
    });

  it('refuses a leaving date before the handover with 422 and a German field error; nothing is recorded', async () => {
    const refused = await leave(maxId, '2026-03-30');
    expect(refused.statusCode).toBe(422);
    const message = 'Der letzte Arbeitstag darf nicht vor der Übergabe des Leasingfahrzeugs am 31.03.2026 liegen.';
    expect(refused.json<ErrorResponse>()).toEqual({
      status: 422,
      code: 'LEAVING_DATE_REFUSED',
      message,
      errors: [{ field: 'date', message }],
    });
    const people = await t.app.inject({ method: 'GET', url: '/v1/tenant/employees', headers: bearer(admin) });
    expect(people.json<TenantEmployeesPage>().items.find((p) => p.id === maxId)).toMatchObject({
      status: 'ACTIVE',
      leavingDate: null,
    });
    // The lease stays in the export as before.
    const march = await t.app.inject({ method: 'GET', url: '/v1/tenant/payroll/2026-03', headers: bearer(admin) });
    expect(march.json<PayrollExport>().rows).toHaveLength(1);
  });

  it('refuses a date in a past the payroll cannot correct any more', async () => {
    const refused = await leave(maxId, '2019-05-31');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorResponse>().errors).toEqual([
      { field: 'date', message: expect.stringContaining('01.01.2025') as unknown },
    ]);
  });

  it('accepts the handover day: the lease ends in its first month', async () => {
    const left = await leave(maxId, '2026-03-31');
    expect(left.statusCode).toBe(200);
    expect(left.json<TenantEmployee>()).toMatchObject({ status: 'LEAVING', leavingDate: '2026-03-31' });
    const march = await t.app.inject({ method: 'GET', url: '/v1/tenant/payroll/2026-03', headers: bearer(admin) });
    expect(march.json<PayrollExport>().rows[0]).toMatchObject({ change: 'ENDED', endDate: '2026-03-31' });
  });

  it('lets a person without a handed-over lease leave on any day since 1 January of last year', async () => {
    const people = await t.app.inject({
      method: 'GET',
      url: '/v1/tenant/employees',
      headers: bearer(other.admin.accessToken),
    });
    const erik = people.json<TenantEmployeesPage>().items[0]!;
    expect((await leave(erik.id, '2025-01-01', other.admin.accessToken)).statusCode).toBe(200);
    expect((await leave(erik.id, '2024-12-31', other.admin.accessToken)).statusCode).toBe(422);
  });
});
