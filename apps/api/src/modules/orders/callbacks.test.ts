import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signCallback, verifyCallback } from '../ident/callback.js';
import { ProviderCaseNotFoundError, type IdentProvider, type ProviderCase } from '../ident/provider.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { finishCase, orderState, pickOffer, placeOrder, STEP } from '../../test-support/order-fixtures.js';
import type { OrderDeps } from './deps.js';
import { handleCallback } from './ident-cases.js';

/**
 * Security checklist 19: the provider's callbacks. A callback is a signed hint; the case is read
 * back from the provider before anything changes. Forged ones are refused, replayed, late,
 * out-of-order ones and ones for another order's case change nothing.
 */
const SECRET = 'callback-secret-for-these-tests';

describe.each(databaseTargets())('provider callbacks on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let deps: OrderDeps;
  /** The provider's side: its cases as it reports them, and how often we asked. */
  const remote = new Map<string, ProviderCase>();
  let reads = 0;
  const db = () => t.runtime.database.db;

  beforeAll(async () => {
    t = await createTestApp(target);
    employee = (await loginAs(t.app)).accessToken;
    const provider: IdentProvider = {
      startIdent: () => Promise.reject(new Error('not in these tests')),
      startSign: () => Promise.reject(new Error('not in these tests')),
      startLicenceCheck: () => Promise.reject(new Error('not in these tests')),
      getCase: (caseId) => {
        reads++;
        const found = remote.get(caseId);
        return found ? Promise.resolve(found) : Promise.reject(new ProviderCaseNotFoundError());
      },
      verifyCallback: (headers, rawBody) => verifyCallback(SECRET, headers, rawBody, t.clock.now()),
    };
    deps = { ...t.app.orderDeps, provider: () => provider };
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** An order of the demo employee at the signature step, with a signature case open at the provider. */
  async function orderAtSignature(): Promise<{ orderId: number; caseId: string }> {
    const orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    const step = async (stepId: number, extra: object = {}) => {
      const userStepId = (await orderState(db(), orderId)).order?.currentUserStepId;
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/v1/order/${orderId}/step/${stepId}/accept`,
        headers: bearer(employee),
        payload: { orderId, userStepId, ...extra },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await step(STEP.summary, { agreed: true });
    await step(STEP.contract);
    await finishCase(db(), orderId, 'IDENT');
    await step(STEP.ident);
    const caseId = `sign-${orderId}`;
    await finishCase(db(), orderId, 'SIGN', 'PENDING', caseId);
    remote.set(caseId, providerCase(caseId, orderId, 'PENDING'));
    return { orderId, caseId };
  }

  function providerCase(caseId: string, orderId: number, status: ProviderCase['status']): ProviderCase {
    return {
      caseId,
      kind: 'SIGN',
      status,
      reference: `order-${orderId}`,
      completedAt: status === 'PENDING' ? null : t.clock.now(),
      failureReason: null,
      signedDocument: status === 'SUCCEEDED' ? Buffer.from('%PDF-1.7\n% signed at the provider\n') : null,
    };
  }

  function callback(body: object, options: { secret?: string; at?: Date; tamper?: (raw: string) => string } = {}) {
    const raw = JSON.stringify(body);
    const signature = signCallback(options.secret ?? SECRET, raw, options.at ?? t.clock.now());
    return handleCallback(deps, { 'x-signature': signature }, options.tamper ? options.tamper(raw) : raw);
  }

  it('applies a genuine callback once; a replay, a retry and a late contrary one change nothing', async () => {
    const { orderId, caseId } = await orderAtSignature();
    remote.set(caseId, providerCase(caseId, orderId, 'SUCCEEDED'));
    expect(await callback({ eventId: `ev-${orderId}`, caseId, status: 'SUCCEEDED' })).toBe('ok');
    const signed = await orderState(db(), orderId);
    expect(signed.order?.status).toBe('TENANT_ADMIN_CLICK_CONFIRM');
    expect(signed.documents).toHaveLength(1);

    const readsBefore = reads;
    // The same event again: known, not even read back from the provider.
    expect(await callback({ eventId: `ev-${orderId}`, caseId, status: 'SUCCEEDED' })).toBe('replay');
    expect(reads).toBe(readsBefore);
    // The provider's retry with a new event id, and a late contrary report: the case is closed.
    expect(await callback({ eventId: `ev-${orderId}-retry`, caseId, status: 'SUCCEEDED' })).toBe('ok');
    remote.set(caseId, providerCase(caseId, orderId, 'FAILED'));
    expect(await callback({ eventId: `ev-${orderId}-late`, caseId, status: 'FAILED' })).toBe('ok');
    expect(await orderState(db(), orderId)).toEqual(signed);
  });

  it('refuses forged, stale, future and tampered callbacks without asking the provider', async () => {
    const { orderId, caseId } = await orderAtSignature();
    remote.set(caseId, providerCase(caseId, orderId, 'SUCCEEDED'));
    const before = await orderState(db(), orderId);
    const readsBefore = reads;
    const body = { eventId: `forged-${orderId}`, caseId, status: 'SUCCEEDED' };
    const now = t.clock.now().getTime();
    for (const attempt of [
      callback(body, { secret: 'guessed-secret' }),
      callback(body, { at: new Date(now - 10 * 60_000) }),
      callback(body, { at: new Date(now + 10 * 60_000) }),
      callback(body, { tamper: (raw) => raw.replace(caseId, `${caseId}x`) }),
      handleCallback(deps, {}, JSON.stringify(body)),
    ]) {
      await expect(attempt).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(reads).toBe(readsBefore);
    expect(await orderState(db(), orderId)).toEqual(before);
  });

  it('changes nothing on a callback ahead of the provider, or for a case nobody opened', async () => {
    const { orderId, caseId } = await orderAtSignature();
    const before = await orderState(db(), orderId);
    // Says SUCCEEDED, but the provider still has the case open: out of order, only a hint.
    expect(await callback({ eventId: `early-${orderId}`, caseId, status: 'SUCCEEDED' })).toBe('ok');
    expect(await callback({ eventId: `unknown-${orderId}`, caseId: 'no-such-case', status: 'SUCCEEDED' })).toBe('ok');
    expect(await orderState(db(), orderId)).toEqual(before);
    // When the provider does finish, its next callback is applied.
    remote.set(caseId, providerCase(caseId, orderId, 'SUCCEEDED'));
    expect(await callback({ eventId: `done-${orderId}`, caseId, status: 'SUCCEEDED' })).toBe('ok');
    expect((await orderState(db(), orderId)).order?.status).toBe('TENANT_ADMIN_CLICK_CONFIRM');
  });

  it('changes nothing when the provider’s case belongs to another order or is of another kind', async () => {
    const mine = await orderAtSignature();
    const other = await orderAtSignature();
    const before = { mine: await orderState(db(), mine.orderId), other: await orderState(db(), other.orderId) };
    remote.set(mine.caseId, providerCase(mine.caseId, other.orderId, 'SUCCEEDED'));
    expect(await callback({ eventId: `cross-${mine.orderId}`, caseId: mine.caseId, status: 'SUCCEEDED' })).toBe('ok');
    remote.set(mine.caseId, { ...providerCase(mine.caseId, mine.orderId, 'SUCCEEDED'), kind: 'IDENT' });
    expect(await callback({ eventId: `kind-${mine.orderId}`, caseId: mine.caseId, status: 'SUCCEEDED' })).toBe('ok');
    expect({ mine: await orderState(db(), mine.orderId), other: await orderState(db(), other.orderId) }).toEqual(
      before,
    );
  });
});
