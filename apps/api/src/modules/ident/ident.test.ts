import type { AddressInfo } from 'node:net';

import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';

import { TestClock } from '../../test-support/harness.js';
import { signCallback, useRawJsonBody } from './callback.js';
import { createHttpIdentProvider, type HttpIdentProviderOptions } from './http-provider.js';
import { ProviderCaseNotFoundError, ProviderUnavailableError, type IdentProvider } from './provider.js';
import { MemoryCaseRepository, SimulatorStore, simulatorPlugin, type SimulatorOptions } from './simulator.js';

const API_KEY = 'test-api-key-0123456789';
const CALLBACK_SECRET = 'test-callback-secret-abcdef';
const PUBLIC_BASE_URL = 'http://localhost:3000';
const START = new Date('2026-03-01T10:00:00Z');

interface ReceivedCallback {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

interface Harness {
  app: FastifyInstance;
  origin: string;
  clock: TestClock;
  store: SimulatorStore;
  cases: MemoryCaseRepository;
  provider: IdentProvider;
  received: ReceivedCallback[];
  /** Status codes the callback receiver answers with next (then 200). */
  callbackFailures: number[];
  callbackUrl: string;
  makeProvider(overrides?: Partial<HttpIdentProviderOptions>): IdentProvider;
  pagePath(link: string): string;
}

const open: Harness[] = [];

afterEach(async () => {
  for (const h of open.splice(0)) await h.app.close();
});

/** The simulator on a bare Fastify listening on a free port, plus a callback receiver route. */
async function start(options: Partial<SimulatorOptions> = {}): Promise<Harness> {
  const clock = new TestClock(START);
  const cases = new MemoryCaseRepository();
  const store = new SimulatorStore(cases);
  const received: ReceivedCallback[] = [];
  const callbackFailures: number[] = [];
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    simulatorPlugin({
      apiKey: API_KEY,
      callbackSecret: CALLBACK_SECRET,
      publicBaseUrl: PUBLIC_BASE_URL,
      clock,
      completionDelayMs: 20,
      callbackRetryDelaysMs: [20, 20, 20],
      store,
      ...options,
    }),
    { prefix: '/simulator' },
  );
  await app.register(async (scope) => {
    useRawJsonBody(scope);
    scope.post('/callbacks', async (request, reply) => {
      received.push({ headers: request.headers, rawBody: request.body as string });
      return reply.code(callbackFailures.shift() ?? 200).send({ ok: true });
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const makeProvider = (overrides: Partial<HttpIdentProviderOptions> = {}) =>
    createHttpIdentProvider({
      baseUrl: `${origin}/simulator/api`,
      apiKey: API_KEY,
      callbackSecret: CALLBACK_SECRET,
      clock,
      timeoutMs: 2000,
      ...overrides,
    });
  const harness: Harness = {
    app,
    origin,
    clock,
    store,
    cases,
    provider: makeProvider(),
    received,
    callbackFailures,
    callbackUrl: `${origin}/callbacks`,
    makeProvider,
    pagePath: (link) => new URL(link).pathname,
  };
  open.push(harness);
  return harness;
}

async function contractPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Überlassungsvertrag', { x: 50, y: 700, size: 20, font });
  return doc.save();
}

const caseInput = (h: Harness) => ({
  reference: 'order-42:step-3',
  callbackUrl: h.callbackUrl,
  returnUrl: 'http://localhost:3000/profile/orders/42',
});

async function choose(h: Harness, link: string, outcome: string) {
  return h.app.inject({
    method: 'POST',
    url: h.pagePath(link),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
}

async function expectUnavailable(promise: Promise<unknown>): Promise<ProviderUnavailableError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderUnavailableError);
  return error as ProviderUnavailableError;
}

describe('simulated provider: cases, page and completion', () => {
  it('starts an IDENT case with an unguessable link and reads it back as PENDING', async () => {
    const h = await start();
    const started = await h.provider.startIdent(caseInput(h));
    expect(started.caseId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(started.link).toBe(`${PUBLIC_BASE_URL}/simulator/cases/${started.caseId}`);
    expect(started.expiresAt.toISOString()).toBe(new Date(START.getTime() + 30 * 60_000).toISOString());
    const second = await h.provider.startIdent(caseInput(h));
    expect(second.caseId).not.toBe(started.caseId);

    const read = await h.provider.getCase(started.caseId);
    expect(read).toEqual({
      caseId: started.caseId,
      kind: 'IDENT',
      status: 'PENDING',
      reference: 'order-42:step-3',
      completedAt: null,
      failureReason: null,
      signedDocument: null,
    });
  });

  it('shows a German page with the three outcome buttons and no script', async () => {
    const h = await start();
    const { link } = await h.provider.startIdent(caseInput(h));
    const page = await h.app.inject({ method: 'GET', url: h.pagePath(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<title>Identitätsprüfung (Simulator)</title>');
    expect(page.body).toContain('<form method="post">');
    for (const label of ['Erfolgreich abschließen', 'Fehlschlagen', 'Abbrechen']) {
      expect(page.body).toMatch(new RegExp(`<button type="submit" name="outcome" value="\\w+">${label}</button>`));
    }
    expect(page.body.toLowerCase()).not.toContain('<script');
    expect(page.body).not.toMatch(/\son\w+=/i);
  });

  it('completes asynchronously after the choice and posts a correctly signed callback', async () => {
    const h = await start({ completionDelayMs: 100 });
    const { caseId, link } = await h.provider.startIdent(caseInput(h));
    h.clock.advance(60_000);

    const answer = await choose(h, link, 'success');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Vielen Dank – Sie können dieses Fenster schließen und zur Bestellung zurückkehren.');
    expect(answer.body).toContain('href="http://localhost:3000/profile/orders/42"');
    // Not yet: completion is asynchronous.
    expect((await h.provider.getCase(caseId)).status).toBe('PENDING');
    expect(h.received).toHaveLength(0);

    await h.store.idle();
    const done = await h.provider.getCase(caseId);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.completedAt?.toISOString()).toBe(new Date(START.getTime() + 60_000).toISOString());
    expect(done.failureReason).toBeNull();
    expect(done.signedDocument).toBeNull();

    expect(h.received).toHaveLength(1);
    const callback = h.received[0]!;
    expect(callback.headers['x-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = JSON.parse(callback.rawBody) as { eventId: string; caseId: string; status: string };
    expect(body).toEqual({ eventId: expect.any(String), caseId, status: 'SUCCEEDED' });
    expect(h.provider.verifyCallback(callback.headers, callback.rawBody)).toEqual({ caseId, eventId: body.eventId });
  });

  it('refuses a second outcome once one was chosen', async () => {
    const h = await start();
    const { caseId, link } = await h.provider.startIdent(caseInput(h));
    expect((await choose(h, link, 'success')).statusCode).toBe(200);
    const early = await choose(h, link, 'failure');
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('Dieser Vorgang ist abgeschlossen');
    await h.store.idle();
    const late = await choose(h, link, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('Dieser Vorgang ist abgeschlossen');
    const page = await h.app.inject({ method: 'GET', url: h.pagePath(link) });
    expect(page.body).toContain('Dieser Vorgang ist abgeschlossen');
    expect(page.body).not.toContain('<button');
    expect((await h.provider.getCase(caseId)).status).toBe('SUCCEEDED');
    expect(h.received).toHaveLength(1);
  });

  it.each([
    ['failure', 'FAILED', 'identification_failed'],
    ['cancel', 'CANCELLED', 'cancelled_by_user'],
  ] as const)('outcome %s ends as %s', async (outcome, status, reason) => {
    const h = await start();
    const { caseId, link } = await h.provider.startIdent(caseInput(h));
    expect((await choose(h, link, outcome)).statusCode).toBe(200);
    await h.store.idle();
    const read = await h.provider.getCase(caseId);
    expect(read.status).toBe(status);
    expect(read.failureReason).toBe(reason);
    expect(read.completedAt).not.toBeNull();
    expect(JSON.parse(h.received[0]!.rawBody)).toMatchObject({ caseId, status });
  });

  it('rejects an unknown outcome value', async () => {
    const h = await start();
    const { caseId, link } = await h.provider.startIdent(caseInput(h));
    expect((await choose(h, link, 'maybe')).statusCode).toBe(400);
    expect((await h.provider.getCase(caseId)).status).toBe('PENDING');
  });

  it('expires cases nobody finished in time', async () => {
    const h = await start({ caseLifetimeMs: 10 * 60_000 });
    const { caseId, link } = await h.provider.startIdent(caseInput(h));
    h.clock.advance(10 * 60_000 - 1);
    expect((await h.provider.getCase(caseId)).status).toBe('PENDING');
    h.clock.advance(1);
    const read = await h.provider.getCase(caseId);
    expect(read.status).toBe('EXPIRED');
    expect(read.failureReason).toBe('expired');
    const page = await h.app.inject({ method: 'GET', url: h.pagePath(link) });
    expect(page.body).toContain('Dieser Vorgang ist abgelaufen');
    expect(page.body).not.toContain('<button');
    const post = await choose(h, link, 'success');
    expect(post.statusCode).toBe(409);
    expect(post.body).toContain('Dieser Vorgang ist abgelaufen');
    await h.store.idle();
    expect(h.received).toHaveLength(0);
  });

  it('answers unknown cases with 404 (page) and ProviderCaseNotFoundError (API)', async () => {
    const h = await start();
    const page = await h.app.inject({ method: 'GET', url: '/simulator/cases/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('lang="de"');
    await expect(h.provider.getCase('AAAAAAAAAAAAAAAAAAAAAA')).rejects.toBeInstanceOf(ProviderCaseNotFoundError);
    await expect(h.provider.getCase('../../etc')).rejects.toBeInstanceOf(ProviderCaseNotFoundError);
  });

  it('escapes every value shown on the page', async () => {
    const h = await start();
    const { link } = await h.provider.startSign({
      ...caseInput(h),
      document: { fileName: '<script>alert(1)</script>.pdf', pdf: await contractPdf() },
      signerName: '"><img src=x onerror=alert(1)>',
    });
    const page = await h.app.inject({ method: 'GET', url: h.pagePath(link) });
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;.pdf');
    expect(page.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses return or callback URLs that are not http(s)', async () => {
    const h = await start();
    const error = await expectUnavailable(h.provider.startIdent({ ...caseInput(h), returnUrl: 'javascript:alert(1)' }));
    expect(error.status).toBe(400);
  });
});

describe('simulated provider: signing', () => {
  it('returns a signed PDF that differs from the input and loads with pdf-lib', async () => {
    const h = await start();
    const pdf = await contractPdf();
    const started = await h.provider.startSign({
      ...caseInput(h),
      document: { fileName: 'Überlassungsvertrag.pdf', pdf },
      signerName: 'Zoë Łukasiewicz',
    });
    const page = await h.app.inject({ method: 'GET', url: h.pagePath(started.link) });
    expect(page.body).toContain('<title>Qualifizierte elektronische Signatur (Simulator)</title>');
    expect(page.body).toContain('Überlassungsvertrag.pdf');
    const preview = await h.app.inject({ method: 'GET', url: `${h.pagePath(started.link)}/document` });
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(new Uint8Array(preview.rawPayload)).toEqual(pdf);

    expect((await h.provider.getCase(started.caseId)).signedDocument).toBeNull();
    await choose(h, started.link, 'success');
    await h.store.idle();
    const read = await h.provider.getCase(started.caseId);
    expect(read.kind).toBe('SIGN');
    expect(read.status).toBe('SUCCEEDED');
    const signed = read.signedDocument!;
    expect(signed).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(signed).equals(Buffer.from(pdf))).toBe(false);
    const loaded = await PDFDocument.load(signed, { updateMetadata: false });
    expect(loaded.getPageCount()).toBe(2);
    expect(loaded.getSubject()).toBe('Qualifiziert elektronisch signiert (Simulator)');
    expect(loaded.getProducer()).toBe('Signatur-Simulator');
    // The document is no longer offered once the case is closed.
    const gone = await h.app.inject({ method: 'GET', url: `${h.pagePath(started.link)}/document` });
    expect(gone.statusCode).toBe(404);
  });

  it('gives no signed document for a failed signature', async () => {
    const h = await start();
    const started = await h.provider.startSign({
      ...caseInput(h),
      document: { fileName: 'Vertrag.pdf', pdf: await contractPdf() },
    });
    await choose(h, started.link, 'failure');
    await h.store.idle();
    const read = await h.provider.getCase(started.caseId);
    expect(read.status).toBe('FAILED');
    expect(read.failureReason).toBe('signature_failed');
    expect(read.signedDocument).toBeNull();
  });

  it('needs a valid PDF to sign', async () => {
    const h = await start();
    await expect(h.provider.startSign(caseInput(h))).rejects.toBeInstanceOf(TypeError);
    const noPdf = await expectUnavailable(
      h.provider.startSign({
        ...caseInput(h),
        document: { fileName: 'x.pdf', pdf: new TextEncoder().encode('no pdf') },
      }),
    );
    expect(noPdf.status).toBe(422);
    const raw = await fetch(`${h.origin}/simulator/api/cases`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'SIGN', ...caseInput(h) }),
    });
    expect(raw.status).toBe(400);
  });
});

describe('simulated provider: callbacks', () => {
  it('retries a failing callback with the same event id', async () => {
    const h = await start();
    h.callbackFailures.push(500, 503);
    const { caseId, link } = await h.provider.startIdent(caseInput(h));
    await choose(h, link, 'success');
    await h.store.idle();
    expect(h.received).toHaveLength(3);
    const events = h.received.map((c) => (JSON.parse(c.rawBody) as { eventId: string }).eventId);
    expect(new Set(events).size).toBe(1);
    for (const c of h.received) expect(h.provider.verifyCallback(c.headers, c.rawBody)?.caseId).toBe(caseId);
    expect(h.store.deliveries).toEqual([expect.objectContaining({ caseId, attempts: 3, delivered: true })]);
  });

  it('gives up after the last retry without crashing', async () => {
    const h = await start({ callbackRetryDelaysMs: [10, 10] });
    h.callbackFailures.push(500, 500, 500, 500);
    const { link } = await h.provider.startIdent(caseInput(h));
    await choose(h, link, 'success');
    await h.store.idle();
    expect(h.received).toHaveLength(3);
    expect(h.store.deliveries[0]).toMatchObject({ attempts: 3, delivered: false, lastError: 'callback answered 500' });
  });

  it('survives an unreachable callback URL', async () => {
    const h = await start({ callbackRetryDelaysMs: [10] });
    const { caseId, link } = await h.provider.startIdent({ ...caseInput(h), callbackUrl: 'http://127.0.0.1:1/cb' });
    await choose(h, link, 'success');
    await h.store.idle();
    expect(h.store.deliveries[0]).toMatchObject({ attempts: 2, delivered: false });
    expect((await h.provider.getCase(caseId)).status).toBe('SUCCEEDED');
  });
});

describe('verifyCallback', () => {
  const clock = new TestClock(START);
  const provider = createHttpIdentProvider({
    baseUrl: 'http://127.0.0.1:1/api',
    apiKey: API_KEY,
    callbackSecret: CALLBACK_SECRET,
    clock,
  });
  const body = JSON.stringify({ eventId: 'evt-1', caseId: 'case-abcdefgh', status: 'SUCCEEDED' });
  const headers = (value: string | string[] | undefined) => ({ 'x-signature': value });

  it('accepts a valid signature and returns case and event id', () => {
    clock.set(START);
    const event = provider.verifyCallback(headers(signCallback(CALLBACK_SECRET, body, START)), body);
    expect(event).toEqual({ caseId: 'case-abcdefgh', eventId: 'evt-1' });
  });

  it('accepts the same event again: replay detection by event id is the caller’s job', () => {
    clock.set(START);
    const signature = signCallback(CALLBACK_SECRET, body, START);
    clock.advance(60_000);
    expect(provider.verifyCallback(headers(signature), body)?.eventId).toBe('evt-1');
    expect(provider.verifyCallback(headers(signature), body)?.eventId).toBe('evt-1');
  });

  it('rejects forged, foreign, missing, stale and future signatures', () => {
    clock.set(START);
    const valid = signCallback(CALLBACK_SECRET, body, START);
    const forgedBody = body.replace('SUCCEEDED', 'FAILED');
    expect(provider.verifyCallback(headers(valid), forgedBody)).toBeNull();
    const flipped = valid.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    expect(provider.verifyCallback(headers(flipped), body)).toBeNull();
    expect(provider.verifyCallback(headers(signCallback('another-secret', body, START)), body)).toBeNull();
    expect(provider.verifyCallback({}, body)).toBeNull();
    expect(provider.verifyCallback(headers(''), body)).toBeNull();
    expect(provider.verifyCallback(headers('t=abc,v1=zz'), body)).toBeNull();
    expect(provider.verifyCallback(headers([valid, valid]), body)).toBeNull();
    const stale = signCallback(CALLBACK_SECRET, body, new Date(START.getTime() - 5 * 60_000 - 1000));
    expect(provider.verifyCallback(headers(stale), body)).toBeNull();
    const barelyFresh = signCallback(CALLBACK_SECRET, body, new Date(START.getTime() - 5 * 60_000 + 1000));
    expect(provider.verifyCallback(headers(barelyFresh), body)).not.toBeNull();
    const future = signCallback(CALLBACK_SECRET, body, new Date(START.getTime() + 2 * 60_000));
    expect(provider.verifyCallback(headers(future), body)).toBeNull();
    const slightSkew = signCallback(CALLBACK_SECRET, body, new Date(START.getTime() + 30_000));
    expect(provider.verifyCallback(headers(slightSkew), body)).not.toBeNull();
  });

  it('rejects a correctly signed body of the wrong shape', () => {
    clock.set(START);
    for (const raw of ['not json', '{"caseId":"x"}', JSON.stringify({ eventId: 'e', caseId: 'c', status: 'DONE' })]) {
      expect(provider.verifyCallback(headers(signCallback(CALLBACK_SECRET, raw, START)), raw)).toBeNull();
    }
  });
});

describe('provider API access', () => {
  it('answers 401 without or with a wrong API key', async () => {
    const h = await start();
    const url = `${h.origin}/simulator/api/cases`;
    const body = JSON.stringify({ kind: 'IDENT', ...caseInput(h) });
    const json = { 'content-type': 'application/json' };
    expect((await fetch(url, { method: 'POST', headers: json, body })).status).toBe(401);
    const wrong = await fetch(url, { method: 'POST', headers: { ...json, authorization: 'Bearer nope' }, body });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    expect((await fetch(`${url}/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(401);
    const faults = await fetch(`${h.origin}/simulator/api/faults`, { method: 'POST', headers: json, body: '{}' });
    expect(faults.status).toBe(401);
    expect(h.cases.size).toBe(0);

    const error = await expectUnavailable(h.makeProvider({ apiKey: 'wrong' }).startIdent(caseInput(h)));
    expect(error.status).toBe(401);
  });
});

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
    const clock = new TestClock(START);
    const provider = createHttpIdentProvider({
      baseUrl: 'http://127.0.0.1:1/api',
      apiKey: API_KEY,
      callbackSecret: CALLBACK_SECRET,
      clock,
    });
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
