import type {
  LeaseReturn,
  Mileage,
  PackageChange,
  PackageChangeOverview,
  PayrollExport,
  ProviderPackageChange,
  ProviderPackageChangePage,
} from '@leasing/contract';
import { formatPayrollMonth, parsePayrollMonth } from '@leasing/payroll';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orderDocuments, orders, outbox } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { buildEmployee, buildLease } from '../../test-support/builders.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { extractRuns } from '../../test-support/pdf-text.js';
import { billableLeases } from '../billing/leases.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { berlinToday } from '../lease-end/returns.js';

type Errors = { message: string; errors?: { field: string; message: string }[] };

describe.each(databaseTargets())('a larger kilometre package during the lease on %s', (target) => {
  let t: TestApp;
  let person: Awaited<ReturnType<typeof buildEmployee>>;
  let colleague: Awaited<ReturnType<typeof buildEmployee>>;
  let tenantAdmin: string;
  let providerAdmin: string;
  let orderId: number;
  let changeId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    providerAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
    person = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'km-more' });
    colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'km-colleague' });
    orderId = await buildLease(t, person.accessToken, { handedOverMonthsAgo: 4 });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  }
  const nextMonth = () => formatPayrollMonth(parsePayrollMonth(berlinToday(t.clock.now()).slice(0, 7)) + 1);
  const thisMonth = () => berlinToday(t.clock.now()).slice(0, 7);

  it('offers the car’s larger packages of the same term to the employee only, and refuses any other', async () => {
    const overview = await call<PackageChangeOverview>(
      'GET',
      `/v1/order/${orderId}/package-change`,
      person.accessToken,
    );
    expect(overview.status).toBe(200);
    const { current, options } = overview.body;
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) {
      expect(option.kmPerYear).toBeGreaterThan(current.kmPerYear);
      expect(option.differenceEur).toBeCloseTo(option.monthlyGrossRateEur - current.monthlyGrossRateEur, 2);
    }
    // One per kilometre figure, fewest first: the packages with other tyres or services are not offered.
    const kms = options.map((o) => o.kmPerYear);
    expect(kms).toEqual([...new Set(kms)].sort((a, b) => a - b));
    // HR and the provider read the history, without an offer; a colleague gets the unknown order's 404.
    expect(
      (await call<PackageChangeOverview>('GET', `/v1/order/${orderId}/package-change`, tenantAdmin)).body.options,
    ).toEqual([]);
    expect((await call('GET', `/v1/order/${orderId}/package-change`, colleague.accessToken)).status).toBe(404);

    const odd = await call<Errors>('POST', `/v1/order/${orderId}/package-change`, person.accessToken, {
      kmPerYear: 12_345,
    });
    expect(odd.status).toBe(400);
    expect(odd.body.errors).toEqual([{ field: 'kmPerYear', message: 'notOffered' }]);
    const smaller = await call<Errors>('POST', `/v1/order/${orderId}/package-change`, person.accessToken, {
      kmPerYear: current.kmPerYear,
    });
    expect(smaller.status).toBe(400);
    expect((await call('POST', `/v1/order/${orderId}/package-change`, tenantAdmin, { kmPerYear: 15_000 })).status).toBe(
      403,
    );
    expect(
      (await call('POST', `/v1/order/${orderId}/package-change`, colleague.accessToken, { kmPerYear: 15_000 })).status,
    ).toBe(404);
  });

  it('takes one open request, tells the provider, and queues it for the provider alone', async () => {
    const { options } = (
      await call<PackageChangeOverview>('GET', `/v1/order/${orderId}/package-change`, person.accessToken)
    ).body;
    const wanted = options[0] as PackageChangeOverview['options'][number];
    const [first, second] = await Promise.all([
      call<PackageChange>('POST', `/v1/order/${orderId}/package-change`, person.accessToken, {
        kmPerYear: wanted.kmPerYear,
      }),
      call<Errors>('POST', `/v1/order/${orderId}/package-change`, person.accessToken, { kmPerYear: wanted.kmPerYear }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 409]);
    const created = (first.status === 201 ? first.body : second.body) as PackageChange;
    changeId = created.id;
    expect(created).toMatchObject({ status: 'REQUESTED', to: { kmPerYear: wanted.kmPerYear }, effectiveMonth: null });
    expect(
      (await call<PackageChangeOverview>('GET', `/v1/order/${orderId}/package-change`, person.accessToken)).body
        .options,
    ).toEqual([]);

    const queue = await call<ProviderPackageChangePage>(
      'GET',
      '/v1/provider/package-changes?status=REQUESTED',
      providerAdmin,
    );
    const item = queue.body.items.find((i) => i.id === changeId);
    expect(item).toMatchObject({
      orderId,
      personName: expect.stringMatching(/\S/) as unknown,
      car: expect.any(String) as unknown,
    });
    expect((await call('GET', '/v1/provider/package-changes', tenantAdmin)).status).toBe(403);
    const mails = await runAsSystem(() => t.runtime.database.db.select().from(outbox));
    expect(mails.some((m) => m.kind === 'ORDER_UPDATE' && m.recipient === DEMO_ACCOUNTS.providerAdmin)).toBe(true);
  });

  it('approves from next month: the addendum is filed, the payroll and the invoice follow the new rate, the return settles by the new terms', async () => {
    const decline = await call<Errors>('POST', `/v1/provider/package-changes/${changeId}/decision`, providerAdmin, {
      decision: 'DECLINE',
    });
    expect(decline.status).toBe(400);
    expect(decline.body.errors?.[0]?.field).toBe('note');
    const approved = await call<ProviderPackageChange>(
      'POST',
      `/v1/provider/package-changes/${changeId}/decision`,
      providerAdmin,
      {
        decision: 'APPROVE',
      },
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', effectiveMonth: nextMonth() });
    expect(
      (await call('POST', `/v1/provider/package-changes/${changeId}/decision`, providerAdmin, { decision: 'APPROVE' }))
        .status,
    ).toBe(409);

    const overview = (
      await call<PackageChangeOverview>('GET', `/v1/order/${orderId}/package-change`, person.accessToken)
    ).body;
    expect(overview.current.kmPerYear).toBe(approved.body.to.kmPerYear);

    const [addendum] = await runAsSystem(() =>
      t.runtime.database.db
        .select()
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, 'ADDENDUM'))),
    );
    expect(addendum?.name).toBe(`Nachtrag-Kilometerpaket-${orderId}-${nextMonth()}.pdf`);
    const text = (await extractRuns(new Uint8Array(addendum?.pdf ?? []))).runs.map((r) => r.text).join(' ');
    expect(text).toContain('Nachtrag zum Überlassungsvertrag');
    expect(text).toContain(approved.body.to.kmPerYear.toLocaleString('de-DE'));
    expect(text).toContain(`ab ${nextMonth().slice(5, 7)}/${nextMonth().slice(0, 4)}`);

    // The payroll: this month at the ordered rate, next month at the new one (the subsidy stays).
    const rowOf = async (month: string) =>
      (await call<PayrollExport>('GET', `/v1/tenant/payroll/${month}`, tenantAdmin)).body.rows.find(
        (r) => r.orderId === orderId,
      );
    const now = await rowOf(thisMonth());
    const then = await rowOf(nextMonth());
    expect(now?.grossConversionEur).toBeCloseTo(
      approved.body.from.monthlyGrossRateEur - (now?.employerContributionEur ?? 0),
      2,
    );
    expect(then?.grossConversionEur).toBeCloseTo(
      approved.body.to.monthlyGrossRateEur - (then?.employerContributionEur ?? 0),
      2,
    );
    expect(then?.employerContributionEur).toBe(now?.employerContributionEur);

    // The invoice's line of next month is the new rate net of VAT.
    const [order] = await runAsSystem(() =>
      t.runtime.database.db
        .select({ tenantId: orders.tenantId, terms: orders.terms })
        .from(orders)
        .where(eq(orders.id, orderId)),
    );
    const tenantId = order?.tenantId ?? '';
    const durationMonths = (order?.terms as { leasePackage: { durationMonths: number } }).leasePackage.durationMonths;
    const leases = await runAsSystem(() =>
      billableLeases(t.runtime.database.db, [tenantId], parsePayrollMonth(nextMonth())),
    );
    expect(leases.get(tenantId)?.find((l) => l.orderId === orderId)?.monthlyGrossCents).toBe(
      Math.round(approved.body.to.monthlyGrossRateEur * 100),
    );
    const before = await runAsSystem(() =>
      billableLeases(t.runtime.database.db, [tenantId], parsePayrollMonth(thisMonth())),
    );
    expect(before.get(tenantId)?.find((l) => l.orderId === orderId)?.monthlyGrossCents).toBe(
      Math.round(approved.body.from.monthlyGrossRateEur * 100),
    );

    // The forecast and the return: the term's kilometres grow by the new package's share.
    const mileage = (await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, person.accessToken)).body;
    const leaseReturn = await call<LeaseReturn>('POST', `/v1/provider/orders/${orderId}/return`, providerAdmin, {
      returnedOn: berlinToday(t.clock.now()),
      odometerKm: 1000,
      damages: [],
    });
    expect(leaseReturn.status).toBe(201);
    expect(leaseReturn.body.settlement.contractKm).toBe(mileage.contractKm);
    const ordered = Math.round((approved.body.from.kmPerYear * durationMonths) / 12);
    expect(mileage.contractKm).toBeGreaterThan(ordered);
  });

  it('is declined with its reason, and refused for another employer’s lease', async () => {
    const other = await buildTenant(t.app, t.runtime.database.db, { prefix: 'km-other', now: t.clock.now() });
    const otherOrder = await buildLease(t, other.employee.accessToken, { handedOverMonthsAgo: 2 });
    expect((await call('GET', `/v1/order/${otherOrder}/package-change`, tenantAdmin)).status).toBe(404);
    const { options } = (
      await call<PackageChangeOverview>('GET', `/v1/order/${otherOrder}/package-change`, other.employee.accessToken)
    ).body;
    const asked = await call<PackageChange>(
      'POST',
      `/v1/order/${otherOrder}/package-change`,
      other.employee.accessToken,
      {
        kmPerYear: options.at(-1)?.kmPerYear,
      },
    );
    expect(asked.status).toBe(201);
    const declined = await call<ProviderPackageChange>(
      'POST',
      `/v1/provider/package-changes/${asked.body.id}/decision`,
      providerAdmin,
      {
        decision: 'DECLINE',
        note: 'Nicht für dieses Modell',
      },
    );
    expect(declined.body).toMatchObject({ status: 'DECLINED', note: 'Nicht für dieses Modell', effectiveMonth: null });
    const history = (
      await call<PackageChangeOverview>('GET', `/v1/order/${otherOrder}/package-change`, other.employee.accessToken)
    ).body;
    expect(history.changes.map((c) => c.status)).toEqual(['DECLINED']);
    expect(history.options.length).toBeGreaterThan(0);

    // The requests are the person's data: their export has them, with the decision.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/v1/user/export',
      headers: bearer(other.employee.accessToken),
    });
    expect(exported.json<{ packageChanges: PackageChange[] }>().packageChanges).toEqual(history.changes);
  });
});
