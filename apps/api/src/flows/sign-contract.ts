/**
 * The employee's qualified signature of the transfer contract (step NECT_SIGN) through the remote-
 * signing service (CSC v2): the contract is prepared with a visible signature field in the employee's
 * name, the employee authorizes exactly that hash at the service (its page, second factor), and on the
 * way back the service signs the hash, the TSA stamps the signature (PAdES B-T), and the platform
 * checks what came back before the step moves: the CMS over the bytes it prepared, the chain to the
 * configured trust anchors, and the certificate's name against the identified person.
 */
import { createHash } from 'node:crypto';

import { and, desc, eq } from 'drizzle-orm';

import { identCases } from '../db/schema.js';
import { recordAudit } from '../lib/audit.js';
import { AppError, conflict, notFound } from '../lib/errors.js';
import { ProviderUnavailableError } from '../modules/ident/index.js';
import type { OrderDeps } from '../modules/orders/index.js';
import { completeSignedCase, findOrder, openPrivate, type OrderRow, renderContract } from '../modules/orders/index.js';

import {
  buildSignedAttributes,
  checkCms,
  cmsSignatureAlgorithm,
  commonNameOf,
  completeTimestampedCms,
  createCscClient,
  createPkce,
  CredentialRefusal,
  credentialRefusalMessage,
  CscError,
  embedSignature,
  fillUserId,
  parseCertificate,
  prepareSignatureField,
  sha256Hex,
  signedBytes,
  verifyPdf,
  type CscCredential,
  type SignAlgorithm,
} from '../modules/signing/index.js';

/** What is kept with the case between the preparation and the signer's return (in the database). */
interface SigningContext {
  credentialID: string;
  byteRange: [number, number, number, number];
  /** Signer certificate first, then the chain (base64 DER), as the service named them. */
  certificates: string[];
  /** The identified person: the name the certificate must carry. */
  signerName: string;
  /**
   * The return address named in the authorization, which the code exchange must repeat: on the origin
   * the employee's browser came from. Absent in cases prepared before it was kept.
   */
  redirectUri?: string;
  /**
   * The PKCE verifier of the authorization (RFC 7636): kept here, in the database, so that whichever
   * instance the employee returns to can redeem the code. Absent in cases prepared before PKCE.
   */
  codeVerifier?: string;
  /** The algorithm chosen from the credential's key/algo (absent before: RSA PKCS#1 v1.5). */
  signAlgorithm?: SignAlgorithm;
  scal?: '1' | '2';
}

/** How long the prepared contract waits for the signer. */
const SIGNING_WINDOW_MS = 15 * 60 * 1000;

/** Where the service sends the signer back (one fixed path; `state` names the case). */
export const signatureReturnUrl = (origin: string) => `${origin}/v1/signature/return`;

/**
 * The identity provider's case id of the order's identification (step 3): what the signer's userID
 * template is usually filled with (ADR 0051). Null when the order has none.
 */
async function identificationOf(deps: OrderDeps, orderId: number): Promise<string | null> {
  const [found] = await deps.db
    .select({ providerCaseId: identCases.providerCaseId })
    .from(identCases)
    .where(and(eq(identCases.orderId, orderId), eq(identCases.kind, 'IDENT'), eq(identCases.status, 'SUCCEEDED')))
    .orderBy(desc(identCases.updatedAt))
    .limit(1);
  return found?.providerCaseId ?? null;
}

const NOT_IDENTIFIED =
  'Für diese Bestellung liegt keine abgeschlossene Identifikation vor. Bitte schließen Sie zuerst die Führerscheinprüfung ab.';

/** The person the order names (identified in the step before): the signature must be in this name. */
export function identifiedName(deps: OrderDeps, order: OrderRow): string {
  const { firstName, lastName } = openPrivate(deps.cipher, order).orderUserInfo.addressDto;
  return `${firstName} ${lastName}`.normalize('NFC');
}

function cscClient(deps: OrderDeps) {
  const config = deps.signing.csc;
  if (!config) throw new ProviderUnavailableError('Kein Signaturdienst konfiguriert');
  return createCscClient(config());
}

/**
 * Prepares the contract for the employee's signature and returns where the employee authorizes it.
 * The claimed case row keeps the prepared file; any fault leaves the step as it is.
 */
