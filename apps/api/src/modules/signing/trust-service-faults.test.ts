/**
 * Faults of the development trust service and how the CSC client reports them: typed errors a caller
 * can act on (leave the step, ask again), time limits, and a retry for reads only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { systemClock } from '../../lib/clock.js';

import { CscError, createCscClient, signsHash, type CscClient, type CscCredential } from './csc-client.js';
import { RevocationError, fetchCrl } from './revocation.js';
import { trustServicePlugin } from './trust-service.js';
import { TrustServiceFaults, type FaultTarget, type TrustServiceFaultMode } from './trust-service-faults.js';
import { lazyTrustServiceState } from './trust-service-state.js';
import { buildTimestampRequest } from './timestamp.js';

const SIGNER = 'Max Mustermann';
const REDIRECT = 'http://127.0.0.1:9/callback';
/**
 * The client's time limit: long enough for every answer of the service in this process on a loaded
 * machine (the server and the client share one event loop), short against the slow fault's delay.
 */
const CLIENT_TIMEOUT_MS = 3_000;
/** How long a slow answer is held back: far beyond the client's limit, ended early when the app closes. */
const SLOW_ANSWER_MS = 60_000;

let dir: string;
let app: FastifyInstance;
let base: string;
let client: CscClient;
let credential: CscCredential;

async function armFault(mode: TrustServiceFaultMode, on: FaultTarget, count = 1) {
  const answer = await fetch(`${base}/simulator/csc/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode, on, count }),
  });
  expect(answer.status).toBe(204);
}

/** A credential token for `hash`, as after the signer approved at the authorization page. */
async function credentialToken(hash: Buffer): Promise<string> {
  const url = await client.authorizationUrl({
    credentialID: credential.credentialID,
    hash,
    redirectUri: REDIRECT,
    state: 's',
  });
  const page = await (await fetch(url)).text();
  const otp = /data-testid="one-time-code">(\d{6})</.exec(page)?.[1] ?? '';
  const form = new URLSearchParams([...new URL(url).searchParams, ['otp', otp], ['decision', 'approve']]);
  const answer = await fetch(new URL('authorize', url), { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
  return client.exchangeCode(code, REDIRECT);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-faults-'));
  app = Fastify();
  let serviceUrl = '';
  await app.register(
    trustServicePlugin({
      state: lazyTrustServiceState(path.join(dir, 'secrets'), () => ({ serviceUrl })),
      clientId: 'leasing',
      clientSecret: 'test-secret-123',
      isRegisteredRedirect: (uri) => uri === REDIRECT,
      clock: systemClock,
      faults: new TrustServiceFaults(SLOW_ANSWER_MS),
    }),
    { prefix: '/simulator' },
  );
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  serviceUrl = `${base}/simulator`;
  const config = {
    baseUrl: `${base}/simulator/csc/v2`,
    clientId: 'leasing',
    clientSecret: 'test-secret-123',
    tsaUrl: `${base}/simulator/tsa`,
  };
  // The first use generates the PKI and the signer's key: longer than the short limit under test.
  credential = await createCscClient(config).credentialFor(SIGNER);
  client = createCscClient({ ...config, timeoutMs: CLIENT_TIMEOUT_MS });
}, 60_000);

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('trust service faults', () => {
  it('expired authorization: signHash answers 401, the client says "authorization", a new authorization signs', async () => {
    const hash = Buffer.alloc(32, 7);
    const token = await credentialToken(hash);
    await armFault('expired-authorization', 'signHash');
    const failure = await client.signHash(token, credential.credentialID, hash).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CscError);
    expect(failure).toMatchObject({ kind: 'authorization', status: 401, transient: false });
    const again = await client.signHash(await credentialToken(hash), credential.credentialID, hash);
    expect(signsHash(again, hash, credential.signerCertificate)).toBe(true);
  });

  it('wrong hash: the client refuses a signature over another hash when it knows the certificate', async () => {
    const hash = Buffer.alloc(32, 8);
    const token = await credentialToken(hash);
    await armFault('wrong-hash', 'signHash');
    await expect(
      client.signHash(token, credential.credentialID, hash, credential.signerCertificate),
    ).rejects.toMatchObject({ kind: 'invalid-answer' });
    await armFault('wrong-hash', 'signHash');
    const unchecked = await client.signHash(token, credential.credentialID, hash);
    expect(signsHash(unchecked, hash, credential.signerCertificate)).toBe(false);
  });

  it('5xx: a read is tried once more and succeeds, a signHash is not repeated', async () => {
    await armFault('error500', 'credentials');
    await expect(client.credentialFor(SIGNER)).resolves.toMatchObject({ credentialID: credential.credentialID });
    const hash = Buffer.alloc(32, 9);
    const token = await credentialToken(hash);
    await armFault('error500', 'signHash');
    // Armed once: a second attempt by the client would have succeeded.
    await expect(client.signHash(token, credential.credentialID, hash)).rejects.toMatchObject({
      kind: 'unavailable',
      status: 500,
      transient: true,
    });
    await armFault('error500', 'credentials', 2);
    await expect(client.credentialFor(SIGNER)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('slow answers: the client gives up after its time limit with "timeout"; reads recover by the retry', async () => {
    const hash = Buffer.alloc(32, 10);
    const token = await credentialToken(hash);
    await armFault('slow', 'signHash');
    const started = Date.now();
    await expect(client.signHash(token, credential.credentialID, hash)).rejects.toMatchObject({
      kind: 'timeout',
      transient: true,
    });
    // Given up at its own limit: not before it, and not a second attempt (that would take twice as long).
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(CLIENT_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(2 * CLIENT_TIMEOUT_MS);
    await armFault('slow', 'tsa');
    const request = buildTimestampRequest(Buffer.from('x'));
    await expect(client.timestamp(request.der)).resolves.toBeInstanceOf(Buffer);
  });

  it('revocation data that cannot be had stops long-term validation with a RevocationError', async () => {
    await armFault('error500', 'revocation', 2);
    await expect(fetchCrl(credential.signerCertificate, credential.chain[0]!)).rejects.toBeInstanceOf(RevocationError);
    await expect(fetchCrl(credential.signerCertificate, credential.chain[0]!)).resolves.toBeInstanceOf(Buffer);
  });

  it('refuses an unknown fault mode', async () => {
    const answer = await fetch(`${base}/simulator/csc/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'meltdown' }),
    });
    expect(answer.status).toBe(400);
  });
});
