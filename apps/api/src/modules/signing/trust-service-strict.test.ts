/**
 * The development trust service speaks CSC v2.0.0.2 as written and refuses what the specification
 * does not allow, so that a flow it accepts is one a QTSP would accept: raw requests, no client of ours
 * in between. Field names and formats of its answers, then each refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  authorizeAtPage,
  CLIENT_ID,
  CLIENT_SECRET,
  credentialToken,
  REDIRECT,
  SEAL_PIN,
  startTrustService,
  type TrustServiceApp,
} from '../../test-support/trust-service-app.js';

import { OID } from './cades.js';
import { SIGN_ALGO } from './csc-algorithms.js';
import type { CscClient } from './csc-client.js';
import type { CscCredential } from './csc-credential.js';
import { createPkce } from './csc-pkce.js';

let service: TrustServiceApp;
let client: CscClient;
let signer: CscCredential;
let seal: CscCredential;
let serviceToken: string;

const HASH = Buffer.alloc(32, 0x11);
const OTHER_HASH = Buffer.alloc(32, 0x22);

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${service.base}/simulator/csc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

async function tokenRequest(form: Record<string, string>) {
  const response = await fetch(`${service.base}/simulator/csc/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The authorization page's address with `overrides` (null: the parameter left out). */
function authorizeUrl(overrides: Record<string, string | null> = {}): string {
  const url = new URL(`${service.base}/simulator/csc/oauth2/authorize`);
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT,
    scope: 'credential',
    code_challenge: createPkce().challenge,
    code_challenge_method: 'S256',
    credentialID: signer.credentialID,
    numSignatures: '1',
    hashes: HASH.toString('base64url'),
    hashAlgorithmOID: OID.sha256,
    state: 's',
    ...overrides,
  };
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

const signHashBody = (credential: CscCredential, extra: Record<string, unknown> = {}) => ({
  credentialID: credential.credentialID,
  hashes: [HASH.toString('base64')],
  hashAlgorithmOID: OID.sha256,
  signAlgo: SIGN_ALGO.sha256WithRsa,
  ...extra,
});

beforeAll(async () => {
  service = await startTrustService();
  client = service.client();
  await service.enrol('user-1', { commonName: 'Erika Mustermann' });
  await service.enrol('seal-1', { commonName: 'Musterfirma GmbH', organization: 'Musterfirma GmbH' });
  signer = await client.credentialFor('user-1', { authMode: 'oauth2code', now: new Date() });
  seal = await client.credentialFor('seal-1', { authMode: 'explicit', now: new Date() });
  const answer = await tokenRequest({
    grant_type: 'client_credentials',
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
  });
  serviceToken = String(answer.body.access_token);
}, 60_000);

afterAll(() => service.close());

