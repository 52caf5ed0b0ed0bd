/**
 * Verification of a signed PDF as anyone would do it, sharing nothing with how we signed (ADR 0047):
 * the file's revisions from its cross references, every signature dictionary in them, each CMS over the
 * bytes of its ranges, a path to the trust anchors, and what every revision after a signature changed.
 * `valid` means: every signature intact with ranges that fit its revision, no revision after the first
 * signature changes more than PAdES allows to follow one, and the last revision is covered by a trusted
 * signature or document timestamp. Every step is bounded by the size of the file.
 */
import { createHash, type X509Certificate } from 'node:crypto';

import type * as pkijs from 'pkijs';

import { parseSignedData } from './cades.js';
import { PdfStructureError } from './pdf-structure-lexer.js';
import { PdfObjects, readPdfStructure, type PdfStructure } from './pdf-structure.js';
import { checkCmsOver, commonNameOf, isSealCertificate, signatureTimestampOf, x509Anchors } from './verify-cms.js';
import { MAX_SIGNATURES, findSignatures, type FoundSignature } from './verify-found.js';
import { forbiddenChanges, type Change } from './verify-revisions.js';

export { parsePdfDate, type FoundSignature } from './verify-found.js';

export type SignatureKind = 'signature' | 'seal' | 'timestamp';

export type RevisionProblem =
  'byteRangeInvalid' | 'signatureNotIntact' | 'modifiedAfterSigning' | 'untrustedLastRevision' | 'unsignedLastRevision';

export type DocumentProblem = 'structureUnreadable' | 'tooManySignatures' | 'bytesAfterLastRevision';

export interface VerifiedSignature {
  signer: string;
  signedAt: string | null;
  kind: SignatureKind;
  /** The revision (1-based) this signature covers. */
  revision: number;
  coversWholeDocument: boolean;
  trusted: boolean;
  intact: boolean;
  /** /P of the DocMDP transform when this is a certification signature. */
  docMdp: number | null;
  problem: string;
}

export interface RevisionFinding {
  revision: number;
  problems: RevisionProblem[];
  /** What this revision changed that may not follow a signature. */
  changes: Change[];
  /** The signer of the latest signature before this revision, when there is one. */
  changedAfter: string | null;
}

export interface PdfVerification {
  valid: boolean;
  signatures: VerifiedSignature[];
  revisions: RevisionFinding[];
  problems: DocumentProblem[];
}

export class NotAPdfError extends Error {
  constructor() {
    super('not a PDF');
    this.name = 'NotAPdfError';
  }
}

/** The digest of both ranges, hashed in place (no copy of the file), per algorithm once. */
function rangeDigest(pdf: Uint8Array, range: readonly number[]): (algorithm: string) => Buffer {
  const [a = 0, b = 0, c = 0, d = 0] = range;
  const digests = new Map<string, Buffer>();
  return (algorithm) => {
    const known = digests.get(algorithm);
    if (known) return known;
    const digest = createHash(algorithm)
      .update(pdf.subarray(a, a + b))
      .update(pdf.subarray(c, c + d))
      .digest();
    digests.set(algorithm, digest);
    return digest;
  };
}

function kindOf(signature: FoundSignature, certificate: pkijs.Certificate | null): SignatureKind {
  if (signature.subFilter === 'ETSI.RFC3161') return 'timestamp';
  return certificate && isSealCertificate(certificate) ? 'seal' : 'signature';
}

/** B-T: the signature timestamp is over the signature value; its time is the proven signing time. */
function withSignatureTimestamp(cms: Buffer, anchors: readonly X509Certificate[], now: Date) {
  const signedData = parseSignedData(cms);
  const token = signatureTimestampOf(signedData);
  if (!token) return null;
  const value = new Uint8Array(signedData.signerInfos[0]?.signature.valueBlock.valueHexView ?? []);
  return checkCmsOver(token, (hash) => createHash(hash).update(value).digest(), anchors, now);
}

