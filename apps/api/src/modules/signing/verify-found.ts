/**
 * The signature dictionaries of a PDF, found through its structure (`pdf-structure.ts`): every object
 * a revision defines is read once, and those with a /ByteRange and a /Contents are signatures (or,
 * with /SubFilter /ETSI.RFC3161, document timestamps) of that revision. The CMS is the hex string that
 * fills the gap between the two ranges; a gap that is not exactly the dictionary's /Contents is kept
 * as such and reported, not repaired.
 */
import { isDict, isRef, isString, nameOf, type PdfDict, type PdfValue } from './pdf-structure-lexer.js';
import type { PdfObjects, PdfStructure, Revision } from './pdf-structure.js';

/** At most this many signatures are checked; a file with more is refused as a whole. */
export const MAX_SIGNATURES = 20;

export interface FoundSignature {
  /** The revision (1-based) whose objects hold the signature dictionary. */
  revision: number;
  byteRange: [number, number, number, number];
  /** The DER value (CMS or RFC 3161 token) without the zero padding; empty when the gap is not /Contents. */
  cms: Buffer;
  subFilter: string;
  /** The dictionary's /M, when present. */
  claimedTime: Date | null;
  /** /P of a DocMDP transform (a certification signature), else null. */
  docMdp: number | null;
  /** The ranges start at 0, surround /Contents exactly and end where the revision ends. */
  byteRangeFits: boolean;
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

function byteRangeOf(value: PdfValue | undefined): [number, number, number, number] | null {
  if (!Array.isArray(value) || value.length !== 4) return null;
  if (!value.every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0)) return null;
  return value as [number, number, number, number];
}

function docMdpOf(objects: PdfObjects, dict: PdfDict, upTo: number): number | null {
  const references = objects.resolve(dict.get('Reference'), upTo);
  if (!Array.isArray(references)) return null;
  for (const item of references) {
    const reference = objects.resolve(item, upTo);
    if (!isDict(reference) || nameOf(reference.get('TransformMethod')) !== 'DocMDP') continue;
    const params = objects.resolve(reference.get('TransformParams'), upTo);
    const permissions = isDict(params) ? params.get('P') : undefined;
    return typeof permissions === 'number' ? permissions : 2;
  }
  return null;
}

/** The hex string between the ranges, when it is exactly the dictionary's /Contents. */
function contentsInGap(bytes: Uint8Array, range: readonly number[], contents: PdfValue | undefined): Buffer | null {
  const [, gapStart = 0, gapEnd = 0] = range;
  if (!isString(contents) || !contents.hex || gapEnd <= gapStart + 1 || gapEnd > bytes.length) return null;
  if (bytes[gapStart] !== 0x3c || bytes[gapEnd - 1] !== 0x3e) return null;
  const hex = Buffer.from(bytes.subarray(gapStart + 1, gapEnd - 1)).toString('latin1');
  if (hex !== contents.source || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  return Buffer.from(hex, 'hex');
}

function signatureIn(bytes: Uint8Array, objects: PdfObjects, revision: Revision, dict: PdfDict): FoundSignature | null {
  const byteRange = byteRangeOf(dict.get('ByteRange'));
  const contents = dict.get('Contents');
  if (!byteRange || !isString(contents)) return null;
  const cms = contentsInGap(bytes, byteRange, contents);
  const [start, , second, secondLength] = byteRange;
  const end = second + secondLength;
  const time = dict.get('M');
  return {
    revision: revision.number,
    byteRange,
    cms: cms ? stripPadding(cms) : Buffer.alloc(0),
    subFilter: nameOf(dict.get('SubFilter')) ?? '',
    claimedTime: isString(time) && !time.hex ? parsePdfDate(time.source) : null,
    docMdp: docMdpOf(objects, dict, revision.number),
    byteRangeFits: cms !== null && start === 0 && (end === revision.end || end === revision.endBeforeEol),
  };
}

/**
 * Every signature dictionary, in revision order; stops after MAX_SIGNATURES + 1 (the caller refuses
 * the file then). Objects are read without being kept: a scan over every object keeps only signatures.
 */
export function findSignatures(structure: PdfStructure, objects: PdfObjects): FoundSignature[] {
  const found: FoundSignature[] = [];
  const seenRanges = new Set<string>();
  for (const revision of structure.revisions) {
    for (const [num, entry] of revision.entries) {
      if (entry.type !== 'offset' || num === 0) continue;
      const object = objects.at(entry.offset, false);
      if (!object || object.stream || !isDict(object.value) || !object.value.has('ByteRange')) continue;
      const signature = signatureIn(structure.lexer.bytes, objects, revision, object.value);
      const key = signature?.byteRange.join(' ') ?? '';
      if (!signature || seenRanges.has(key) || isRef(object.value.get('ByteRange'))) continue;
      seenRanges.add(key);
      found.push(signature);
      if (found.length > MAX_SIGNATURES) return found;
    }
  }
  return found.sort((a, b) => a.revision - b.revision || a.byteRange[2] - b.byteRange[2]);
}