describe('the answers, in the specification’s names and formats', () => {
  it('info: specs 2.0.0.2, authType, one of oauth2 and oauth2Issuer, signature formats', async () => {
    const { status, body } = await post('v2/info', {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ specs: '2.0.0.2', authType: ['oauth2client', 'oauth2code'] });
    expect(body.oauth2).toBe(`${service.base}/simulator/csc`);
    expect(body).not.toHaveProperty('oauth2Issuer');
    expect(body.signature_formats).toBeDefined();
  });

  it('credentials/info: key, cert with GeneralizedTime validity, auth/mode, SCAL, multisign; no v1 fields', async () => {
    const { body } = await post(
      'v2/credentials/info',
      { credentialID: seal.credentialID, certificates: 'chain', certInfo: true, authInfo: true },
      serviceToken,
    );
    expect(body).toMatchObject({
      key: { status: 'enabled', algo: [SIGN_ALGO.sha256WithRsa, SIGN_ALGO.rsassaPss], len: 2048 },
      cert: { status: 'valid' },
      auth: { mode: 'explicit', objects: [{ type: 'Password', id: 'PIN', format: 'N' }] },
      SCAL: '2',
      multisign: 1,
    });
    const cert = body.cert as Record<string, string>;
    expect(cert.validFrom).toMatch(/^\d{14}Z$/);
    expect(cert.validTo).toMatch(/^\d{14}Z$/);
    expect(cert.serialNumber).toMatch(/^[0-9a-f]+$/);
    expect(body).not.toHaveProperty('authMode');
    const signerInfo = await post(
      'v2/credentials/info',
      { credentialID: signer.credentialID, authInfo: true },
      serviceToken,
    );
    expect(signerInfo.body.auth).toEqual({ mode: 'oauth2code' });
    // certificates "single" by default, certInfo and authInfo only when asked for.
    const plain = await post('v2/credentials/info', { credentialID: signer.credentialID }, serviceToken);
    expect((plain.body.cert as { certificates: string[] }).certificates).toHaveLength(1);
    expect(plain.body).not.toHaveProperty('auth');
    expect(plain.body.cert).not.toHaveProperty('validTo');
  });

  it('credentials/list: nothing for a user nobody enrolled', async () => {
    expect((await post('v2/credentials/list', { userID: 'stranger' }, serviceToken)).body).toEqual({
      credentialIDs: [],
    });
  });
});

