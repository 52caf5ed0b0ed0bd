/**
 * The CSC v2 flows end to end over HTTP: our client against the strict development trust service. The
 * employee's signature (credentials/info read first, oauth2/authorize with PKCE S256, the code redeemed
 * with its verifier, signHash under the credential token) checked by pdfsig and openssl; the employer's
 * seal (credentials/authorize with the PIN, its SAD at signHash); the authorization server found by
 * RFC 8414 metadata; RSASSA-PSS when the key allows only that; and the credentials refused before
 * anyone is sent to the service.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { typicalInput } from '../../test-support/contract-inputs.js';
import {
  extractFirstCms,
  nssDatabaseTrusting,
  opensslPrintCms,
  pdfsig,
  withOneByteChanged,
} from '../../test-support/pdfsig.js';
import {
  authorizeAtPage,
  credentialToken,
  REDIRECT,
  signThroughService,
  startTrustService,
  type TrustServiceApp,
} from '../../test-support/trust-service-app.js';
import { renderTransferContract } from '../contract/contract-pdf.js';

import { buildSignedAttributes, parseCertificate, parseSignedData } from './cades.js';
import { SIGN_ALGO, verifiesSignature } from './csc-algorithms.js';
import { CscError, type CscClient } from './csc-client.js';
import { CredentialRefusal, credentialRefusalMessage } from './csc-credential.js';
import { createPkce } from './csc-pkce.js';
import { prepareSignatureField, signedBytes } from './pdf-signature-field.js';
import type { TrustServiceFaultMode } from './trust-service-faults.js';
import { checkCms } from './verify-cms.js';

const SIGNER = 'Erika Müller-Lüdenscheidt';
/** The QTSP's user ids: opaque, never the name (ADR 0051). */
const SIGNER_ID = 'ident-case-4711';
const SEAL_ID = 'seal-9f0c';
const COMPANY = 'Musterfirma GmbH';

let service: TrustServiceApp;
let client: CscClient;
let nssDir: string;
const now = () => new Date();

const contract = async () =>
  prepareSignatureField(await renderTransferContract(typicalInput()), {
    signerName: SIGNER,
    signingTime: new Date(),
    reason: 'Überlassungsvertrag',
    location: 'DE',
  });

beforeAll(async () => {
  service = await startTrustService();
  client = service.client();
  await service.enrol(SIGNER_ID, { commonName: SIGNER });
  await service.enrol(SEAL_ID, { commonName: COMPANY, organization: COMPANY });
  const rootPem = await (await fetch(`${service.base}/simulator/ca.pem`)).text();
  expect(rootPem).toContain('BEGIN CERTIFICATE');
  nssDir = nssDatabaseTrusting(service.dir, rootPem);
}, 60_000);

afterAll(async () => {
  await service.close();
});

