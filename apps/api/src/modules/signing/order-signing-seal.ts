/**
 * The employer's countersignature: an electronic seal (certificate in the company's name) over the
 * employee-signed contract, as an incremental update that leaves the employee's signature valid, then
 * the long-term extension. Used by HR's approval and by the programme's automatic approval alike. The
 * seal credential has no person to send anywhere: the platform authorizes it itself at
 * `credentials/authorize` (explicit mode, the configured authData) and passes the SAD to `signHash`.
 * Knows no order: the approval (flows/approve-order.ts) hands it the file and the employer's name.
 */
import { AppError } from '../../lib/errors.js';

import { buildSignedAttributes } from './cades.js';
import { cmsSignatureAlgorithm } from './csc-algorithms.js';
import { createCscClient } from './csc-client.js';
import { CredentialRefusal, credentialRefusalMessage } from './csc-credential.js';
import { fillUserId } from './csc-user-ids.js';
import { longTermAuditFields, type SigningDeps } from './order-signing-deps.js';
import { prepareIncrementalField } from './incremental-signature-field.js';
import { completeTimestampedCms } from './pades.js';
import { embedSignature } from './pdf-signature-field.js';
import { verifyPdf } from './verify.js';

/** Right of the employee's field on the last page. */
const SEAL_RECT: [number, number, number, number] = [316, 56, 566, 122];

export interface SealedContract {
  pdf: Uint8Array;
  /** Audit fields: the SHA-256 of the sealed and of the final (long-term) version. */
  auditFields: string[];
  /** False when the long-term extension failed: the job `signing.long-term-retry` makes it later. */
  longTerm: boolean;
}

const sealFailed = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Das elektronische Siegel des Arbeitgebers konnte gerade nicht angebracht werden. Bitte versuchen Sie die Freigabe gleich noch einmal.',
  );

const formatBerlin = (at: Date) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' }).format(at);

/**
 * Seals the employee-signed contract in the employer's name and extends it for the long term. Any
 * fault (no signed contract, the service, a check of the result) throws: the approval does not happen.
 */
export async function sealContract(
  signing: SigningDeps,
  contract: {
    orderId: number;
    /** The employee-signed contract (the newest), null when there is none. */
    signed: Uint8Array | null;
    /** The employer, in whose name the seal is. */
    company: string;
    /** The employer's id: what the seal's userID template is filled with. */
    tenantId: string;
  },
  approval: { approverName: string; at: Date },
): Promise<SealedContract> {
  const { signed, company } = contract;
  const config = signing.csc;
  if (!signed || !config) throw sealFailed();
  try {
    const client = createCscClient(config());
    const userID = fillUserId(signing.userIds.seal, { tenantId: contract.tenantId });
    await signing.enrol?.(userID, { commonName: company, organization: company });
    const credential = await client.credentialFor(userID, { authMode: 'explicit', now: approval.at });
    const prepared = await prepareIncrementalField(signed, {
      fieldName: 'Siegel-Arbeitgeber',
      signer: {
        name: company,
        signingTime: approval.at,
        reason: `Freigabe des Überlassungsvertrags ${contract.orderId}`,
        location: 'Deutschland',
      },
      appearance: {
        rect: SEAL_RECT,
        lines: ['Elektronisch gesiegelt (Arbeitgeber)', company, approval.approverName, formatBerlin(approval.at)],
      },
    });
    const attributes = buildSignedAttributes({
      contentDigest: prepared.documentDigest,
      signerCertificate: credential.signerCertificate,
    });
    const sad = await client.authorizeCredential(credential, attributes.hashToSign);
    const signatureValue = await client.signHash({ credential, signedAttributes: attributes, authorization: { sad } });
    const cms = await completeTimestampedCms({
      signedAttributes: attributes,
      signatureValue,
      signatureAlgorithm: cmsSignatureAlgorithm(credential.signAlgorithm),
      signerCertificate: credential.signerCertificate,
      chain: credential.chain,
      timestampAuthority: (request) => client.timestamp(request),
    });
    const sealed = embedSignature(prepared, cms);
    // Never trust what comes back: both signatures intact and trusted, the seal in the company's name.
    const check = await verifyPdf(sealed, await signing.trustAnchors());
    const seal = check.signatures.at(-1);
    if (!check.valid || check.signatures.length < 2 || !check.signatures.every((s) => s.trusted)) {
      throw new Error(`sealed contract does not verify: ${check.signatures.map((s) => s.problem).join('; ')}`);
    }
    if (seal?.kind !== 'seal' || seal.signer.normalize('NFC') !== company.normalize('NFC')) {
      throw new Error('seal certificate not in the employer’s name');
    }
    // The sealed file is complete and valid (B-T); when the validation data cannot be fetched right now
    // (revocation service or TSA away), the approval keeps it, and the audit line names no LTA hash.
    const final = await signing.longTermExtension(sealed).catch(() => null);
    return {
      pdf: final ?? sealed,
      auditFields: longTermAuditFields(sealed, final ?? sealed),
      longTerm: final !== null,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Not a passing fault: HR reads what is wrong with the employer's seal credential.
    if (error instanceof CredentialRefusal)
      throw new AppError('CONFLICT', credentialRefusalMessage(error.reason, 'seal'));
    throw sealFailed();
  }
}
