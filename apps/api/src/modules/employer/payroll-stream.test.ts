import { PayrollExportSchema, type PayrollExport } from '@leasing/contract';
import { comparePayrollLines } from '@leasing/payroll';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders, users } from '../../db/schema.js';
import { textOf } from '../../lib/streamed-body.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { seedScale } from '../demo/scale.js';
import { payrollExport, startPayrollRun } from './payroll.js';
import { DEFAULT_PAYROLL_SETTINGS, payrollCsv, payrollLodas } from './payroll-files.js';
import type { PayrollDeps } from './payroll-leases.js';
import { payrollCsvChunks, payrollJsonChunks, payrollLodasChunks } from './payroll-stream.js';

describe.each(databaseTargets())('the streamed payroll export on %s', (target) => {
  let t: TestApp;
  let deps: PayrollDeps;
  let tenantId: string;
  const month = new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp(target);
    deps = { db: t.runtime.database.db, cipher: t.app.orderDeps.cipher };
    // Generated data: the demo employer gets about half of the leases, most of them handed over.
    await seedScale(deps.db, deps.cipher, { employers: 2, employees: 120, leases: 80 });
    const [admin] = await deps.db
      .select({ tenantId: users.tenantId })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin));
    tenantId = admin?.tenantId ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  const files = async (batchSize: number) => ({
    json: await textOf(payrollJsonChunks(await startPayrollRun(deps, tenantId, month, batchSize))),
    csv: await textOf(payrollCsvChunks(await startPayrollRun(deps, tenantId, month, batchSize))),
    lodas: await textOf(
      payrollLodasChunks(await startPayrollRun(deps, tenantId, month, batchSize), DEFAULT_PAYROLL_SETTINGS),
    ),
  });

  it('writes the same bytes in batches of three as in one batch, and as the whole export in memory', async () => {
    const whole: PayrollExport = await payrollExport(deps, tenantId, month);
    expect(whole.rows.length).toBeGreaterThan(9);
    const sorted = [...whole.rows].sort(comparePayrollLines);
    expect(whole.rows.map((r) => r.orderId)).toEqual(sorted.map((r) => r.orderId));
    expect(whole.totals.leases).toBe(whole.rows.length);

    const small = await files(3);
    expect(small).toEqual(await files(10_000));
    // The route's former answer: the contract schema's serialisation of the whole export.
    expect(small.json).toBe(JSON.stringify(PayrollExportSchema.parse(whole)));
    expect(small.csv).toBe(payrollCsv(whole));
    expect(small.lodas).toBe(payrollLodas(whole, DEFAULT_PAYROLL_SETTINGS));
  });

  it('reads the later batches only after the first is written', async () => {
    const run = await startPayrollRun(deps, tenantId, month, 3);
    const batches = run.batches();
    const first = await batches.next();
    expect(first.done).toBe(false);
    // A person of the last batch renamed now: the rows are read when their batch is written.
    const whole = await payrollExport(deps, tenantId, month);
    const last = whole.rows.at(-1);
    const [holder] = await deps.db
      .select({ id: users.id, lastName: users.lastName })
      .from(users)
      .innerJoin(orders, eq(orders.userId, users.id))
      .where(eq(orders.id, last?.orderId ?? 0));
    await deps.db.update(users).set({ lastName: `${holder?.lastName ?? ''}-Neu` }).where(eq(users.id, holder?.id ?? ''));
    const rest = [];
    for (let step = await batches.next(); !step.done; step = await batches.next()) rest.push(...step.value);
    expect(rest.at(-1)?.name.endsWith('-Neu')).toBe(true);
    expect(run.totals().leases).toBe(whole.totals.leases);
  });

  it('answers the three files over HTTP as downloads without a length, written as they are computed', async () => {
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    const whole = await payrollExport(deps, tenantId, month);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.accessToken) });
    const json = await get(`/v1/tenant/payroll/${month}`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-length']).toBeUndefined();
    expect(json.json<PayrollExport>()).toEqual(JSON.parse(JSON.stringify(whole)));
    const csv = await get(`/v1/tenant/payroll/${month}.csv`);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="Gehaltsumwandlung-${month}.csv"`);
    expect(csv.body).toBe(payrollCsv(whole));
    const lodas = await get(`/v1/tenant/payroll/${month}/datev`);
    expect(lodas.headers['content-disposition']).toBe(`attachment; filename="LODAS-${month}.txt"`);
    expect(lodas.body).toBe(payrollLodas(whole, DEFAULT_PAYROLL_SETTINGS));
    // A bad month is still a plain 400: it is checked before the first byte.
    expect((await get('/v1/tenant/payroll/2026-13.csv')).statusCode).toBe(400);
  });
});
