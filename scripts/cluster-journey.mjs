// The cluster test's order journey (scripts/cluster-test.mjs): from the order to the handover, with
// the requests spread over the three instances and the provider's pages completed on another one than
// the one that opened them. The process handling is the cluster test's, passed in.
import assert from 'node:assert/strict';

import { generate } from 'otplib';

/** The demo admins' published TOTP secret (README, demo data only). */
const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

/** Accepts the order's current step of `type` as the caller of `api` (any instance). */
async function accept(api, order, type, extra = {}) {
  const workflow = await api('GET', `/v1/order/${order}/workflow`);
  const step = workflow.steps.find((s) => s.stepType === type);
  const open = workflow.userSteps.filter((s) => s.status === null).at(-1);
  await api('PUT', `/v1/order/${order}/step/${step.id}/accept`, { orderId: order, userStepId: open.id, ...extra });
}

export async function orderJourney({ client, createOrder, waitFor }, origin, token, ports) {
  const api = client(origin, token);
  const order = await createOrder(api);
  await accept(api, order, 'CONFIRM_SUMMARY', { agreed: true });
  await accept(api, order, 'PREVIEW_CONTRACT');
  const workflow = await api('GET', `/v1/order/${order}/workflow`);
  const ident = workflow.steps.find((s) => s.stepType === 'NECT_DRIVERS_LICENCE');
  const { link } = await api('PUT', `/v1/order/${order}/step/${ident.id}/nect-ident`);
  // The person's browser reaches the provider's page on another instance than the one that opened it.
  await completeOn(ports[2], link);
  await waitFor(
    async () => (await api('GET', `/v1/order/${order}/step/${ident.id}/nect-ident-check`)) === true,
    'the identity step done on every instance',
  );
  for (let i = 0; i < 3; i++) {
    assert.equal(await api('GET', `/v1/order/${order}/step/${ident.id}/nect-ident-check`), true);
  }
  await accept(api, order, 'NECT_DRIVERS_LICENCE');

  // The signature: opened through nginx, signed on the second instance, checked on all.
  const sign = workflow.steps.find((s) => s.stepType === 'NECT_SIGN');
  const signed = await api('PUT', `/v1/order/${order}/step/${sign.id}/nect-sign`);
  await signAtTrustServiceOn(ports[1], signed.link);
  await waitFor(
    async () => (await api('GET', `/v1/order/${order}/step/${sign.id}/nect-sign-check`)) === true,
    'the signature done',
  );
  // The employee gives up the week to cancel, so the car may be ordered at once (ADR 0053).
  await api('POST', `/v1/order/${order}/waive-cancellation`, { acknowledged: true });
  // The employer approves on the second instance, the provider confirms and hands over on the third.
  const hr = client(`http://127.0.0.1:${ports[1]}`, await signInWithCode(origin, 'personal@example.com'));
  await accept(hr, order, 'TENANT_ADMIN_CLICK_CONFIRM');
  const provider = client(`http://127.0.0.1:${ports[2]}`, await signInWithCode(origin, 'admin@example.com'));
  await accept(provider, order, 'ADMIN_CONFIRM');
  const handoverDate = new Date().toISOString().slice(0, 10);
  await accept(provider, order, 'LEASING_ACTIVE', { handoverDate });
  const final = await client(`http://127.0.0.1:${ports[0]}`, token)('GET', `/v1/order/${order}/workflow`);
  assert.equal(final.status, 'LEASING_ACTIVE', 'the lease runs, as every instance sees');
  assert.equal(final.handoverDate, handoverDate);
  const sealed = final.documents.find((d) => d.name.includes('gegengezeichnet'));
  assert.ok(sealed, 'the countersigned contract is among the documents');
  await assertLongTerm(origin, token, order, sealed.id);
  return order;
}

/**
 * The sealed contract, fetched through nginx, carries the long-term extension made on whichever
 * instance approved it: the contract check finds the employee's signature, the employer's seal and
 * the document timestamp over the whole file, all intact and trusted (PAdES B-LTA, ADR 0034).
 */
async function assertLongTerm(origin, token, order, documentId) {
  const download = await fetch(`${origin}/v1/order/${order}/contract/${documentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(download.status, 200, 'the countersigned contract downloads through nginx');
  const pdf = Buffer.from(await download.arrayBuffer());
  assert.ok(pdf.includes('/DSS'), 'the contract carries its validation data (DSS)');
  const checked = await fetch(`${origin}/v1/contracts/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    body: pdf,
  });
  const answer = await checked.text();
  assert.equal(checked.status, 200, `the contract check answers (${pdf.length} bytes: ${answer.slice(0, 200)})`);
  const verdict = JSON.parse(answer);
  assert.equal(verdict.valid, true, `the long-term contract is valid (${JSON.stringify(verdict)})`);
  assert.deepEqual(
    verdict.signatures.map((s) => s.kind),
    ['signature', 'seal', 'timestamp'],
    'signature, seal and document timestamp',
  );
  assert.ok(
    verdict.signatures.every((s) => s.trusted),
    'every signature trusted with the trust service root',
  );
}

/** Completes a provider page (identity or signature) with success on the instance at `port`. */
async function completeOn(port, link) {
  const page = `http://127.0.0.1:${port}${new URL(link).pathname}`;
  assert.equal((await fetch(page)).status, 200, 'the case opened elsewhere is served here');
  const chosen = await fetch(page, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=success',
  });
  assert.equal(chosen.status, 200);
}

/**
 * Signs at the development trust service's page on the instance at `port`, as a browser would: type
 * the one-time code the page shows, press "Jetzt signieren", follow the way back to the platform.
 */
async function signAtTrustServiceOn(port, link) {
  const url = new URL(link);
  const page = `http://127.0.0.1:${port}${url.pathname}${url.search}`;
  const opened = await fetch(page);
  const html = await opened.text();
  const code = /data-testid="one-time-code">(\d{6})</.exec(html)?.[1];
  assert.ok(code, `the authorization page shows its one-time code (${link} -> ${opened.status} ${html.slice(0, 300)})`);
  const form = new URLSearchParams([...url.searchParams, ['otp', code], ['decision', 'approve']]);
  const answer = await fetch(new URL('authorize', page), { method: 'POST', body: form, redirect: 'manual' });
  assert.equal(answer.status, 303, 'the service sends the browser back');
  const back = await fetch(answer.headers.get('location') ?? '', { redirect: 'manual' });
  assert.equal(back.status, 303, 'the platform accepts the signature and shows the order');
}

/** The demo admins sign in with their second factor: a code from the published demo secret. */
async function signInWithCode(origin, username) {
  const post = async (url, body) =>
    (
      await fetch(`${origin}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const first = await post('/v1/auth/login', { username, password: 'Demo-Passwort-1' });
  const second = await post('/v1/auth/mfa', {
    mfaToken: first.mfaToken,
    code: await generate({ secret: DEMO_TOTP_SECRET }),
  });
  assert.equal(second.authenticated, true, `${username} signs in with the second factor`);
  return second.accessToken;
}
