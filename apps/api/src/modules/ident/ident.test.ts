import { afterEach, describe, expect, it } from 'vitest';

import { PDFDocument } from 'pdf-lib';

import { TestClock } from '../../test-support/harness.js';
import {
  API_KEY,
  CALLBACK_SECRET,
  PUBLIC_BASE_URL,
  START,
  caseInput,
  choose,
  closeHarnesses,
  contractPdf,
  expectUnavailable,
  start,
  unreachableProvider,
} from '../../test-support/ident-simulator.js';
import { signCallback } from './callback.js';
import { ProviderCaseNotFoundError } from './provider.js';

afterEach(closeHarnesses);

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

describe('simulated provider: licence checks (kind LICENCE_CHECK)', () => {
  const licenceInput = (h: Awaited<ReturnType<typeof start>>) => ({ ...caseInput(h), reference: 'licence-7' });

  it('opens a case of its own kind with its own page, and carries no document', async () => {
    const h = await start();
    const { caseId, link } = await h.provider.startLicenceCheck(licenceInput(h));
    expect(await h.provider.getCase(caseId)).toMatchObject({
      kind: 'LICENCE_CHECK',
      status: 'PENDING',
      reference: 'licence-7',
      signedDocument: null,
    });
    const page = await h.app.inject({ method: 'GET', url: h.pagePath(link) });
    expect(page.body).toContain('<title>Führerscheinkontrolle (Simulator)</title>');
    expect(page.body).toContain('Regelmäßige Führerscheinkontrolle');
    expect(page.body).not.toContain('/document');
  });

  it('refuses with a reason of its own, cancels and expires like the other kinds, each with a callback', async () => {
    const h = await start({ completionDelayMs: 50, caseLifetimeMs: 10 * 60_000 });
    const refused = await h.provider.startLicenceCheck(licenceInput(h));
    const cancelled = await h.provider.startLicenceCheck(licenceInput(h));
    const expired = await h.provider.startLicenceCheck(licenceInput(h));
    await choose(h, refused.link, 'failure');
    await choose(h, cancelled.link, 'cancel');
    await h.store.idle();
    expect(await h.provider.getCase(refused.caseId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'licence_not_confirmed',
    });
    expect(await h.provider.getCase(cancelled.caseId)).toMatchObject({
      status: 'CANCELLED',
      failureReason: 'cancelled_by_user',
    });
    expect(h.received.map((r) => h.provider.verifyCallback(r.headers, r.rawBody)?.caseId).sort()).toEqual(
      [refused.caseId, cancelled.caseId].sort(),
    );
    h.clock.advance(10 * 60_000);
    expect(await h.provider.getCase(expired.caseId)).toMatchObject({ status: 'EXPIRED', failureReason: 'expired' });
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
  const provider = unreachableProvider(clock);
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
