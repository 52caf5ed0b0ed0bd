import { afterEach, describe, expect, it } from 'vitest';

import { TestClock } from '../../test-support/harness.js';
import {
  API_KEY,
  CALLBACK_SECRET,
  START,
  caseInput,
  choose,
  closeHarnesses,
  expectUnavailable,
  start,
  unreachableProvider,
  type Harness,
} from '../../test-support/ident-simulator.js';
import { createHttpIdentProvider } from './http-provider.js';
import { ProviderCaseNotFoundError, ProviderUnavailableError } from './provider.js';

afterEach(closeHarnesses);

describe('http provider robustness (real HTTP against the simulator)', () => {
  async function setFault(h: Harness, mode: string, count = 1): Promise<void> {
    const response = await fetch(`${h.origin}/simulator/api/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode, count }),
    });
    expect(response.status).toBe(200);
  }

  it('turns a 500 into ProviderUnavailableError', async () => {
    const h = await start();
    await setFault(h, 'error500');
    const error = await expectUnavailable(h.provider.startIdent(caseInput(h)));
    expect(error.status).toBe(500);
    expect(h.cases.size).toBe(0);
    // The fault was used up: the next call works.
    await expect(h.provider.startIdent(caseInput(h))).resolves.toMatchObject({ caseId: expect.any(String) });
  });

  it('gives up on a hanging provider after timeoutMs', async () => {
    const h = await start({ faultHangMs: 10_000 });
    const { caseId } = await h.provider.startIdent(caseInput(h));
    const provider = h.makeProvider({ timeoutMs: 200 });
    await setFault(h, 'timeout');
    const began = performance.now();
    const error = await expectUnavailable(provider.getCase(caseId));
    const elapsed = performance.now() - began;
    expect(error.message).toBe('Provider timeout');
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(1500);
  });

  it('does not follow a redirect', async () => {
    const h = await start();
    const { caseId } = await h.provider.startIdent(caseInput(h));
    await setFault(h, 'redirect');
    const error = await expectUnavailable(h.provider.getCase(caseId));
    expect(error.status).toBe(302);
    expect(h.store.redirectTargetHits).toBe(0);
  });

  it('rejects a body that is not JSON', async () => {
    const h = await start();
    await setFault(h, 'malformed');
    const error = await expectUnavailable(h.provider.startIdent(caseInput(h)));
    expect(error.message).toBe('Provider answered with malformed JSON');
  });

  it('rejects JSON of the wrong shape and dangerous links', async () => {
    const clock = new TestClock(START);
    const answers: unknown[] = [
      { caseId: 'abcdefghijkl', link: 'javascript:alert(1)', expiresAt: START.toISOString() },
      { caseId: 'abcdefghijkl', link: 'https://provider.example/x' },
      {
        caseId: 'other-case-id',
        kind: 'IDENT',
        status: 'PENDING',
        reference: 'r',
        completedAt: null,
        failureReason: null,
        signedDocumentBase64: null,
      },
    ];
    const fetchImpl = (async () =>
      new Response(JSON.stringify(answers.shift()), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const provider = createHttpIdentProvider({
      baseUrl: 'http://provider.invalid/api',
      apiKey: API_KEY,
      callbackSecret: CALLBACK_SECRET,
      clock,
      fetchImpl,
    });
    const input = { reference: 'r', callbackUrl: 'http://a.invalid/cb', returnUrl: 'http://a.invalid/' };
    await expectUnavailable(provider.startIdent(input));
    await expectUnavailable(provider.startIdent(input));
    await expectUnavailable(provider.getCase('requested-case-id'));
  });

  it('treats an unreachable provider as unavailable', async () => {
    const provider = unreachableProvider();
    const error = await expectUnavailable(provider.getCase('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(error.message).toBe('Provider unreachable');
  });

  it('opens the circuit after 5 consecutive failures and closes it after the cool-down', async () => {
    const h = await start();
    const { caseId } = await h.provider.startIdent(caseInput(h));
    const provider = h.makeProvider({ circuit: { failureThreshold: 5, openMs: 30_000 } });
    await setFault(h, 'error500', 5);
    for (let i = 0; i < 5; i++) expect((await expectUnavailable(provider.getCase(caseId))).status).toBe(500);

    const callsBefore = h.store.apiCalls;
    const began = performance.now();
    const open = await expectUnavailable(provider.getCase(caseId));
    expect(open.message).toBe('Provider circuit open');
    expect(performance.now() - began).toBeLessThan(50);
    expect(h.store.apiCalls).toBe(callsBefore);

    h.clock.advance(29_999);
    await expectUnavailable(provider.getCase(caseId));
    expect(h.store.apiCalls).toBe(callsBefore);

    // Half-open: one trial call; it fails, so the circuit opens again at once.
    h.clock.advance(1);
    await setFault(h, 'error500');
    expect((await expectUnavailable(provider.getCase(caseId))).status).toBe(500);
    expect(h.store.apiCalls).toBe(callsBefore + 1);
    expect((await expectUnavailable(provider.getCase(caseId))).message).toBe('Provider circuit open');

    // Next cool-down: the trial succeeds and the circuit closes.
    h.clock.advance(30_000);
    await expect(provider.getCase(caseId)).resolves.toMatchObject({ status: 'PENDING' });
    await expect(provider.getCase(caseId)).resolves.toMatchObject({ status: 'PENDING' });
  });

  it('does not count refused requests (4xx) as provider failures', async () => {
    const h = await start();
    const provider = h.makeProvider({ circuit: { failureThreshold: 2 } });
    for (let i = 0; i < 4; i++) {
      await expect(provider.getCase('AAAAAAAAAAAAAAAAAAAAAA')).rejects.toBeInstanceOf(ProviderCaseNotFoundError);
    }
    await expect(provider.startIdent(caseInput(h))).resolves.toMatchObject({ caseId: expect.any(String) });
  });
});

describe('shutdown', () => {
  it('cancels pending completions, callbacks and hanging responses on close', async () => {
    const h = await start({ completionDelayMs: 60_000, faultHangMs: 60_000 });
    const { caseId, link } = await h.provider.startIdent(caseInput(h));
    await choose(h, link, 'success');
    await fetch(`${h.origin}/simulator/api/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'timeout' }),
    });
    const hanging = h
      .makeProvider({ timeoutMs: 60_000 })
      .getCase(caseId)
      .catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const began = performance.now();
    await h.app.close();
    expect(performance.now() - began).toBeLessThan(2000);
    await h.store.idle();
    expect(h.store.closed).toBe(true);
    expect((await h.cases.get(caseId))?.status).toBe('PENDING');
    expect(h.received).toHaveLength(0);
    expect(await hanging).toBeInstanceOf(ProviderUnavailableError);
  });
});