function verifyOne(pdf: Uint8Array, signature: FoundSignature, anchors: readonly X509Certificate[], now: Date) {
  const [, , second, secondLength] = signature.byteRange;
  const base = {
    revision: signature.revision,
    coversWholeDocument: second + secondLength === pdf.length,
    docMdp: signature.docMdp,
  };
  if (signature.cms.length === 0 || second + secondLength > pdf.length) {
    return {
      ...base,
      signer: '',
      signedAt: null,
      kind: kindOf(signature, null),
      trusted: false,
      intact: false,
      problem: 'range',
    };
  }
  const check = checkCmsOver(signature.cms, rangeDigest(pdf, signature.byteRange), anchors, now);
  const kind = kindOf(signature, check.signerCertificate);
  let signedAt =
    kind === 'timestamp'
      ? (check.timestampTime?.toISOString() ?? null)
      : (signature.claimedTime?.toISOString() ?? null);
  let { intact, trusted, problem } = check;
  const stamp = kind !== 'timestamp' && intact ? withSignatureTimestamp(signature.cms, anchors, now) : null;
  if (stamp) {
    intact = stamp.intact;
    trusted = trusted && stamp.trusted;
    if (!stamp.intact || !stamp.trusted) problem = `signature timestamp: ${stamp.problem}`;
    signedAt = stamp.timestampTime?.toISOString() ?? signedAt;
  }
  const signer = check.signerCertificate ? commonNameOf(check.signerCertificate) : '';
  return { ...base, signer, signedAt, kind, trusted, intact, problem };
}

function revisionFindings(
  structure: PdfStructure,
  objects: PdfObjects,
  signatures: VerifiedSignature[],
  found: FoundSignature[],
) {
  const firstSigned = Math.min(...signatures.map((s) => s.revision));
  const last = structure.revisions.length;
  return structure.revisions.map(({ number }): RevisionFinding => {
    const own = signatures.filter((s) => s.revision === number);
    const problems: RevisionProblem[] = [];
    if (found.some((f) => f.revision === number && !f.byteRangeFits)) problems.push('byteRangeInvalid');
    if (own.some((s) => !s.intact)) problems.push('signatureNotIntact');
    const changes = number > firstSigned ? forbiddenChanges(structure, objects, number) : [];
    if (changes.length > 0) problems.push('modifiedAfterSigning');
    if (number === last && own.length === 0) problems.push('unsignedLastRevision');
    else if (number === last && !own.some((s) => s.intact && s.trusted)) problems.push('untrustedLastRevision');
    const before = signatures.filter((s) => s.revision < number && s.kind !== 'timestamp').at(-1);
    return { revision: number, problems, changes, changedAfter: before?.signer ?? null };
  });
}

const unreadable = (problem: DocumentProblem): PdfVerification => ({
  valid: false,
  signatures: [],
  revisions: [],
  problems: [problem],
});

/** Every signature of the file checked against node certificates as trust anchors (synchronous). */
export function verifyPdfBytes(
  pdf: Uint8Array,
  anchors: readonly X509Certificate[],
  now = new Date(),
): PdfVerification {
  if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new NotAPdfError();
  try {
    const structure = readPdfStructure(pdf);
    const objects = new PdfObjects(structure);
    const found = findSignatures(structure, objects);
    if (found.length > MAX_SIGNATURES) return unreadable('tooManySignatures');
    const signatures = found.map((signature) => verifyOne(pdf, signature, anchors, now));
    if (signatures.length === 0) return { valid: false, signatures, revisions: [], problems: [] };
    const revisions = revisionFindings(structure, objects, signatures, found);
    const problems: DocumentProblem[] = structure.trailingBytes > 0 ? ['bytesAfterLastRevision'] : [];
    const valid = problems.length === 0 && revisions.every((r) => r.problems.length === 0);
    return { valid, signatures, revisions, problems };
  } catch (error) {
    if (error instanceof PdfStructureError) return unreadable('structureUnreadable');
    throw error;
  }
}

/** `verifyPdfBytes` with the platform's trust anchors as loaded from configuration. */
export function verifyPdf(pdf: Uint8Array, trustAnchors: pkijs.Certificate[]): Promise<PdfVerification> {
  return Promise.resolve().then(() => verifyPdfBytes(pdf, x509Anchors(trustAnchors)));
}
