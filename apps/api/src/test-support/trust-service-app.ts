/**
 * The development trust service on a bare Fastify listening on a free port, with a CSC client for it and
 * the signer's part in the browser (open the authorization page, type the shown code, decide): shared by
 * the tests of the CSC flows, the service's refusals and its faults.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';

import { systemClock, type Clock } from '../lib/clock.js';
import { loopbackOnly } from '../plugins/dev-only.js';
import { buildSignedAttributes } from '../modules/signing/cades.js';
import { cmsSignatureAlgorithm } from '../modules/signing/csc-algorithms.js';
import { createCscClient, type CscClient, type CscConfig } from '../modules/signing/csc-client.js';
import type { CscCredential } from '../modules/signing/csc-credential.js';
import { createPkce } from '../modules/signing/csc-pkce.js';
import { completeTimestampedCms } from '../modules/signing/pades.js';
import { embedSignature, type PreparedSignature } from '../modules/signing/pdf-signature-field.js';
import {
  trustServiceMetadataPlugin,
  trustServicePlugin,
  type TrustServiceOptions,
} from '../modules/signing/trust-service.js';
import {
  lazyTrustServiceState,
  type EnrolledSubject,
  type TrustServiceState,
} from '../modules/signing/trust-service-state.js';

export const CLIENT_ID = 'leasing';
export const CLIENT_SECRET = 'test-secret-123';
export const SEAL_PIN = '24681357';
export const REDIRECT = 'http://127.0.0.1:9/callback';

export interface TrustServiceApp {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  base: string;
  dir: string;
  state: () => Promise<TrustServiceState>;
  config: CscConfig;
  client(overrides?: Partial<CscConfig>): CscClient;
  enrol(userID: string, subject: EnrolledSubject): Promise<void>;
  close(): Promise<void>;
}

export async function startTrustService(
  options: Partial<Omit<TrustServiceOptions, 'state'>> & { clock?: Clock } = {},
): Promise<TrustServiceApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'csc-'));
  const app = Fastify();
  let serviceUrl = '';
  const state = lazyTrustServiceState(path.join(dir, 'secrets'), () => ({ serviceUrl }));
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', loopbackOnly);
      await scope.register(
        trustServicePlugin({
          state,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          isRegisteredRedirect: (uri) => uri === REDIRECT,
          sealPin: SEAL_PIN,
          clock: systemClock,
          ...options,
        }),
      );
    },
    { prefix: '/simulator' },
  );
  await app.register(trustServiceMetadataPlugin('/simulator'));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  serviceUrl = `${base}/simulator`;
  const config: CscConfig = {
    baseUrl: `${base}/simulator/csc/v2`,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    tsaUrl: `${base}/simulator/tsa`,
    sealAuthData: { PIN: SEAL_PIN },
  };
  return {
    app,
    base,
    dir,
    state,
    config,
    client: (overrides = {}) => createCscClient({ ...config, ...overrides }),
    enrol: async (userID, subject) => (await state()).enrol(userID, subject),
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the signer does in the browser: open the page, type the shown code (or `otp`), decide. */
export async function authorizeAtPage(url: string, decision: 'approve' | 'reject', otp?: string) {
  const page = await fetch(url);
  const html = await page.text();
  const shown = /data-testid="one-time-code">(\d{6})</.exec(html)?.[1];
  const form = new URLSearchParams([...new URL(url).searchParams, ['otp', otp ?? shown ?? ''], ['decision', decision]]);
  const answer = await fetch(new URL('authorize', url), { method: 'POST', body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  return {
    pageStatus: page.status,
    status: answer.status,
    location,
    shown,
    code: location ? new URL(location).searchParams.get('code') : null,
  };
}

/**
 * The employee's credential token for `hash`, as after approving at the page: authorization with a
 * fresh PKCE pair, the code redeemed with its verifier.
 */
export async function credentialToken(client: CscClient, credential: CscCredential, hash: Buffer): Promise<string> {
  const pkce = createPkce();
  const url = await client.authorizationUrl({
    credential,
    hash,
    redirectUri: REDIRECT,
    state: 's',
    codeChallenge: pkce.challenge,
  });
  const { code } = await authorizeAtPage(url, 'approve');
  return client.exchangeCode({ code: code ?? '', redirectUri: REDIRECT, codeVerifier: pkce.verifier });
}

/**
 * One signature through the CSC flow into an already prepared field: a person's credential authorized
 * at the page (oauth2code), an organisation's seal by `credentials/authorize` (explicit, SAD).
 */
export async function signThroughService(
  client: CscClient,
  prepared: PreparedSignature,
  userID: string,
  kind: 'signature' | 'seal',
): Promise<Buffer> {
  const authMode = kind === 'seal' ? 'explicit' : 'oauth2code';
  const credential = await client.credentialFor(userID, { authMode, now: new Date() });
  const signedAttributes = buildSignedAttributes({
    contentDigest: prepared.documentDigest,
    signerCertificate: credential.signerCertificate,
  });
  const authorization =
    kind === 'seal'
      ? { sad: await client.authorizeCredential(credential, signedAttributes.hashToSign) }
      : { credentialToken: await credentialToken(client, credential, signedAttributes.hashToSign) };
  const signatureValue = await client.signHash({ credential, signedAttributes, authorization });
  const cms = await completeTimestampedCms({
    signedAttributes,
    signatureValue,
    signatureAlgorithm: cmsSignatureAlgorithm(credential.signAlgorithm),
    signerCertificate: credential.signerCertificate,
    chain: credential.chain,
    timestampAuthority: (request) => client.timestamp(request),
  });
  return embedSignature(prepared, cms);
}
