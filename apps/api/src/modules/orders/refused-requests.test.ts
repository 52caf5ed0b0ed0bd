import crypto from 'node:crypto';

import type { StepType } from '@leasing/contract';
import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orderDocuments, outbox, salaryProfiles, users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { employeeSignedContract } from '../../test-support/csc-signing.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import {
  colleagueOf,
  finishCase,
  orderState,
  pickOffer,
  placeOrder,
  STEP,
  type OfferChoice,
} from '../../test-support/order-fixtures.js';
import { STEP_DEFINITIONS, stepById, transitionFor } from './steps.js';
import { hasChanged, runOrderChecks } from './system-transitions.js';

/**
 * Security checklist 16 and 27: a request that is refused changes nothing. The system's own checks
 * (breaking change, expiry) run in the system's scope, so whoever asks cannot make them see a
 * different world; the workflow takes its steps in order, once each.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
}
interface Caller {
  label: string;
  token: string;
}

describe.each(databaseTargets())('refused requests on an order change nothing, on %s', (target) => {
  let t: TestApp;
  let offer: OfferChoice;
  const tokens = { employee: '', hr: '', provider: '' };
  const outsiders: Caller[] = [];
  let orderOperations: Operation[];
  const db = () => t.runtime.database.db;

  beforeAll(async () => {
    // Listening: the employer's seal is made at the trust service over HTTP.
    t = await createTestApp(target, { listen: true });
    tokens.employee = (await loginAs(t.app)).accessToken;
    tokens.hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    tokens.provider = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
    offer = await pickOffer(t.app, tokens.employee);
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    // Every route about one order, from the route table: a route added later is covered the day it is.
    orderOperations = Object.entries(doc.paths)
      .filter(([path]) => path.includes('{orderId}'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase() as Method, path })));

    const other = await buildTenant(t.app, db(), { prefix: 'fremd', now: t.clock.now() });
    const colleague = await colleagueOf(t.app, db(), DEMO_ACCOUNTS.employee, {
      prefix: 'kollegin',
      now: t.clock.now(),
    });
    outsiders.push(
      { label: 'the employer’s HR admin', token: tokens.hr },
      { label: 'the provider admin', token: tokens.provider },
      { label: 'a colleague of the same employer', token: colleague.accessToken },
      { label: 'another employer’s employee', token: other.employee.accessToken },
      { label: 'another employer’s HR admin', token: other.admin.accessToken },
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const put = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
  const currentUserStepId = async (orderId: number) => (await orderState(db(), orderId)).order?.currentUserStepId ?? '';

  it('leaves an unsigned order exactly as it was when HR approves it before the signature', async () => {
    const orderId = await placeOrder(t.app, tokens.employee, offer);
    const before = await orderState(db(), orderId);
    for (const userStepId of [await currentUserStepId(orderId), crypto.randomUUID()]) {
      const early = await put(`/v1/order/${orderId}/step/${STEP.tenant}/accept`, tokens.hr, { orderId, userStepId });
      expect(early.statusCode).toBe(409);
      expect(early.json<{ message: string }>().message).not.toMatch(/abgebrochen/);
    }
    // HR's view of the order is no trigger either.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${orderId}/workflow`,
      headers: bearer(tokens.hr),
    });
    expect(seen.json<{ status: string }>().status).toBe('CONFIRM_SUMMARY');
    expect(await orderState(db(), orderId)).toEqual(before);
    // The employee carries on as if nothing happened.
    const next = await put(`/v1/order/${orderId}/step/${STEP.summary}/accept`, tokens.employee, {
      orderId,
      userStepId: await currentUserStepId(orderId),
      agreed: true,
    });
    expect(next.statusCode).toBe(200);
  });

  it('leaves it as it was after every route and step verb from everyone but its owner', async () => {
    expect(orderOperations.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'DELETE /v1/order/{orderId}',
        'PUT /v1/order/{orderId}/step/{stepId}/accept',
        'PUT /v1/provider/orders/{orderId}/delivery-window',
      ]),
    );
    const orderId = await placeOrder(t.app, tokens.employee, offer);
    const before = await orderState(db(), orderId);
    const userStepIds = [before.order?.currentUserStepId ?? '', crypto.randomUUID()];
    const urls = (path: string) =>
      (path.includes('{stepId}') ? STEP_DEFINITIONS.map((s) => String(s.id)) : ['']).map((stepId) =>
        path.replace('{orderId}', String(orderId)).replace('{stepId}', stepId),
      );
    const documentId = crypto.randomUUID();
    for (const caller of outsiders) {
      for (const op of orderOperations) {
        const withIds = (u: string) => u.replace('{documentId}', documentId).replace('{photoId}', documentId).replace('{driverId}', documentId).replace('{claimId}', documentId);
        // Routes that read a date from the query get one, so they too reach the checks of who asks.
        const withQuery = (u: string) => (u.endsWith('/termination-quote') ? `${u}?date=2027-06-30` : u);
        for (const url of urls(op.path).map((u) => withQuery(withIds(u)))) {
          for (const userStepId of op.method === 'PUT' ? userStepIds : ['']) {
            // A body each route accepts, so the request reaches the checks of who may do what.
            const body = op.path.endsWith('/delivery-window')
              ? { from: '2027-01-04', to: '2027-02-01' }
              : op.path.endsWith('/return')
                ? { returnedOn: '2026-12-01', odometerKm: 1000, damages: [] }
                : op.path.endsWith('/return-appointment')
                  ? { date: '2027-06-30', place: 'Berlin' }
                  : op.path.endsWith('/cancel')
                    ? { reason: 'Prüfung' }
                    : op.path.endsWith('/waive-cancellation')
                      ? { acknowledged: true }
                      : {
                          orderId,
                          userStepId,
                          agreed: true,
                          reason: 'Prüfung',
                          handoverDate: '2026-12-01',
                        };
            const answer = await t.app.inject({
              method: op.method,
              url,
              headers: bearer(caller.token),
              ...(op.method === 'PUT' || op.method === 'POST' ? { payload: body } : {}),
            });
            const label = `${caller.label}: ${op.method} ${url}`;
            expect(answer.statusCode, label).toBeLessThan(500);
            expect(answer.statusCode, `${label}: ${answer.body}`).not.toBe(400);
            if (op.method !== 'GET') expect(answer.statusCode, label).toBeGreaterThanOrEqual(400);
          }
        }
      }
    }
    expect(await orderState(db(), orderId)).toEqual(before);
  }, 240_000);

  /**
   * The way through the workflow, one stage per step, each by the role enabled for it. `prepare` is
   * what the provider reports before the step can be taken (its case, finished there).
   */
  const stages: {
    step: number;
    token: keyof typeof tokens;
    action: 'accept' | 'execute';
    prepare?: (id: number) => Promise<void>;
  }[] = [
    { step: STEP.summary, token: 'employee', action: 'accept' },
    { step: STEP.contract, token: 'employee', action: 'accept' },
    { step: STEP.ident, token: 'employee', action: 'accept', prepare: (id) => finishCase(db(), id, 'IDENT') },
    { step: STEP.sign, token: 'employee', action: 'execute', prepare: (id) => finishCase(db(), id, 'SIGN') },
    { step: STEP.tenant, token: 'hr', action: 'accept', prepare: (id) => storeEmployeeSignedContract(id) },
    // The employee waives the week to cancel, so the car may be ordered at once (else 409 until it is over).
    { step: STEP.admin, token: 'provider', action: 'accept', prepare: (id) => waiveCancellation(id) },
    { step: STEP.active, token: 'provider', action: 'accept' },
  ];
  async function waiveCancellation(orderId: number) {
    const waived = await t.app.inject({
      method: 'POST',
      url: `/v1/order/${orderId}/waive-cancellation`,
      headers: bearer(tokens.employee),
      payload: { acknowledged: true },
    });
    expect(waived.statusCode, waived.body).toBe(200);
  }
  /** The employee-signed contract the employer's seal goes over (the signature itself: order-signing.test). */
  async function storeEmployeeSignedContract(orderId: number) {
    const pdf = await employeeSignedContract(t.app.orderDeps.signing, 'Erika Mustermann');
    await runAsSystem(() =>
      db()
        .insert(orderDocuments)
        .values({ orderId, name: `Ueberlassungsvertrag-${orderId}-unterschrieben.pdf`, kind: 'CONTRACT_SIGNED', pdf }),
    );
  }
  const tokenFor = (stepId: number) => {
    const def = stepById(stepId);
    return def?.userEnabled ? tokens.employee : def?.tenantAdminEnabled ? tokens.hr : tokens.provider;
  };
  const fullBody = { agreed: true, handoverDate: '2026-12-01' };

  it('refuses skipped and repeated steps, and lets one of parallel accepts through, on every step', async () => {
    const orderId = await placeOrder(t.app, tokens.employee, offer);
    let previous: { step: number; userStepId: string } | null = null;
    for (const stage of stages) {
      await stage.prepare?.(orderId);
      const before = await orderState(db(), orderId);
      const userStepId = before.order?.currentUserStepId ?? '';
      expect(stepById(stage.step)?.stepType, `stage ${stage.step}`).toBe(before.order?.status);
      // Any other step, by the role that may act on it, with the current status record: skipping.
      for (const other of stages.filter((s) => s.step !== stage.step)) {
        for (const action of ['accept', 'execute', 'decline'] as const) {
          const skip = await put(`/v1/order/${orderId}/step/${other.step}/${action}`, tokenFor(other.step), {
            orderId,
            userStepId,
            reason: 'Prüfung',
            ...fullBody,
          });
          expect(skip.statusCode, `step ${other.step} ${action} while ${stage.step} is current`).toBe(409);
        }
      }
      // The step before, again, with the status record it had: repeating.
      if (previous) {
        const again = await put(`/v1/order/${orderId}/step/${previous.step}/accept`, tokenFor(previous.step), {
          orderId,
          userStepId: previous.userStepId,
          ...fullBody,
        });
        expect(again.statusCode, `step ${previous.step} again`).toBe(409);
      }
      expect(await orderState(db(), orderId), `nothing changed while ${stage.step} is current`).toEqual(before);

      // Parallel accepts of the current step: exactly one wins, once.
      const [lastMail] = await runAsSystem(() =>
        db()
          .select({ seq: max(outbox.seq) })
          .from(outbox),
      );
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          put(`/v1/order/${orderId}/step/${stage.step}/${stage.action}`, tokens[stage.token], {
            orderId,
            userStepId,
            ...fullBody,
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, `parallel ${stage.step}`).toEqual([200, 409, 409, 409, 409, 409]);
      const after = await orderState(db(), orderId);
      const transition = transitionFor(before.order?.status as StepType, stage.action);
      expect(after.steps.length - before.steps.length, `records of ${stage.step}`).toBe(transition?.records.length);
      const audits = await runAsSystem(() =>
        db()
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.subjectId, String(orderId)),
              inArray(auditLog.action, ['order.step.accept', 'order.step.execute']),
            ),
          ),
      );
      expect(audits, `one audit entry per step so far`).toHaveLength(stages.indexOf(stage) + 1);
      const newMails = await runAsSystem(() =>
        db()
          .select({ recipient: outbox.recipient, subject: outbox.subject })
          .from(outbox)
          .where(gt(outbox.seq, lastMail?.seq ?? 0)),
      );
      const distinct = new Set(newMails.map((m) => `${m.recipient}|${m.subject}`));
      expect(newMails.length, `no mail twice after ${stage.step}`).toBe(distinct.size);
      previous = { step: stage.step, userStepId };
    }
    expect((await orderState(db(), orderId)).order?.status).toBe('LEASING_ACTIVE');
  }, 240_000);

  // Last: it takes the demo employee's profile away.
  it('reads a missing salary profile as no change (decision 0028), and a new version as one', async () => {
    expect(hasChanged(3, null)).toBe(false);
    expect(hasChanged(3, 3)).toBe(false);
    expect(hasChanged(3, 4)).toBe(true);
    const orderId = await placeOrder(t.app, tokens.employee, offer);
    await runAsSystem(async () => {
      const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.employee));
      await db()
        .delete(salaryProfiles)
        .where(eq(salaryProfiles.userId, owner?.id ?? ''));
    });
    const before = await orderState(db(), orderId);
    expect(await runOrderChecks(t.app.orderDeps)).toEqual({ expired: 0, changed: 0 });
    expect(await orderState(db(), orderId)).toEqual(before);
  });
});
