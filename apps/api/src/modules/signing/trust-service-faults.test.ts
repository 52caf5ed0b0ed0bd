/**
 * Faults of the development trust service and how the CSC client reports them: typed errors a caller
 * can act on (leave the step, ask again), time limits, and a retry for reads only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { credentialToken, startTrustService, type TrustServiceApp } from '../../test-support/trust-service-app.js';

import { buildSignedAttributes, type SignedAttributes } from './cades.js';
import { verifiesSignature } from './csc-algorithms.js';
import { CscError, type CscClient, type CscCredential } from './csc-client.js';
import { RevocationError, fetchCrl } from './revocation.js';
import { TrustServiceFaults, type FaultTarget, type TrustServiceFaultMode } from './trust-service-faults.js';
import { buildTimestampRequest } from './timestamp.js';

const SIGNER = 'Max Mustermann';
const SIGNER_ID = 'ident-case-max';
/**
 * The client's time limit: long enough for every answer of the service in this process on a loaded
 * machine (the server and the client share one event loop), short against the slow fault's delay.
 */
const CLIENT_TIMEOUT_MS = 3_000;
/** How long a slow answer is held back: far beyond the client's limit, ended early when the app closes. */
const SLOW_ANSWER_MS = 60_000;

let service: TrustServiceApp;
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

/** Signed attributes over a made-up content digest, in the signer's name. */
const attributesFor = (fill: number): SignedAttributes =>
  buildSignedAttributes({ contentDigest: Buffer.alloc(32, fill), signerCertificate: credential.signerCertificate });

/** A credential token for these attributes, as after the signer approved at the authorization page. */
const tokenFor = (attributes: SignedAttributes) => credentialToken(client, credential, attributes.hashToSign);

const lookUp = (on = client) => on.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: new Date() });

beforeAll(async () => {
  service = await startTrustService({ faults: new TrustServiceFaults(SLOW_ANSWER_MS) });
  base = service.base;
  await service.enrol(SIGNER_ID, { commonName: SIGNER });
  // The first use generates the PKI and the signer's key: longer than the short limit under test.
  credential = await lookUp(service.client());
  client = service.client({ timeoutMs: CLIENT_TIMEOUT_MS });
}, 60_000);

afterAll(async () => {
  await service.close();
});

describe('trust service faults', () => {
  it('expired authorization: signHash answers 401, the client says "authorization", a new authorization signs', async () => {
    const attributes = attributesFor(7);
    const token = await tokenFor(attributes);
    await armFault('expired-authorization', 'signHash');
    const failure = await client
      .signHash({ credential, signedAttributes: attributes, authorization: { credentialToken: token } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CscError);
    expect(failure).toMatchObject({ kind: 'authorization', status: 401, transient: false });
    const again = await client.signHash({
      credential,
      signedAttributes: attributes,
      authorization: { credentialToken: await tokenFor(attributes) },
    });
    expect(verifiesSignature(credential.signAlgorithm, attributes.der, again, credential.signerCertificate)).toBe(true);
  });

  it('wrong hash: the client refuses a signature over another hash', async () => {
    const attributes = attributesFor(8);
    const token = await tokenFor(attributes);
    await armFault('wrong-hash', 'signHash');
    await expect(
      client.signHash({ credential, signedAttributes: attributes, authorization: { credentialToken: token } }),
    ).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('5xx: a read is tried once more and succeeds, a signHash is not repeated', async () => {
    await armFault('error500', 'credentials');
    await expect(lookUp()).resolves.toMatchObject({ credentialID: credential.credentialID });
    const attributes = attributesFor(9);
    const token = await tokenFor(attributes);
    await armFault('error500', 'signHash');
    // Armed once: a second attempt by the client would have succeeded.
    await expect(
      client.signHash({ credential, signedAttributes: attributes, authorization: { credentialToken: token } }),
    ).rejects.toMatchObject({
      kind: 'unavailable',
      status: 500,
      transient: true,
    });
    await armFault('error500', 'credentials', 2);
    await expect(lookUp()).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('slow answers: the client gives up after its time limit with "timeout"; reads recover by the retry', async () => {
    const attributes = attributesFor(10);
    const token = await tokenFor(attributes);
    await armFault('slow', 'signHash');
    const started = Date.now();
    await expect(
      client.signHash({ credential, signedAttributes: attributes, authorization: { credentialToken: token } }),
    ).rejects.toMatchObject({
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
