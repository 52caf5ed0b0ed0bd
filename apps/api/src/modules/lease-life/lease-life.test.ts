import type { Absence, ErrorResponse, PayrollExport, TenantEmployeesPage, TerminationQuote } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAsSystem } from '../../db/scope.js';
import { auditLog, orders, outbox } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import type { OrderTerms } from '../orders/snapshot.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder, settleOrder } from '../../test-support/order-fixtures.js';
import { terminationFigures } from '../contract/termination-quote.js';

describe.each(databaseTargets())('life during a lease on %s', (target) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  let maxId: string;
  let erikId: string;
  let orderId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    // A lease handed over this month (June 2026).
    t.clock.set(new Date('2026-06-10T09:00:00Z'));
    employee = (await loginAs(t.app)).accessToken;
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    await settleOrder(t.runtime.database.db, orderId, {
      status: 'LEASING_ACTIVE',
      at: t.clock.now(),
      signed: true,
      handoverDate: '2026-06-05',
    });
    other = await buildTenant(t.app, t.runtime.database.db, { now: t.clock.now() });
    const people = await t.app.inject({ method: 'GET', url: '/v1/tenant/employees', headers: bearer(admin) });
    maxId = people.json<TenantEmployeesPage>().items.find((p) => p.email === DEMO_ACCOUNTS.employee)!.id;
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/v1/tenant/employees',
      headers: bearer(other.admin.accessToken),
    });
    erikId = theirs.json<TenantEmployeesPage>().items[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const absences = (id: string) => `/v1/tenant/employees/${id}/absences`;
  const payroll = async (month: string) =>
    (await call('GET', `/v1/tenant/payroll/${month}`, admin))
      .json<PayrollExport>()
      .rows.find((r) => r.orderId === orderId)!;

  let parental: Absence;

  it('records parental leave from next month for three months: those months pause, the month before stays active', async () => {
    const created = await call('POST', absences(maxId), admin, {
      type: 'PARENTAL_LEAVE',
      from: '2026-07-01',
      to: '2026-09-30',
    });
    expect(created.statusCode).toBe(201);
    parental = created.json<Absence>();
    expect(parental).toMatchObject({
      type: 'PARENTAL_LEAVE',
      from: '2026-07-01',
      to: '2026-09-30',
      payer: 'EMPLOYEE_PAYS',
    });
    expect(parental.id).toMatch(/^[0-9a-f-]{36}$/);

    const june = await payroll('2026-06');
    expect(june).toMatchObject({ status: 'ACTIVE', pause: null, employeePaysEur: 0 });
    expect(june.grossConversionEur).toBeGreaterThan(0);
    for (const month of ['2026-07', '2026-08', '2026-09']) {
      const row = await payroll(month);
      expect(row).toMatchObject({
        status: 'PAUSED',
        grossConversionEur: 0,
        employeePaysEur: june.grossConversionEur,
        benefitPrivateUseEur: june.benefitPrivateUseEur,
        pause: { absenceId: parental.id, type: 'PARENTAL_LEAVE', payer: 'EMPLOYEE_PAYS' },
      });
    }
    expect(await payroll('2026-10')).toMatchObject({ status: 'ACTIVE', grossConversionEur: june.grossConversionEur });

    // The CSV carries the same.
    const csv = await call('GET', '/v1/tenant/payroll/2026-08.csv', admin);
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((l) => l.includes(`;${orderId};`))!;
    expect(line).toContain(';PAUSIERT;Elternzeit 01.07.2026–30.09.2026 (Mitarbeiter zahlt);31/31;');
    expect(line.split(';')[4]).toBe('0,00');

    // The person sees it on the order; mails went to the person and the provider, and an audit entry was written.
    const own = await call('GET', `/v1/order/${orderId}/absences`, employee);
    expect(own.statusCode).toBe(200);
    expect(own.json<Absence[]>()).toEqual([parental]);
    const mails = await runAsSystem(() =>
      t.runtime.database.db.select({ recipient: outbox.recipient, subject: outbox.subject }).from(outbox),
    );
    const recorded = mails.filter((m) => m.subject.includes('Abwesenheit eingetragen'));
    expect(recorded.map((m) => m.recipient)).toEqual(
      expect.arrayContaining([DEMO_ACCOUNTS.employee, DEMO_ACCOUNTS.providerAdmin]),
    );
    const audits = await runAsSystem(() =>
      t.runtime.database.db.select().from(auditLog).where(eq(auditLog.subjectId, parental.id)),
    );
    expect(audits.map((a) => a.action)).toContain('employee.absence.recorded');
  });

  it('refuses bad periods with 400 and field errors', async () => {
    const post = (body: unknown) => call('POST', absences(maxId), admin, body);
    const fieldOf = async (body: unknown) => {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      return res.json<ErrorResponse>().errors?.map((e) => e.field);
    };
    expect(await fieldOf({ type: 'SICK_PAY', from: '2026-12-10', to: '2026-12-01' })).toEqual(['to']);
    expect(await fieldOf({ type: 'SICK_PAY', from: '2026-09-15', to: '2026-10-15' })).toEqual(['from']);
    expect(await fieldOf({ type: 'SICK_PAY', from: '2026-06-01', to: '2026-06-03' })).toEqual(['from']);
    expect(await fieldOf({ type: 'SICK_PAY', from: '2025-06-01', to: '2025-06-30' })).toEqual(['from', 'from']);
    expect(await fieldOf({ type: 'SICK_PAY', from: '2026-05-01', to: null })).toEqual(['from', 'from']);
    expect(await fieldOf({ type: 'HOLIDAY', from: '2026-12-01' })).toEqual(['type']);
    expect(await fieldOf({ type: 'SICK_PAY', from: '1.12.2026' })).toEqual(['from']);
  });

  it("answers 404 for another employer's person, and 403 for an employee", async () => {
    expect((await call('GET', absences(erikId), admin)).statusCode).toBe(404);
    expect((await call('POST', absences(erikId), admin, { type: 'SICK_PAY', from: '2026-07-01' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', absences(maxId), other.admin.accessToken)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `${absences(maxId)}/${parental.id}`, other.admin.accessToken, { to: null })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${absences(maxId)}/${parental.id}`, other.admin.accessToken)).statusCode).toBe(404);
    expect((await call('GET', absences(maxId), employee)).statusCode).toBe(403);
    expect((await call('GET', `/v1/order/${orderId}/absences`, other.employee.accessToken)).statusCode).toBe(404);
  });

  it('moves the end, refusing an end before the start or into another absence', async () => {
    const later = await call('POST', absences(maxId), admin, {
      type: 'UNPAID_LEAVE',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(later.statusCode).toBe(201);
    const url = `${absences(maxId)}/${parental.id}`;
    expect((await call('PATCH', url, admin, { to: '2026-06-30' })).json<ErrorResponse>().errors?.[0]?.field).toBe('to');
    const into = await call('PATCH', url, admin, { to: '2026-11-05' });
    expect(into.statusCode).toBe(400);
    expect(into.json<ErrorResponse>().errors?.[0]?.message).toContain('Überschneidet');
    const moved = await call('PATCH', url, admin, { to: '2026-08-15' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Absence>().to).toBe('2026-08-15');
    // August is split by calendar days: 15 of 31 days paused.
    const august = await payroll('2026-08');
    expect(august.pause).toMatchObject({ pausedDays: 15, daysInMonth: 31 });
    expect(august.employeePaysEur + august.grossConversionEur).toBeCloseTo(
      (await payroll('2026-06')).grossConversionEur,
      2,
    );
    expect((await payroll('2026-09')).status).toBe('ACTIVE');
    // Removing: only before the start.
    const laterId = later.json<Absence>().id;
    expect((await call('DELETE', `${absences(maxId)}/${laterId}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `${absences(maxId)}/${laterId}`, admin)).statusCode).toBe(404);
    t.clock.set(new Date('2026-07-02T09:00:00Z'));
    const julyToken = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const started = await call('DELETE', url, julyToken);
    expect(started.statusCode).toBe(409);
    expect(started.json<ErrorResponse>().message).toContain('bereits begonnen');
    t.clock.set(new Date('2026-06-10T09:00:00Z'));
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    employee = (await loginAs(t.app)).accessToken;
  });

  it('quotes the early termination by the rule of the contract, for HR and for the employee', async () => {
    const [order] = await runAsSystem(() => t.runtime.database.db.select().from(orders).where(eq(orders.id, orderId)));
    const terms = order!.terms as OrderTerms;
    const expected = terminationFigures({
      handoverDate: '2026-06-05',
      durationMonths: terms.leasePackage.durationMonths,
      monthlyGrossRateCents: terms.totalMonthlyGrossCostCents,
      privateRateCents: terms.grossComparisonCostCents,
      rateInsuranceIncluded: terms.leasePackage.rateInsuranceIncluded,
      date: '2027-12-31',
      reason: 'EARLY_RETURN',
    });
    const hr = await call('GET', `/v1/tenant/orders/${orderId}/termination-quote?date=2027-12-31`, admin);
    expect(hr.statusCode).toBe(200);
    const quote = hr.json<TerminationQuote>();
    expect(quote).toMatchObject({
      date: '2027-12-31',
      reason: 'EARLY_RETURN',
      remainingMonths: expected.remainingMonths,
      remainingRatesEur: expected.remainingRatesCents / 100,
      feeEur: expected.feeCents / 100,
    });
    expect(quote.rule).toContain('25 %');
    expect(quote.options.map((o) => o.kind)).toEqual(['RETURN', 'TAKEOVER']);
    expect(quote.options[1]!.monthlyEur).toBe(terms.grossComparisonCostCents / 100);
    const own = await call('GET', `/v1/order/${orderId}/termination-quote?date=2027-12-31`, employee);
    expect(own.json<TerminationQuote>()).toEqual(quote);
    const death = await call('GET', `/v1/order/${orderId}/termination-quote?date=2027-12-31&reason=DEATH`, employee);
    expect(death.json<TerminationQuote>().feeEur).toBe(0);

    expect(
      (await call('GET', `/v1/tenant/orders/${orderId}/termination-quote?date=2026-06-01`, admin)).statusCode,
    ).toBe(400);
    expect(
      (await call('GET', `/v1/tenant/orders/${orderId}/termination-quote?date=2027-02-30`, admin)).statusCode,
    ).toBe(400);
    expect((await call('GET', `/v1/tenant/orders/${orderId}/termination-quote`, admin)).statusCode).toBe(400);
    expect(
      (await call('GET', `/v1/tenant/orders/${orderId}/termination-quote?date=2027-12-31`, other.admin.accessToken))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/v1/order/${orderId}/termination-quote?date=2027-12-31`, other.employee.accessToken))
        .statusCode,
    ).toBe(404);
  });

  it('offers the transfer once the person leaves, and mails the quote', async () => {
    const left = await call('POST', `/v1/tenant/employees/${maxId}/leave`, admin, { date: '2027-03-31' });
    expect(left.statusCode).toBe(200);
    const quote = (
      await call('GET', `/v1/tenant/orders/${orderId}/termination-quote?date=2027-03-31`, admin)
    ).json<TerminationQuote>();
    expect(quote.reason).toBe('LEAVING');
    expect(quote.options.map((o) => o.kind)).toEqual(['RETURN', 'TAKEOVER', 'TRANSFER']);
    const mails = await runAsSystem(() =>
      t.runtime.database.db.select({ recipient: outbox.recipient, subject: outbox.subject }).from(outbox),
    );
    expect(mails.filter((m) => m.subject.includes('Angebot zur Vertragsbeendigung')).map((m) => m.recipient)).toEqual(
      expect.arrayContaining([DEMO_ACCOUNTS.employee, DEMO_ACCOUNTS.providerAdmin]),
    );
  });
});
