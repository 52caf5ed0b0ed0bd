/**
 * The employee at the development trust service's authorization page, as in a browser: open the
 * linked page, type the one-time code it shows, press "Jetzt signieren" (or "Ablehnen"), and follow
 * the redirect back to the platform's return address.
 */
import { expect } from 'vitest';

import { renderTransferContract } from '../modules/contract/contract-pdf.js';
import { buildSignedAttributes } from '../modules/signing/cades.js';
import { cmsSignatureAlgorithm } from '../modules/signing/csc-algorithms.js';
import { createCscClient } from '../modules/signing/csc-client.js';
import { createPkce } from '../modules/signing/csc-pkce.js';
import type { SigningDeps } from '../modules/signing/order-signing-deps.js';
import { completeTimestampedCms } from '../modules/signing/pades.js';
import { embedSignature, prepareSignatureField } from '../modules/signing/pdf-signature-field.js';
import { typicalInput } from './contract-inputs.js';

export interface TrustServiceVisit {
  /** The platform's answer to the return (303 to the order, or a page with the reason). */
  status: number;
  location: string | null;
  body: string;
  /** The return address the service sent the browser to (with code or error and state). */
  returnUrl: string;
}

/** Authorizes (or declines) at the page, without following the redirect back yet. */
export async function authorizeAtTrustService(link: string, decision: 'approve' | 'reject' = 'approve') {
  const page = await (await fetch(link)).text();
  expect(page).toContain('Jetzt signieren');
  expect(page).not.toContain('<script');
  const shown = /data-testid="one-time-code">(\d{6})</.exec(page)?.[1] ?? '';
  const form = new URLSearchParams([...new URL(link).searchParams, ['otp', shown], ['decision', decision]]);
  const answer = await fetch(new URL('authorize', link), { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(303);
  return answer.headers.get('location') ?? '';
}

/** Follows the service's redirect to the platform's return address. */
export async function returnToPlatform(returnUrl: string): Promise<TrustServiceVisit> {
  const answer = await fetch(returnUrl, { redirect: 'manual' });
  return { status: answer.status, location: answer.headers.get('location'), body: await answer.text(), returnUrl };
}

/** The whole visit: authorize (or decline) and come back. */
export async function signAtTrustService(
  link: string,
  decision: 'approve' | 'reject' = 'approve',
): Promise<TrustServiceVisit> {
  return returnToPlatform(await authorizeAtTrustService(link, decision));
}

/**
 * A contract signed by `signerName` through the app's trust service (PAdES B-T), for tests that put an
 * order at the employer's step directly: the employer's seal goes over a genuinely signed file.
 */
export async function employeeSignedContract(signing: SigningDeps, signerName: string): Promise<Buffer> {
  const config = signing.csc?.();
  if (!config || !signing.enrol) throw new Error('the app has no development trust service');
  // The platform's return address (the only one its trust service accepts); never visited here.
  const redirectUri = `${new URL(config.baseUrl).origin}/v1/signature/return`;
  const client = createCscClient(config);
  const userID = `fixture-${signerName}`;
  await signing.enrol(userID, { commonName: signerName });
  const credential = await client.credentialFor(userID, { authMode: 'oauth2code', now: new Date() });
  const prepared = await prepareSignatureField(await renderTransferContract(typicalInput()), {
    signerName,
    signingTime: new Date(),
    reason: 'Überlassungsvertrag',
    location: 'Deutschland',
  });
  const signedAttributes = buildSignedAttributes({
    contentDigest: prepared.documentDigest,
    signerCertificate: credential.signerCertificate,
  });
  const pkce = createPkce();
  const link = await client.authorizationUrl({
    credential,
    hash: signedAttributes.hashToSign,
    redirectUri,
    state: 'fixture',
    codeChallenge: pkce.challenge,
  });
  const code = new URL(await authorizeAtTrustService(link)).searchParams.get('code') ?? '';
  const credentialToken = await client.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier });
  const cms = await completeTimestampedCms({
    signedAttributes,
    signatureValue: await client.signHash({ credential, signedAttributes, authorization: { credentialToken } }),
    signatureAlgorithm: cmsSignatureAlgorithm(credential.signAlgorithm),
    signerCertificate: credential.signerCertificate,
    chain: credential.chain,
    timestampAuthority: (request) => client.timestamp(request),
  });
  return embedSignature(prepared, cms);
}
