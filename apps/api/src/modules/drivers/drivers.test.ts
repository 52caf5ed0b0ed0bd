import type { AdditionalDriver, Order } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { simulatorCases } from '../../db/schema-simulator.js';
import { buildEmployee, buildLease, buildOrder } from '../../test-support/builders.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { addMonths } from '../lease-end/settlement.js';
import { berlinToday } from '../lease-end/returns.js';

describe.each(databaseTargets())('additional drivers on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let tenantAdmin: string;
  let providerAdmin: string;

  beforeAll(async () => {
    t = await createTestApp(target, { listen: true });
    employee = (await loginAs(t.app)).accessToken;
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    providerAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  }
  const today = () => berlinToday(t.clock.now());
  const yearsAgo = (years: number) => addMonths(today(), -12 * years);
  const driver = (overrides: object = {}) => ({
    firstName: 'Kim',
    lastName: 'Meyer',
    email: 'kim.meyer@example.com',
    dateOfBirth: yearsAgo(30),
    licenceIssuedOn: yearsAgo(3),
    licenceCountry: 'DE',
    ...overrides,
  });
  /** The driver at the provider's page finishes the check. */
  const finish = (caseId: string, status: 'SUCCEEDED' | 'FAILED', failureReason: string | null = null) =>
    t.runtime.database.db
      .update(simulatorCases)
      .set({ status, completedAt: t.clock.now(), failureReason })
      .where(eq(simulatorCases.caseId, caseId));

  it('refuses a driver of 17 and a licence of one year, accepts one of 30 with an EU licence of three years', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 3 });
    const url = `/v1/order/${orderId}/drivers`;
    const young = await call<{ errors: { field: string; message: string }[] }>(
      'POST',
      url,
      employee,
      driver({ dateOfBirth: yearsAgo(17) }),
    );
    expect(young.status).toBe(400);
    expect(young.body.errors).toContainEqual({
      field: 'dateOfBirth',
      message: 'Zusatzfahrer müssen mindestens 18 Jahre alt sein.',
    });
    const novice = await call<{ errors: { field: string }[] }>(
      'POST',
      url,
      employee,
      driver({ licenceIssuedOn: yearsAgo(1) }),
    );
    expect(novice.status).toBe(400);
    expect(novice.body.errors.map((e) => e.field)).toEqual(['licenceIssuedOn']);
    const swiss = await call<{ errors: { field: string }[] }>('POST', url, employee, driver({ licenceCountry: 'CH' }));
    expect(swiss.body.errors.map((e) => e.field)).toEqual(['licenceCountry']);

    const added = await call<AdditionalDriver>('POST', url, employee, driver({ licenceCountry: 'AT' }));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ firstName: 'Kim', status: 'PENDING', licenceCountry: 'AT' });

    // The check's link goes to the driver, who is no user of the platform.
    const mail = (await mailbox(t.app)).find((m) => m.to === 'kim.meyer@example.com');
    expect(mail?.subject).toContain('Führerscheinprüfung als Zusatzfahrer');
    expect(mail?.links[0]).toMatch(/^http/);
    // The drivers' list joins the order's documents.
    const order = (await call<Order>('GET', `/v1/order/${orderId}/workflow`, employee)).body;
    expect(order.documents.some((d) => d.name.startsWith(`Zusatzfahrer-${orderId}-`))).toBe(true);

    // The driver completes the check: approved, the employee is told.
    const [simCase] = await t.runtime.database.db
      .select()
      .from(simulatorCases)
      .where(eq(simulatorCases.kind, 'LICENCE_CHECK'));
    await finish(simCase?.caseId ?? '', 'SUCCEEDED');
    const listed = await call<AdditionalDriver[]>('GET', url, employee);
    expect(listed.body).toEqual([expect.objectContaining({ status: 'APPROVED', checkedOn: today() })]);
    expect(
      (await mailbox(t.app)).some(
        (m) => m.to === DEMO_ACCOUNTS.employee && m.subject.includes('Zusatzfahrer bestätigt'),
      ),
    ).toBe(true);

    // HR sees the name and the outcome, nothing else; the provider sees everything.
    const hr = await call<AdditionalDriver[]>('GET', url, tenantAdmin);
    expect(hr.body).toEqual([
      expect.objectContaining({
        firstName: 'Kim',
        lastName: 'Meyer',
        status: 'APPROVED',
        email: null,
        dateOfBirth: null,
      }),
    ]);
    const provider = await call<AdditionalDriver[]>('GET', `/v1/provider/orders/${orderId}/drivers`, providerAdmin);
    expect(provider.body[0]).toMatchObject({ email: 'kim.meyer@example.com', licenceCountry: 'AT' });
    expect((await call('GET', `/v1/provider/orders/${orderId}/drivers`, tenantAdmin)).status).toBe(403);
  });

  it('records a refused check with the provider’s reason, keeps at most three drivers, and removes one', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 1 });
    const url = `/v1/order/${orderId}/drivers`;
    const ids: string[] = [];
    for (const name of ['Ana', 'Ben', 'Cem']) {
      const added = await call<AdditionalDriver>(
        'POST',
        url,
        employee,
        driver({ firstName: name, email: `${name}@example.com` }),
      );
      expect(added.status).toBe(201);
      ids.push(added.body.id);
      t.clock.advance(1_000);
    }
    const fourth = await call<{ message: string }>('POST', url, employee, driver({ email: 'dora@example.com' }));
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe('Sie können höchstens 3 Zusatzfahrer benennen.');

    const pending = await t.runtime.database.db
      .select()
      .from(simulatorCases)
      .where(eq(simulatorCases.status, 'PENDING'));
    for (const c of pending) await finish(c.caseId, 'FAILED', 'Führerschein ungültig');
    const listed = await call<AdditionalDriver[]>('GET', url, employee);
    expect(listed.body.map((d) => [d.firstName, d.status, d.reason])).toEqual([
      ['Ana', 'REJECTED', 'Führerschein ungültig'],
      ['Ben', 'REJECTED', 'Führerschein ungültig'],
      ['Cem', 'REJECTED', 'Führerschein ungültig'],
    ]);

    expect((await call('DELETE', `${url}/${ids[0]}`, employee)).status).toBe(204);
    expect((await call('DELETE', `${url}/${ids[0]}`, employee)).status).toBe(404);
    expect((await call<AdditionalDriver[]>('GET', url, employee)).body.map((d) => d.firstName)).toEqual(['Ben', 'Cem']);
    expect((await call('DELETE', `${url}/${ids[1]}`, tenantAdmin)).status).toBe(403);

    // What the employee entered is their data: the export has every driver, the removed one with its day.
    const exported = await t.app.inject({ method: 'GET', url: '/v1/user/export', headers: bearer(employee) });
    const data = exported.json<{
      additionalDrivers: {
        orderId: number;
        firstName: string;
        email: string;
        status: string;
        removed: string | null;
      }[];
    }>();
    const own = data.additionalDrivers.filter((d) => d.orderId === orderId);
    expect(own.map((d) => [d.firstName, d.email, d.status, d.removed !== null])).toEqual([
      ['Ana', 'ana@example.com', 'REJECTED', true],
      ['Ben', 'ben@example.com', 'REJECTED', false],
      ['Cem', 'cem@example.com', 'REJECTED', false],
    ]);
  });

  it('is the employee’s: a colleague gets a 404, an unsigned order a 409', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 1 });
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'fahrer' });
    expect((await call('POST', `/v1/order/${orderId}/drivers`, colleague.accessToken, driver())).status).toBe(404);
    expect((await call('POST', `/v1/order/${orderId}/drivers`, colleague.accessToken, {})).status).toBe(404);
    expect((await call('GET', `/v1/order/${orderId}/drivers`, colleague.accessToken)).status).toBe(404);
    expect((await call('POST', `/v1/order/${orderId}/drivers`, tenantAdmin, driver())).status).toBe(403);
    const unsigned = await buildOrder(t, employee);
    expect((await call('POST', `/v1/order/${unsigned}/drivers`, employee, driver())).status).toBe(409);
  });
});