async function armFault(mode: TrustServiceFaultMode) {
  const answer = await fetch(`${service.base}/simulator/csc/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode, on: 'credentials' }),
  });
  expect(answer.status).toBe(204);
}

describe('CSC v2 signing against the development trust service', () => {
  it("signs the contract as PAdES B-T in the signer's name, valid and trusted for pdfsig", async () => {
    const credential = await client.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() });
    expect(credential).toMatchObject({ authMode: 'oauth2code', scal: '2' });
    // PKCS#1 v1.5 first when the key offers it: every PDF reader verifies it.
    expect(credential.signAlgorithm).toEqual({ scheme: 'rsa-pkcs1', signAlgo: SIGN_ALGO.sha256WithRsa });
    const signed = await signThroughService(client, await contract(), SIGNER_ID, 'signature');

    const file = path.join(service.dir, 'contract-signed.pdf');
    writeFileSync(file, signed);
    const report = pdfsig(file, nssDir);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    expect(report).toContain('Total document signed');
    expect(report).toContain(`Signer Certificate Common Name: ${SIGNER}`);

    const tamperedFile = path.join(service.dir, 'contract-tampered.pdf');
    writeFileSync(tamperedFile, withOneByteChanged(signed));
    expect(pdfsig(tamperedFile, nssDir)).toContain('Digest Mismatch');

    expect(opensslPrintCms(service.dir, extractFirstCms(signed))).toMatch(/id-smime-aa-timeStampToken/);
  }, 60_000);

  it('puts PKCE S256 on the authorization and redeems the code only with its verifier', async () => {
    const credential = await client.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() });
    const pkce = createPkce();
    const hash = Buffer.alloc(32, 4);
    const url = new URL(
      await client.authorizationUrl({
        credential,
        hash,
        redirectUri: REDIRECT,
        state: 's',
        codeChallenge: pkce.challenge,
      }),
    );
    expect(url.searchParams.get('code_challenge')).toBe(pkce.challenge);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('hashes')).toBe(hash.toString('base64url'));
    const { code } = await authorizeAtPage(url.toString(), 'approve');
    const other = createPkce();
    const refused = await client
      .exchangeCode({ code: code ?? '', redirectUri: REDIRECT, codeVerifier: other.verifier })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_grant' });
    await expect(
      client.exchangeCode({ code: code ?? '', redirectUri: REDIRECT, codeVerifier: pkce.verifier }),
    ).resolves.toMatch(/\./);
  });

  it("seals with the employer's credential: credentials/authorize gives the SAD signHash needs", async () => {
    const seal = await client.credentialFor(SEAL_ID, { authMode: 'explicit', now: now() });
    expect(seal).toMatchObject({ authMode: 'explicit', scal: '2', authObjectIds: ['PIN'] });
    const attributes = buildSignedAttributes({
      contentDigest: Buffer.alloc(32, 5),
      signerCertificate: seal.signerCertificate,
    });
    const sad = await client.authorizeCredential(seal, attributes.hashToSign);
    const value = await client.signHash({ credential: seal, signedAttributes: attributes, authorization: { sad } });
    expect(verifiesSignature(seal.signAlgorithm, attributes.der, value, seal.signerCertificate)).toBe(true);
    // Without the platform's PIN there is no SAD.
    const noPin = service.client({ sealAuthData: { PIN: '00000000' } });
    await expect(noPin.authorizeCredential(seal, attributes.hashToSign)).rejects.toMatchObject({ status: 400 });
    const unconfigured = service.client({ sealAuthData: {} });
    await expect(unconfigured.authorizeCredential(seal, attributes.hashToSign)).rejects.toMatchObject({
      reason: 'auth-data',
    });
  });

  it('refuses to sign a hash the signer did not authorize', async () => {
    const credential = await client.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() });
    const authorized = buildSignedAttributes({
      contentDigest: Buffer.alloc(32, 1),
      signerCertificate: credential.signerCertificate,
    });
    const other = buildSignedAttributes({
      contentDigest: Buffer.alloc(32, 2),
      signerCertificate: credential.signerCertificate,
    });
    const token = await credentialToken(client, credential, authorized.hashToSign);
    const authorization = { credentialToken: token };
    await expect(client.signHash({ credential, signedAttributes: other, authorization })).rejects.toThrow(CscError);
    await expect(client.signHash({ credential, signedAttributes: authorized, authorization })).resolves.toHaveLength(
      256,
    );
  });

  it('gives no code for a wrong one-time code, and access_denied when the signer declines', async () => {
    const credential = await client.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() });
    const url = await client.authorizationUrl({
      credential,
      hash: Buffer.alloc(32, 3),
      redirectUri: REDIRECT,
      state: 's',
      codeChallenge: createPkce().challenge,
    });
    const wrong = await authorizeAtPage(url, 'approve', '000000x');
    expect(wrong.status).toBe(422);
    const declined = await authorizeAtPage(url, 'reject');
    expect(new URL(declined.location ?? '').searchParams.get('error')).toBe('access_denied');
  });

  it.each<[TrustServiceFaultMode, string]>([
    ['key-disabled', 'key-disabled'],
    ['cert-revoked', 'cert-revoked'],
    ['cert-expired', 'cert-expired'],
  ])('refuses a credential whose info says %s before anyone is sent anywhere', async (fault, reason) => {
    await armFault(fault);
    const refused = await client
      .credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CredentialRefusal);
    expect(refused).toMatchObject({ reason });
    expect(credentialRefusalMessage((refused as CredentialRefusal).reason, 'signer')).toMatch(/^Ihr Signatur/);
    // The next look is the credential's real state again.
    await expect(client.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() })).resolves.toBeTruthy();
  });

  it('refuses a credential of another authorization mode, an unknown user, and a certificate past validTo', async () => {
    await expect(client.credentialFor(SEAL_ID, { authMode: 'oauth2code', now: now() })).rejects.toMatchObject({
      reason: 'auth-mode',
    });
    await expect(client.credentialFor(SIGNER_ID, { authMode: 'explicit', now: now() })).rejects.toMatchObject({
      reason: 'auth-mode',
    });
    await expect(client.credentialFor('nobody', { authMode: 'oauth2code', now: now() })).rejects.toMatchObject({
      reason: 'no-credential',
    });
    const later = new Date(Date.now() + 3 * 365 * 24 * 3600_000);
    await expect(client.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: later })).rejects.toMatchObject({
      reason: 'cert-expired',
    });
  });

  it('refuses signHash without a credential token and a client with a wrong secret', async () => {
    const credential = await client.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() });
    const attributes = buildSignedAttributes({
      contentDigest: Buffer.alloc(32),
      signerCertificate: credential.signerCertificate,
    });
    await expect(
      client.signHash({ credential, signedAttributes: attributes, authorization: { credentialToken: 'forged.token' } }),
    ).rejects.toMatchObject({ status: 401 });
    const wrongSecret = service.client({ clientSecret: 'wrong-secret-123' });
    await expect(wrongSecret.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() })).rejects.toMatchObject({
      status: 401,
    });
  });

  it('hides the whole service from anyone but a loopback client', async () => {
    const answer = await service.app.inject({ method: 'GET', url: '/simulator/ca.pem', remoteAddress: '203.0.113.7' });
    expect(answer.statusCode).toBe(404);
  });
});

describe('a trust service that names its authorization server by oauth2Issuer (RFC 8414)', () => {
  let issuer: TrustServiceApp;
  beforeAll(async () => {
    issuer = await startTrustService({ authorizationServer: 'oauth2Issuer' });
    await issuer.enrol(SIGNER_ID, { commonName: SIGNER });
  }, 60_000);
  afterAll(() => issuer.close());

  it('takes the endpoints from the metadata and signs', async () => {
    const info = (await (
      await fetch(`${issuer.base}/simulator/csc/v2/info`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      })
    ).json()) as Record<string, unknown>;
    expect(info.oauth2Issuer).toBe(`${issuer.base}/simulator/csc`);
    expect(info).not.toHaveProperty('oauth2');
    const metadata = (await (
      await fetch(`${issuer.base}/.well-known/oauth-authorization-server/simulator/csc`)
    ).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ issuer: info.oauth2Issuer, code_challenge_methods_supported: ['S256'] });
    const ownClient = issuer.client();
    const credential = await ownClient.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() });
    const url = await ownClient.authorizationUrl({
      credential,
      hash: Buffer.alloc(32, 6),
      redirectUri: REDIRECT,
      state: 's',
      codeChallenge: createPkce().challenge,
    });
    expect(url.startsWith(String(metadata.authorization_endpoint))).toBe(true);
    const signed = await signThroughService(ownClient, await contract(), SIGNER_ID, 'signature');
    expect(signed.length).toBeGreaterThan(1000);
  }, 60_000);
});

describe('a credential whose key allows RSASSA-PSS only', () => {
  let pss: TrustServiceApp;
  beforeAll(async () => {
    pss = await startTrustService({ keyAlgorithms: [SIGN_ALGO.rsassaPss] });
    await pss.enrol(SIGNER_ID, { commonName: SIGNER });
  }, 60_000);
  afterAll(() => pss.close());

  it('signs with PSS and the CMS names RSASSA-PSS with its parameters', async () => {
    const pssClient = pss.client();
    const credential = await pssClient.credentialFor(SIGNER_ID, { authMode: 'oauth2code', now: now() });
    expect(credential.signAlgorithm).toMatchObject({ scheme: 'rsa-pss', signAlgo: SIGN_ALGO.rsassaPss });
    const prepared = await contract();
    const signed = await signThroughService(pssClient, prepared, SIGNER_ID, 'signature');
    const cms = extractFirstCms(signed);
    const signerInfo = parseSignedData(cms).signerInfos[0];
    expect(signerInfo?.signatureAlgorithm.algorithmId).toBe(SIGN_ALGO.rsassaPss);
    const root = parseCertificate(new Uint8Array((await pss.state()).pki.root.certificate.rawData));
    const check = await checkCms(cms, signedBytes(signed, prepared.byteRange), [root]);
    expect(check).toMatchObject({ intact: true, trusted: true });
  }, 60_000);
});
