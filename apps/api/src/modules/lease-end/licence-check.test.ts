import type { LicenceCheckCase, LicenceCheckRow } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { simulatorCases } from '../../db/schema-simulator.js';
import { buildLease } from '../../test-support/builders.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';
import { berlinToday } from './returns.js';
import { addMonths } from './settlement.js';

describe.each(databaseTargets())('driving-licence check at the identity provider on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let orderId: number;
  let today: string;
  const url = () => `/v1/order/${orderId}/licence-check`;

  beforeAll(async () => {
    t = await createTestApp(target, { listen: true });
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    today = berlinToday(t.clock.now());
    // Identified at the order three months ago: the next check is due in three months.
    orderId = await buildLease(t, tokens.employee, { handedOverMonthsAgo: 2, identifiedMonthsAgo: 3 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The person at the provider's page finishes the check (the simulator's case is completed). */
  const finish = async (status: 'SUCCEEDED' | 'FAILED', failureReason: string | null) => {
    await t.runtime.database.db
      .update(simulatorCases)
      .set({ status, completedAt: t.clock.now(), failureReason })
      .where(eq(simulatorCases.status, 'PENDING'));
  };

  it('is not offered before it is due, nor to anyone but the employee', async () => {
    expect((await call('POST', url(), tokens.employee)).status).toBe(409);
    expect((await call('POST', url(), tokens.tenantAdmin)).status).toBe(403);
    expect((await call<null>('GET', url(), tokens.employee)).body).toBeNull();
  });

  it('records a refused check with the provider’s reason only, then a successful one moves the due date', async () => {
    t.clock.set(new Date(Date.parse(`${addMonths(today, 3)}T08:00:00Z`)));
    // Three months on, the sign-ins of before have long expired.
    tokens = await tokensOfDemoRoles(t.app);
    const started = await call<LicenceCheckCase>('POST', url(), tokens.employee);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'PENDING', checkedOn: null });
    expect(started.body.link).toMatch(/^http/);
    // A second click opens no second case.
    expect((await call<LicenceCheckCase>('POST', url(), tokens.employee)).body.link).toBe(started.body.link);

    await finish('FAILED', 'Dokument abgelaufen');
    expect((await call<LicenceCheckCase>('GET', url(), tokens.employee)).body).toMatchObject({
      status: 'FAILED',
      reason: 'Dokument abgelaufen',
      link: null,
    });
    const hr = await call<LicenceCheckRow[]>('GET', '/v1/tenant/licence-checks', tokens.tenantAdmin);
    expect(hr.body.find((r) => r.orderId === orderId)).toMatchObject({
      status: 'DUE',
      lastFailureReason: 'Dokument abgelaufen',
    });

    t.clock.advance(10 * 60_000);
    const again = await call<LicenceCheckCase>('POST', url(), tokens.employee);
    expect(again.body.status).toBe('PENDING');
    await finish('SUCCEEDED', null);
    const done = await call<LicenceCheckCase>('GET', url(), tokens.employee);
    const checkedOn = berlinToday(t.clock.now());
    expect(done.body).toMatchObject({ status: 'SUCCEEDED', checkedOn, reason: null });
    const after = await call<LicenceCheckRow[]>('GET', '/v1/tenant/licence-checks', tokens.tenantAdmin);
    expect(after.body.find((r) => r.orderId === orderId)).toMatchObject({
      lastCheckedOn: checkedOn,
      dueOn: addMonths(checkedOn, 6),
      status: 'OK',
      lastFailureReason: null,
    });
  });
});
