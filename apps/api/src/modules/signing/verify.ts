/**
 * Verification of a signed PDF as anyone would do it, sharing nothing with how we signed: find every
 * signature dictionary (its /ByteRange, /Contents, /SubFilter, /M), check each CMS over the bytes of its
 * ranges, the chain to the trust anchors, and whether the last revision covers the whole file. A
 * document timestamp is recognised by `/SubFilter /ETSI.RFC3161`.
 */
import type * as pkijs from 'pkijs';

import { parseSignedData } from './cades.js';
import { checkCms, commonNameOf, isSealCertificate, signatureTimestampOf } from './verify-cms.js';

export type SignatureKind = 'signature' | 'seal' | 'timestamp';

export interface FoundSignature {
  byteRange: [number, number, number, number];
  cms: Buffer;
  subFilter: string;
  /** The dictionary's /M, when present. */
  claimedTime: Date | null;
}

export interface VerifiedSignature {
  signer: string;
  signedAt: string | null;
  kind: SignatureKind;
  coversWholeDocument: boolean;
  trusted: boolean;
  intact: boolean;
  problem: string;
}

export interface PdfVerification {
  valid: boolean;
  signatures: VerifiedSignature[];
}

export class NotAPdfError extends Error {
  constructor() {
    super('not a PDF');
    this.name = 'NotAPdfError';
  }
}

/** D:YYYYMMDDHHmmSS with an optional Z or ±HH'mm' offset (PDF 32000-1, 7.9.4). */
export function parsePdfDate(text: string): Date | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zone] = m;
  const offset = !zone || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The bytes a signature covers: both ranges, or null when the ranges do not fit the file. */
export function rangeBytes(pdf: Uint8Array, range: readonly number[]): Buffer | null {
  const [a, b, c, d] = range;
  if ([a, b, c, d].some((n) => n === undefined || !Number.isSafeInteger(n) || n < 0)) return null;
  const [start, firstLength, second, secondLength] = [a ?? 0, b ?? 0, c ?? 0, d ?? 0];
  if (start !== 0 || second < start + firstLength || second + secondLength > pdf.length) return null;
  return Buffer.concat([pdf.subarray(start, start + firstLength), pdf.subarray(second, second + secondLength)]);
}

/** Every signature dictionary of the file, in file order (= revision order for incremental updates). */
export function findSignatures(pdf: Uint8Array): FoundSignature[] {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const found: FoundSignature[] = [];
  const byteRangePattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (const match of text.matchAll(byteRangePattern)) {
    const byteRange = match.slice(1, 5).map(Number) as [number, number, number, number];
    const at = match.index;
    // The signature dictionary is one indirect object: look between its "obj" and "endobj".
    const objStart = text.lastIndexOf(' obj', at);
    const objEnd = text.indexOf('endobj', at);
    const dict = text.slice(objStart < 0 ? 0 : objStart, objEnd < 0 ? text.length : objEnd);
    // /Contents is the hex string exactly between the two ranges.
    const [, firstLength, second] = byteRange;
    const hex = text.slice(firstLength, second);
    if (!/^<[0-9a-fA-F\s]*>$/.test(hex)) continue;
    const cms = Buffer.from(hex.slice(1, -1).replace(/\s+/g, ''), 'hex');
    const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dict)?.[1] ?? '';
    const time = /\/M\s*\((D:[^)]+)\)/.exec(dict)?.[1];
    found.push({ byteRange, cms: stripPadding(cms), subFilter, claimedTime: time ? parsePdfDate(time) : null });
  }
  return found;
}

/** /Contents is zero-padded after the DER: cut it to the DER's own length. */
function stripPadding(cms: Buffer): Buffer {
  if (cms.length < 4 || cms[0] !== 0x30) return cms;
  const first = cms[1] ?? 0;
  if (first < 0x80) return cms.subarray(0, 2 + first);
  const lengthBytes = first & 0x7f;
  let length = 0;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + (cms[2 + i] ?? 0);
  return cms.subarray(0, Math.min(cms.length, 2 + lengthBytes + length));
}

async function verifyOne(
  pdf: Uint8Array,
  signature: FoundSignature,
  trustAnchors: pkijs.Certificate[],
): Promise<VerifiedSignature> {
  const isTimestamp = signature.subFilter === 'ETSI.RFC3161';
  const data = rangeBytes(pdf, signature.byteRange);
  const [, , second, secondLength] = signature.byteRange;
  const coversWholeDocument = second + secondLength === pdf.length;
  const base = { coversWholeDocument, signedAt: signature.claimedTime?.toISOString() ?? null };
  if (!data) {
    return {
      ...base,
      signer: '',
      kind: isTimestamp ? 'timestamp' : 'signature',
      trusted: false,
      intact: false,
      problem: 'range',
    };
  }
  const check = await checkCms(signature.cms, data, trustAnchors);
  const certificate = check.signerCertificate;
  const kind: SignatureKind = isTimestamp
    ? 'timestamp'
    : certificate && isSealCertificate(certificate)
      ? 'seal'
      : 'signature';
  let signedAt = isTimestamp ? (check.timestampTime?.toISOString() ?? null) : base.signedAt;
  let intact = check.intact;
  let trusted = check.trusted;
  let problem = check.problem;
  if (!isTimestamp && intact) {
    // B-T: the signature timestamp is over the signature value; its time is the proven signing time.
    const token = signatureTimestampOf(parseSignedData(signature.cms));
    if (token) {
      const value = parseSignedData(signature.cms).signerInfos[0]?.signature.valueBlock.valueHexView;
      const stamp = await checkCms(token, new Uint8Array(value ?? []), trustAnchors);
      intact = stamp.intact;
      trusted = trusted && stamp.trusted;
      if (!stamp.intact || !stamp.trusted) problem = `signature timestamp: ${stamp.problem}`;
      signedAt = stamp.timestampTime?.toISOString() ?? signedAt;
    }
  }
  return {
    ...base,
    signedAt,
    signer: certificate ? commonNameOf(certificate) : '',
    kind,
    trusted,
    intact,
    problem,
  };
}

/**
 * Every signature of the file checked. `valid` holds when there is at least one signature, each is
 * intact, and the last one covers the whole file (nothing unsigned appended after it).
 */
export async function verifyPdf(pdf: Uint8Array, trustAnchors: pkijs.Certificate[]): Promise<PdfVerification> {
  if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new NotAPdfError();
  const signatures = await Promise.all(findSignatures(pdf).map((s) => verifyOne(pdf, s, trustAnchors)));
  const last = signatures.at(-1);
  const valid = signatures.length > 0 && signatures.every((s) => s.intact) && last?.coversWholeDocument === true;
  return { valid, signatures };
}
