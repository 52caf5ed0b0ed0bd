import type { LicenceCheckCase, LicenceCheckRow } from '@leasing/contract';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { licenceChecks } from '../../db/schema-lease-end.js';
import { simulatorCases } from '../../db/schema-simulator.js';
import { JobScheduler } from '../../lib/scheduled-jobs.js';
import { loadOrCreateSecret } from '../../lib/secrets.js';
import { buildLease } from '../../test-support/builders.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';
import { signCallback } from '../ident/callback.js';
import type { FaultMode } from '../ident/simulator.js';
import {
  LICENCE_CHECKS_INTERVAL_MS,
  LICENCE_CHECKS_JOB,
  refreshPendingLicenceChecks,
  type RefreshResult,
} from './licence-check-job.js';
import { berlinToday } from './returns.js';
import { addMonths } from './settlement.js';

/**
 * The licence check as a case kind of its own, end to end over HTTP with the provider's simulator:
 * callbacks, the refresh job, each of the simulator's faults, and what HR gets to see.
 */
describe.each(databaseTargets())('licence check cases at the identity provider on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let orderId: number;
  const url = () => `/v1/order/${orderId}/licence-check`;
  const db = () => t.runtime.database.db;
  const deps = () => t.app.orderDeps;

  beforeAll(async () => {
    t = await createTestApp(target, { listen: true });
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    orderId = await runningLease(t, tokens.employee);
    // Identified at the order three months ago; three months on the check is due (six-month rhythm).
    t.clock.set(new Date(Date.parse(`${addMonths(berlinToday(t.clock.now()), 3)}T08:00:00Z`)));
    tokens = await tokensOfDemoRoles(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Time passes (sign-ins last minutes: signed in again). */
  const later = async (ms: number) => {
    t.clock.advance(ms);
    tokens = await tokensOfDemoRoles(t.app);
  };
  const start = async () => {
    // Checks are told apart by when they started.
    t.clock.advance(1000);
    const started = await call<LicenceCheckCase>('POST', url(), tokens.employee);
    expect(started.status, started.text).toBe(200);
    return started.body;
  };
  const newest = async () => {
    const [row] = await db()
      .select()
      .from(licenceChecks)
      .where(eq(licenceChecks.orderId, orderId))
      .orderBy(desc(licenceChecks.createdAt))
      .limit(1);
    if (!row?.providerCaseId) throw new Error('no licence check');
    return { ...row, providerCaseId: row.providerCaseId };
  };
  const simulated = async (caseId: string) => {
    const [row] = await db().select().from(simulatorCases).where(eq(simulatorCases.caseId, caseId));
    if (!row) throw new Error('no simulator case');
    return row;
  };
  const chooseAtProvider = async (link: string, outcome: 'success' | 'failure' | 'cancel') => {
    const posted = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
    });
    expect(posted.status).toBe(200);
  };
  /** Waits for the check to leave PENDING without anyone reading it through the API. */
  const settled = async () => {
    for (let i = 0; i < 100; i += 1) {
      const row = await newest();
      if (row.status !== 'PENDING') return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('licence check stayed open');
  };
  const fault = async (mode: FaultMode, count = 1) => {
    const response = await fetch(`${t.config.publicUrl}/simulator/api/faults`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${loadOrCreateSecret(t.config.dataDir, 'ident-api-key').toString('hex')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ mode, count }),
    });
    expect(response.status).toBe(200);
  };
  const hrRow = async () => {
    const answer = await call<LicenceCheckRow[]>('GET', '/v1/tenant/licence-checks', tokens.tenantAdmin);
    expect(answer.status).toBe(200);
    const row = answer.body.find((r) => r.orderId === orderId);
    if (!row) throw new Error('no HR row');
    return row;
  };
  const signedCallback = (eventId: string, caseId: string) => {
    const body = JSON.stringify({ eventId, caseId, status: 'SUCCEEDED' });
    const secret = loadOrCreateSecret(t.config.dataDir, 'ident-callback').toString('hex');
    return call<{ replay: boolean }>('POST', '/v1/provider/callback', undefined, body, {
      'content-type': 'application/json',
      'x-signature': signCallback(secret, body, t.clock.now()),
    });
  };

  it('opens a LICENCE_CHECK case; a refusal arrives by callback and HR sees only the provider’s reason', async () => {
    const started = await start();
    const check = await newest();
    const remote = await simulated(check.providerCaseId);
    expect(remote).toMatchObject({ kind: 'LICENCE_CHECK', reference: `licence-${check.id}`, documentPdf: null });
    expect(check.expiresAt?.getTime()).toBe(remote.expiresAt.getTime());
    const page = await (await fetch(started.link ?? '')).text();
    expect(page).toContain('Führerscheinkontrolle');

    await chooseAtProvider(started.link ?? '', 'failure');
    expect(await settled()).toMatchObject({ status: 'FAILED', reason: 'licence_not_confirmed', link: null });
    const hr = await hrRow();
    expect(hr).toMatchObject({ status: 'DUE', lastFailureReason: 'licence_not_confirmed' });
    // Name, order and dates, the status and the reason: nothing of the case or the document.
    expect(Object.keys(hr).sort()).toEqual(
      ['dueOn', 'lastCheckedOn', 'lastFailureReason', 'name', 'orderId', 'status', 'userId'].sort(),
    );
    const own = await call<LicenceCheckCase>('GET', url(), tokens.employee);
    expect(own.body).toEqual({ status: 'FAILED', link: null, checkedOn: null, reason: 'licence_not_confirmed' });
  });

  it('records a check the person cancelled at the provider, and lets them try again', async () => {
    const started = await start();
    await chooseAtProvider(started.link ?? '', 'cancel');
    expect(await settled()).toMatchObject({ status: 'FAILED', reason: 'cancelled_by_user' });
    expect((await hrRow()).lastFailureReason).toBe('cancelled_by_user');
    const again = await start();
    expect(again.status).toBe('PENDING');
    expect(again.link).not.toBe(started.link);
    // While the new attempt runs, the last failure is no longer shown.
    expect((await hrRow()).lastFailureReason).toBeNull();
  });

  it('ends an expired link as failed: on the next start, and through the job', async () => {
    const first = await newest();
    await later(31 * 60_000);
    const fresh = await start();
    const closed = await db().select().from(licenceChecks).where(eq(licenceChecks.id, first.id));
    expect(closed[0]).toMatchObject({ status: 'FAILED', reason: 'expired', link: null });
    expect(fresh.link).not.toBe(first.link);

    await later(31 * 60_000);
    const result = await refreshPendingLicenceChecks(deps());
    expect(result).toMatchObject({ asked: 1, finished: 1, unavailable: 0, errors: 0 });
    expect(await newest()).toMatchObject({ status: 'FAILED', reason: 'expired' });
    expect(await hrRow()).toMatchObject({ status: 'DUE', lastFailureReason: 'expired' });
  });

  it('refuses to start while the provider errs, and keeps an open check open through every fault', async () => {
    await fault('error500');
    const refused = await call<{ code: string }>('POST', url(), tokens.employee);
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('SERVICE_UNAVAILABLE');
    const before = await newest();
    expect(before.status).toBe('FAILED');

    await start();
    const open = await newest();
    for (const mode of ['error500', 'redirect', 'malformed', 'timeout'] as const) {
      await fault(mode);
      const result = await refreshPendingLicenceChecks(deps());
      expect(result, mode).toMatchObject({ asked: 1, finished: 0, unavailable: 1 });
      expect((await newest()).status, mode).toBe('PENDING');
    }
    // The employee's page during an outage: the open check as it was, no error.
    await fault('error500');
    const own = await call<LicenceCheckCase>('GET', url(), tokens.employee);
    expect(own.body).toMatchObject({ status: 'PENDING', link: open.link });

    // Still no answer a day after the link ran out: given up, with that reason.
    t.clock.set(new Date((open.expiresAt?.getTime() ?? 0) + 24 * 3600_000 + 1000));
    tokens = await tokensOfDemoRoles(t.app);
    await fault('error500');
    expect(await refreshPendingLicenceChecks(deps())).toMatchObject({ asked: 1, finished: 1 });
    expect(await newest()).toMatchObject({ status: 'FAILED', reason: 'abandoned' });
    // The client's circuit breaker (five failures in a row) lets calls through again.
    await later(31_000);
  }, 60_000);

  it('refuses unsigned callbacks, callbacks for a case of another kind or check, and replays', async () => {
    await start();
    const check = await newest();
    const emit = vi.spyOn(deps().events, 'emit');
    try {
      const body = JSON.stringify({ eventId: 'evt-licence-unsigned', caseId: check.providerCaseId, status: 'X' });
      const unsigned = await call('POST', '/v1/provider/callback', undefined, body, {
        'content-type': 'application/json',
        'x-signature': `t=${Math.floor(t.clock.now().getTime() / 1000)},v1=${'0'.repeat(64)}`,
      });
      expect(unsigned.status).toBe(401);

      const completedAt = t.clock.now();
      await db()
        .update(simulatorCases)
        .set({ kind: 'IDENT', status: 'SUCCEEDED', completedAt })
        .where(eq(simulatorCases.caseId, check.providerCaseId));
      expect((await signedCallback(`evt-kind-${target}`, check.providerCaseId)).body.replay).toBe(false);
      expect((await newest()).status).toBe('PENDING');

      await db()
        .update(simulatorCases)
        .set({ kind: 'LICENCE_CHECK', reference: 'licence-00000000-0000-4000-8000-000000000000' })
        .where(eq(simulatorCases.caseId, check.providerCaseId));
      expect((await signedCallback(`evt-ref-${target}`, check.providerCaseId)).body.replay).toBe(false);
      expect((await newest()).status).toBe('PENDING');
      const denied = emit.mock.calls.filter(([action, fields]) => {
        return action === 'authz.denied' && fields.target === `licence-check:${check.id}`;
      });
      expect(denied).toHaveLength(2);

      // The right case, but an event already processed: no effect.
      await db()
        .update(simulatorCases)
        .set({ reference: `licence-${check.id}`, status: 'FAILED', failureReason: 'licence_not_confirmed' })
        .where(eq(simulatorCases.caseId, check.providerCaseId));
      expect((await signedCallback(`evt-ref-${target}`, check.providerCaseId)).body.replay).toBe(true);
      expect((await newest()).status).toBe('PENDING');
      expect((await signedCallback(`evt-right-${target}`, check.providerCaseId)).body.replay).toBe(false);
      expect(await newest()).toMatchObject({ status: 'FAILED', reason: 'licence_not_confirmed' });
    } finally {
      emit.mockRestore();
    }
  });

  it('completes a check whose callback was lost through the job, without anyone opening the page', async () => {
    await start();
    const check = await newest();
    // The choice is made at the provider, the completion is still under way (asynchronous) and its
    // callback never comes (the instance that would have sent it is gone).
    await db()
      .update(simulatorCases)
      .set({ outcome: 'success', outcomeAt: t.clock.now() })
      .where(eq(simulatorCases.caseId, check.providerCaseId));
    expect(await refreshPendingLicenceChecks(deps())).toMatchObject({ asked: 1, finished: 0, unavailable: 0 });
    expect((await newest()).status).toBe('PENDING');

    t.clock.advance(2_000);
    // Two instances' timers fire for the same slot: one of them asks the provider.
    const log = pino({ level: 'silent' });
    const results: RefreshResult[] = [];
    const outcomes = await Promise.all(
      [0, 1].map(() =>
        new JobScheduler({ db: db(), clock: t.clock, log }).runSlot(
          LICENCE_CHECKS_JOB,
          LICENCE_CHECKS_INTERVAL_MS,
          async () => results.push(await refreshPendingLicenceChecks(deps())),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(results).toEqual([{ asked: 1, finished: 1, unavailable: 0, errors: 0 }]);
    const today = berlinToday(t.clock.now());
    expect(await newest()).toMatchObject({ status: 'SUCCEEDED', checkedOn: today, reason: null });
    expect(await hrRow()).toMatchObject({
      lastCheckedOn: today,
      dueOn: addMonths(today, 6),
      status: 'OK',
      lastFailureReason: null,
    });
    expect(await refreshPendingLicenceChecks(deps())).toMatchObject({ asked: 0 });
  });
});

/** The demo employee's order walked to a running lease, identified at the order three months ago. */
function runningLease(t: TestApp, employee: string): Promise<number> {
  return buildLease(t, employee, { handedOverMonthsAgo: 2, identifiedMonthsAgo: 3 });
}