export async function startSignature(
  deps: OrderDeps,
  order: OrderRow,
  caseRowId: string,
  /** The origin the employee's browser is at (`OrderDeps.originOf`): the way back leads there. */
  origin: string,
): Promise<{ link: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const redirectUri = signatureReturnUrl(origin);
  const signerName = identifiedName(deps, order);
  const identCaseId = await identificationOf(deps, order.id);
  if (!identCaseId && deps.signing.userIds.signer.includes('{identCaseId}')) throw conflict(NOT_IDENTIFIED);
  const userID = fillUserId(deps.signing.userIds.signer, { identCaseId, userId: order.userId });
  try {
    const client = cscClient(deps);
    await deps.signing.enrol?.(userID, { commonName: signerName });
    // Checked before anything is prepared or anyone is sent to the service: a credential that cannot
    // sign now (disabled, revoked, expired, another authorization mode) is refused with its reason.
    const credential = await client.credentialFor(userID, { authMode: 'oauth2code', now });
    const prepared = await prepareSignatureField(await renderContract(deps, order, null), {
      signerName,
      signingTime: now,
      reason: `Überlassungsvertrag ${order.id}`,
      location: 'Deutschland',
    });
    const attributes = buildSignedAttributes({
      contentDigest: prepared.documentDigest,
      signerCertificate: credential.signerCertificate,
    });
    const pkce = createPkce();
    const link = await client.authorizationUrl({
      credential,
      hash: attributes.hashToSign,
      redirectUri,
      state: caseRowId,
      codeChallenge: pkce.challenge,
    });
    const context: SigningContext = {
      credentialID: credential.credentialID,
      byteRange: prepared.byteRange,
      certificates: [credential.signerCertificate, ...credential.chain].map((c) =>
        Buffer.from(c.toSchema().toBER()).toString('base64'),
      ),
      signerName,
      redirectUri,
      codeVerifier: pkce.verifier,
      signAlgorithm: credential.signAlgorithm,
      scal: credential.scal,
    };
    const expiresAt = new Date(now.getTime() + SIGNING_WINDOW_MS);
    await deps.db
      .update(identCases)
      .set({
        status: 'PENDING',
        link,
        expiresAt,
        preparedPdf: Buffer.from(prepared.pdf),
        signingContext: context,
        updatedAt: now,
      })
      .where(eq(identCases.id, caseRowId));
    await recordAudit(deps.db, {
      actorUserId: order.userId,
      tenantId: order.tenantId,
      action: 'order.contract.prepared',
      subjectType: 'order',
      subjectId: String(order.id),
      fields: [`sha256:${sha256Hex(prepared.pdf)}`],
      at: now,
    });
    return { link, expiresAt };
  } catch (error) {
    if (error instanceof CredentialRefusal) throw conflict(credentialRefusalMessage(error.reason, 'signer'));
    if (error instanceof CscError || error instanceof TypeError) {
      throw new ProviderUnavailableError(`Signaturdienst: ${error.message}`);
    }
    throw error;
  }
}

const MESSAGES = {
  refused:
    'Sie haben die Signatur beim Vertrauensdienst abgelehnt. Der Vertrag ist nicht unterschrieben; Sie können die Signatur erneut starten.',
  expired: 'Die Signaturanfrage ist abgelaufen. Bitte starten Sie die Signatur erneut.',
  service:
    'Der Vertrauensdienst hat die Signatur nicht ausgeführt. Der Vertrag ist nicht unterschrieben; bitte starten Sie die Signatur erneut.',
  mismatch:
    'Die vom Vertrauensdienst gelieferte Signatur passt nicht zu Ihrem Vertrag oder nicht zu Ihrer Person und wurde nicht angenommen. Bitte starten Sie die Signatur erneut oder wenden Sie sich an den Support.',
} as const;

export class SignatureFailedError extends AppError {
  constructor(
    message: string,
    readonly orderId: number,
  ) {
    super('CONFLICT', message);
  }
}

export interface SignatureReturn {
  state: string;
  code?: string | undefined;
  error?: string | undefined;
}

/**
 * The signer came back from the service: sign, check, and only then move the step. Any failure
 * closes the case with an audit line and a German message, and leaves the step unchanged.
 *
 * The return is a plain browser redirect without the app's bearer token: what authorizes it is the
 * unguessable `state` (the open case's id) and the service's code, which authorizes exactly the hash
 * of this case's prepared contract for the identified person's credential. Runs in the system's
 * scope (call it inside `runAsSystem`); the acts are recorded as the order's employee.
 */