describe('the refusals', () => {
  it('gives no authorization page without PKCE, with plain PKCE, with an unknown or missing parameter', async () => {
    expect((await fetch(authorizeUrl())).status).toBe(200);
    const refused: Record<string, string | null>[] = [
      { code_challenge: null },
      { code_challenge_method: null },
      { code_challenge_method: 'plain' },
      { code_challenge: 'short' },
      { hashes: null },
      { redirect_uri: 'http://127.0.0.1:9/elsewhere' },
      { credentialID: seal.credentialID },
      { userID: 'user-1' },
    ];
    for (const overrides of refused) {
      expect((await fetch(authorizeUrl(overrides))).status, JSON.stringify(overrides)).toBe(400);
    }
  });

  it('redeems a code only with the code_verifier of its challenge', async () => {
    const pkce = createPkce();
    const { code } = await authorizeAtPage(authorizeUrl({ code_challenge: pkce.challenge }), 'approve');
    const form = {
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    };
    expect(await tokenRequest(form)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await tokenRequest({ ...form, code_verifier: createPkce().verifier })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await tokenRequest({ ...form, code_verifier: pkce.verifier, redirect_uri: `${REDIRECT}x` })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect((await tokenRequest({ ...form, code_verifier: pkce.verifier })).status).toBe(200);
    // RFC 6749 4.1.2: a code is used once.
    expect(await tokenRequest({ ...form, code_verifier: pkce.verifier })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Authorization code already used' },
    });
  });

  it('signs the hashes of one authorization once: a credential token or a SAD used again is refused', async () => {
    const token = await credentialToken(client, signer, HASH);
    expect((await post('v2/signatures/signHash', signHashBody(signer), token)).status).toBe(200);
    expect(await post('v2/signatures/signHash', signHashBody(signer), token)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Credential token already used' },
    });
    const authorized = await post(
      'v2/credentials/authorize',
      {
        credentialID: seal.credentialID,
        numSignatures: 1,
        hashes: [HASH.toString('base64')],
        hashAlgorithmOID: OID.sha256,
        authData: [{ id: 'PIN', value: SEAL_PIN }],
      },
      serviceToken,
    );
    const sad = String(authorized.body.SAD);
    expect((await post('v2/signatures/signHash', signHashBody(seal, { SAD: sad }), serviceToken)).status).toBe(200);
    expect(await post('v2/signatures/signHash', signHashBody(seal, { SAD: sad }), serviceToken)).toMatchObject({
      status: 400,
      body: { error_description: 'SAD already used' },
    });
  });

  it('refuses unknown token parameters: client credentials give service authorization only', async () => {
    // How the platform once asked for a seal token: not in the specification.
    const answer = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      scope: 'credential',
      credentialID: seal.credentialID,
      hashes: HASH.toString('base64url'),
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    // Basic authentication of the client is as good as the form (RFC 6749 2.3.1).
    const basic = await fetch(`${service.base}/simulator/csc/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(basic.status).toBe(200);
  });

  it('refuses signHash without a SAD under the service token, and a SAD for other hashes or another credential', async () => {
    expect(await post('v2/signatures/signHash', signHashBody(seal), serviceToken)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Missing parameter SAD' },
    });
    const authorize = (hashes: Buffer[], pin = SEAL_PIN) =>
      post(
        'v2/credentials/authorize',
        {
          credentialID: seal.credentialID,
          numSignatures: hashes.length,
          hashes: hashes.map((h) => h.toString('base64')),
          hashAlgorithmOID: OID.sha256,
          authData: [{ id: 'PIN', value: pin }],
        },
        serviceToken,
      );
    expect((await authorize([HASH], '11111111')).status).toBe(400);
    const sad = String((await authorize([OTHER_HASH])).body.SAD);
    expect(await post('v2/signatures/signHash', signHashBody(seal, { SAD: sad }), serviceToken)).toMatchObject({
      status: 400,
      body: { error_description: 'Hash not authorized' },
    });
    const forHash = String((await authorize([HASH])).body.SAD);
    expect((await post('v2/signatures/signHash', signHashBody(signer, { SAD: forHash }), serviceToken)).status).toBe(
      400,
    );
    expect((await post('v2/signatures/signHash', signHashBody(seal, { SAD: forHash }), serviceToken)).status).toBe(200);
  });

  it('refuses credentials/authorize for an oauth2code credential and under SCAL2 without hashes', async () => {
    const base = { numSignatures: 1, authData: [{ id: 'PIN', value: SEAL_PIN }] };
    expect(
      (
        await post(
          'v2/credentials/authorize',
          {
            ...base,
            credentialID: signer.credentialID,
            hashes: [HASH.toString('base64')],
            hashAlgorithmOID: OID.sha256,
          },
          serviceToken,
        )
      ).status,
    ).toBe(400);
    expect(
      (await post('v2/credentials/authorize', { ...base, credentialID: seal.credentialID }, serviceToken)).status,
    ).toBe(400);
  });

  it('refuses unknown request fields, a signAlgo the key does not offer, and PSS without its parameters', async () => {
    const token = await credentialToken(client, signer, HASH);
    expect(await post('v2/signatures/signHash', signHashBody(signer, { authMode: 'oauth2code' }), token)).toMatchObject(
      { status: 400, body: { error_description: 'Unknown parameter authMode' } },
    );
    expect(
      (await post('v2/signatures/signHash', signHashBody(signer, { signAlgo: SIGN_ALGO.ecdsaWithSha256 }), token))
        .status,
    ).toBe(400);
    expect(
      (await post('v2/signatures/signHash', signHashBody(signer, { signAlgo: SIGN_ALGO.rsassaPss }), token)).status,
    ).toBe(400);
    expect((await post('v2/credentials/list', { userID: 'user-1', onlyEnabled: true }, serviceToken)).status).toBe(400);
    expect(
      (await post('v2/credentials/info', { credentialID: signer.credentialID, certs: 'chain' }, serviceToken)).status,
    ).toBe(400);
    expect((await post('v2/info', { version: 1 })).status).toBe(400);
    // The credential token for this hash still signs it.
    expect((await post('v2/signatures/signHash', signHashBody(signer), token)).status).toBe(200);
  });

  it('lists and reads credentials only under service authorization', async () => {
    const token = await credentialToken(client, signer, HASH);
    expect((await post('v2/credentials/list', { userID: 'user-1' }, token)).status).toBe(401);
    expect((await post('v2/credentials/info', { credentialID: signer.credentialID })).status).toBe(401);
  });
});
