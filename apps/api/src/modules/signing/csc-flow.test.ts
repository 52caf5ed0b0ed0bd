/**
 * The CSC v2 flow end to end over HTTP: our client against the development trust service, the contract
 * PDF signed through prepare → authorize (page, one-time code) → token → signHash → TSA → embed, then
 * checked by pdfsig and openssl. Also the faults a signer or a service can cause.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { systemClock } from '../../lib/clock.js';
import { loopbackOnly } from '../../plugins/dev-only.js';
import { typicalInput } from '../../test-support/contract-inputs.js';
import {
  extractFirstCms,
  nssDatabaseTrusting,
  opensslPrintCms,
  pdfsig,
  withOneByteChanged,
} from '../../test-support/pdfsig.js';
import { renderTransferContract } from '../contract/contract-pdf.js';

import { buildSignedAttributes } from './cades.js';
import { CscError, createCscClient, type CscClient } from './csc-client.js';
import { completeTimestampedCms } from './pades.js';
import { embedSignature, prepareSignatureField } from './pdf-signature-field.js';
import { trustServicePlugin } from './trust-service.js';
import { lazyTrustServiceState } from './trust-service-state.js';

const SIGNER = 'Erika Müller-Lüdenscheidt';
const REDIRECT = 'http://127.0.0.1:9/callback';

let dir: string;
let app: FastifyInstance;
let client: CscClient;
let nssDir: string;

/** What the signer does in the browser: open the page, type the shown code, press a button. */
async function authorizeAtPage(url: string, decision: 'approve' | 'reject', otp?: string) {
  const page = await (await fetch(url)).text();
  const shown = /data-testid="one-time-code">(\d{6})</.exec(page)?.[1];
  const form = new URLSearchParams([...new URL(url).searchParams, ['otp', otp ?? shown ?? ''], ['decision', decision]]);
  const answer = await fetch(new URL('authorize', url), { method: 'POST', body: form, redirect: 'manual' });
  return { status: answer.status, location: answer.headers.get('location'), shown };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-'));
  app = Fastify();
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', loopbackOnly);
      await scope.register(
        trustServicePlugin({
          state: lazyTrustServiceState(path.join(dir, 'secrets')),
          clientId: 'leasing',
          clientSecret: 'test-secret-123',
          isRegisteredRedirect: (uri) => uri === REDIRECT,
          clock: systemClock,
        }),
      );
    },
    { prefix: '/simulator' },
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  client = createCscClient({
    baseUrl: `${address}/simulator/csc/v2`,
    clientId: 'leasing',
    clientSecret: 'test-secret-123',
    tsaUrl: `${address}/simulator/tsa`,
  });
  const rootPem = await (await fetch(`${address}/simulator/ca.pem`)).text();
  expect(rootPem).toContain('BEGIN CERTIFICATE');
  nssDir = nssDatabaseTrusting(dir, rootPem);
}, 60_000);

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('CSC v2 signing against the development trust service', () => {
  it("signs the contract as PAdES B-T in the signer's name, valid and trusted for pdfsig", async () => {
    const credential = await client.credentialFor(SIGNER);
    const prepared = await prepareSignatureField(await renderTransferContract(typicalInput()), {
      signerName: SIGNER,
      signingTime: new Date(),
      reason: 'Überlassungsvertrag',
      location: 'DE',
    });
    const signedAttributes = buildSignedAttributes({
      contentDigest: prepared.documentDigest,
      signerCertificate: credential.signerCertificate,
    });
    const url = await client.authorizationUrl({
      credentialID: credential.credentialID,
      hash: signedAttributes.hashToSign,
      redirectUri: REDIRECT,
      state: 'order-1',
    });
    const authorized = await authorizeAtPage(url, 'approve');
    expect(authorized.status).toBe(303);
    const code = new URL(authorized.location ?? '').searchParams.get('code');
    expect(new URL(authorized.location ?? '').searchParams.get('state')).toBe('order-1');
    const token = await client.exchangeCode(code ?? '', REDIRECT);
    const signatureValue = await client.signHash(token, credential.credentialID, signedAttributes.hashToSign);
    const cms = await completeTimestampedCms({
      signedAttributes,
      signatureValue,
      signerCertificate: credential.signerCertificate,
      chain: credential.chain,
      timestampAuthority: (request) => client.timestamp(request),
    });
    const signed = embedSignature(prepared, cms);

    const file = path.join(dir, 'contract-signed.pdf');
    writeFileSync(file, signed);
    const report = pdfsig(file, nssDir);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    expect(report).toContain('Total document signed');
    expect(report).toContain(`Signer Certificate Common Name: ${SIGNER}`);

    const tamperedFile = path.join(dir, 'contract-tampered.pdf');
    writeFileSync(tamperedFile, withOneByteChanged(signed));
    expect(pdfsig(tamperedFile, nssDir)).toContain('Digest Mismatch');

    expect(opensslPrintCms(dir, extractFirstCms(signed))).toMatch(/id-smime-aa-timeStampToken/);
  }, 60_000);

  it('refuses to sign a hash the signer did not authorize', async () => {
    const credential = await client.credentialFor(SIGNER);
    const authorizedHash = Buffer.alloc(32, 1);
    const url = await client.authorizationUrl({
      credentialID: credential.credentialID,
      hash: authorizedHash,
      redirectUri: REDIRECT,
      state: 's',
    });
    const { location } = await authorizeAtPage(url, 'approve');
    const token = await client.exchangeCode(new URL(location ?? '').searchParams.get('code') ?? '', REDIRECT);
    await expect(client.signHash(token, credential.credentialID, Buffer.alloc(32, 2))).rejects.toThrow(CscError);
    await expect(client.signHash(token, credential.credentialID, authorizedHash)).resolves.toHaveLength(256);
  });

  it('gives no code for a wrong one-time code, and access_denied when the signer declines', async () => {
    const credential = await client.credentialFor(SIGNER);
    const url = await client.authorizationUrl({
      credentialID: credential.credentialID,
      hash: Buffer.alloc(32, 3),
      redirectUri: REDIRECT,
      state: 's',
    });
    const wrong = await authorizeAtPage(url, 'approve', '000000x');
    expect(wrong.status).toBe(422);
    const declined = await authorizeAtPage(url, 'reject');
    expect(new URL(declined.location ?? '').searchParams.get('error')).toBe('access_denied');
  });

  it('refuses signHash without a credential token and a code exchange with a wrong secret', async () => {
    const credential = await client.credentialFor(SIGNER);
    await expect(client.signHash('forged.token', credential.credentialID, Buffer.alloc(32))).rejects.toMatchObject({
      status: 401,
    });
    const base = app.server.address();
    const port = typeof base === 'object' && base ? base.port : 0;
    const wrongSecret = createCscClient({
      baseUrl: `http://127.0.0.1:${port}/simulator/csc/v2`,
      clientId: 'leasing',
      clientSecret: 'wrong-secret-123',
      tsaUrl: `http://127.0.0.1:${port}/simulator/tsa`,
    });
    await expect(wrongSecret.credentialFor(SIGNER)).rejects.toMatchObject({ status: 401 });
  });

  it('hides the whole service from anyone but a loopback client', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/simulator/ca.pem',
      remoteAddress: '203.0.113.7',
    });
    expect(answer.statusCode).toBe(404);
  });
});