export async function completeSignature(deps: OrderDeps, input: SignatureReturn): Promise<number> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(input.state)) {
    throw notFound('Signaturanfrage nicht gefunden');
  }
  const [row] = await deps.db
    .select()
    .from(identCases)
    .where(and(eq(identCases.id, input.state), eq(identCases.kind, 'SIGN')));
  if (!row) throw notFound('Signaturanfrage nicht gefunden');
  const order = await findOrder(deps.db, row.orderId);
  if (!order) throw notFound('Signaturanfrage nicht gefunden');
  const actor = { id: order.userId };
  if (row.status !== 'PENDING' || !row.preparedPdf || !row.signingContext) {
    if (order.signedAt) return order.id;
    throw conflict('Diese Signaturanfrage ist nicht mehr offen. Bitte starten Sie die Signatur erneut.');
  }
  const now = deps.clock.now();
  const fail = async (status: 'FAILED' | 'CANCELLED' | 'EXPIRED', reason: string, message: string) => {
    await deps.db
      .update(identCases)
      // The prepared contract (personal data) goes with the closed case; a new attempt prepares anew.
      .set({ status, updatedAt: now, preparedPdf: null, failureMessage: message })
      .where(and(eq(identCases.id, row.id), eq(identCases.status, 'PENDING')));
    await recordAudit(deps.db, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.signature.failed',
      subjectType: 'order',
      subjectId: String(order.id),
      fields: [reason.slice(0, 200)],
      at: now,
    });
    return new SignatureFailedError(message, order.id);
  };
  if (input.error) throw await fail('CANCELLED', `refused:${input.error}`, MESSAGES.refused);
  if (!row.expiresAt || row.expiresAt <= now) throw await fail('EXPIRED', 'expired', MESSAGES.expired);
  if (order.status !== 'NECT_SIGN' || !order.currentUserStepId) {
    throw conflict('Dieser Schritt ist nicht der aktuelle Schritt der Bestellung.');
  }
  const context = row.signingContext as SigningContext;
  const prepared = {
    pdf: new Uint8Array(row.preparedPdf),
    byteRange: context.byteRange,
    documentDigest: createHash('sha256').update(signedBytes(row.preparedPdf, context.byteRange)).digest(),
  };
  const [signerCertificate, ...chain] = context.certificates.map((b64) => parseCertificate(Buffer.from(b64, 'base64')));
  if (!signerCertificate) throw await fail('FAILED', 'no certificate', MESSAGES.service);
  // A case prepared before PKCE has no verifier to redeem its code with: it is started anew.
  if (!context.codeVerifier) throw await fail('EXPIRED', 'prepared without PKCE', MESSAGES.expired);
  const attributes = buildSignedAttributes({ contentDigest: prepared.documentDigest, signerCertificate });
  const credential: CscCredential = {
    credentialID: context.credentialID,
    signerCertificate,
    chain,
    signAlgorithm: context.signAlgorithm ?? { scheme: 'rsa-pkcs1', signAlgo: '1.2.840.113549.1.1.11' },
    authMode: 'oauth2code',
    scal: context.scal ?? '2',
    authObjectIds: [],
  };

  let signed: Buffer;
  let cms: Buffer;
  try {
    const client = cscClient(deps);
    const redirectUri = context.redirectUri ?? signatureReturnUrl(deps.publicUrl);
    const credentialToken = await client.exchangeCode({
      code: input.code ?? '',
      redirectUri,
      codeVerifier: context.codeVerifier,
    });
    const signatureValue = await client.signHash({
      credential,
      signedAttributes: attributes,
      authorization: { credentialToken },
    });
    cms = await completeTimestampedCms({
      signedAttributes: attributes,
      signatureValue,
      signatureAlgorithm: cmsSignatureAlgorithm(credential.signAlgorithm),
      signerCertificate,
      chain,
      timestampAuthority: (request) => client.timestamp(request),
    });
    signed = embedSignature(prepared, cms);
  } catch (error) {
    const expired = error instanceof CscError && error.code === 'invalid_grant';
    const reason = error instanceof Error ? error.message : String(error);
    throw await fail(expired ? 'EXPIRED' : 'FAILED', reason, expired ? MESSAGES.expired : MESSAGES.service);
  }

  // Never trust what comes back.
  const anchors = await deps.signing.trustAnchors();
  const check = await checkCms(cms, signedBytes(prepared.pdf, prepared.byteRange), anchors);
  const certifiedName = check.signerCertificate ? commonNameOf(check.signerCertificate).normalize('NFC') : '';
  const file = await verifyPdf(signed, anchors);
  const problem = !check.intact
    ? `signature: ${check.problem}`
    : !check.trusted
      ? check.problem
      : certifiedName !== context.signerName
        ? 'signer name differs from the identified person'
        : !file.valid || file.signatures.length !== 1 || !file.signatures[0]?.trusted
          ? `file: ${file.signatures[0]?.problem ?? 'no signature'}`
          : '';
  if (problem) throw await fail('FAILED', `rejected: ${problem}`, MESSAGES.mismatch);

  const stored = await completeSignedCase(deps, {
    order,
    caseRowId: row.id,
    signed,
    auditFields: [`prepared-sha256:${sha256Hex(prepared.pdf)}`, `sha256:${sha256Hex(signed)}`],
    now,
  });
  if (!stored) throw conflict('Dieser Schritt wurde bereits bearbeitet.');
  return order.id;
}
