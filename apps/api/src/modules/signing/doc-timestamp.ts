/**
 * The document timestamp (PAdES B-LTA, ETSI EN 319 142-1 5.4.3): a signature field whose value is an
 * RFC 3161 time-stamp token over the byte ranges (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161),
 * appended as the file's last incremental revision, so the whole file, DSS included, is covered.
 * `prepareIncrementalField` is the same mechanism for any further invisible signature field.
 */
import { PDFHexString, PDFName, PDFNumber, PDFString, type PDFRef } from 'pdf-lib';

import { sha256 } from './cades.js';
import { addObject, catalogRef, dictEntry, openRevision, pushToArray, writeRevision } from './long-term-revision.js';
import { signedBytes, type PreparedSignature } from './pdf-signature-field.js';
import type { TimestampAuthority } from './pades.js';
import { acceptTimestampResponse, buildTimestampRequest } from './timestamp.js';

/** Room for the DER token: the TSA's signature with its certificate chain. */
export const DOC_TIMESTAMP_CONTENTS_BYTES = 16_384;

const RANGE_SLOT = '**********';

export interface IncrementalFieldInput {
  /** Field name (/T), unique in the document. */
  fieldName: string;
  type: 'DocTimeStamp' | 'Sig';
  subFilter: 'ETSI.RFC3161' | 'ETSI.CAdES.detached';
  /** /M of the signature dictionary (not for a document timestamp: its time is in the token). */
  signingTime?: Date;
  contentsBytes?: number;
}

function pdfDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `D:${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(
    at.getUTCMinutes(),
  )}${pad(at.getUTCSeconds())}Z`;
}

/** Puts the real byte ranges around /Contents into the last placeholder of the file. */
function fillByteRange(pdf: Buffer, from: number, contentsBytes: number): [number, number, number, number] {
  const placeholder = `/ByteRange [ 0 /${RANGE_SLOT} /${RANGE_SLOT} /${RANGE_SLOT} ]`;
  const at = pdf.indexOf(placeholder, from);
  if (at < 0) throw new Error('byte range placeholder not found');
  const contents = pdf.indexOf('/Contents <', from);
  if (contents < 0) throw new Error('/Contents placeholder not found');
  const start = contents + '/Contents '.length;
  const end = start + contentsBytes * 2 + 2;
  if (pdf[start] !== 0x3c || pdf[end - 1] !== 0x3e) throw new Error('unexpected /Contents placeholder');
  const range: [number, number, number, number] = [0, start, end, pdf.length - end];
  const text = `/ByteRange [${range.join(' ')}]`;
  if (text.length > placeholder.length) throw new Error('byte range does not fit its placeholder');
  pdf.write(text.padEnd(placeholder.length, ' '), at, 'latin1');
  return range;
}

/**
 * Appends an invisible signature field (widget with an empty /Rect on the first page) with a
 * zero-filled /Contents as a new revision; returns the bytes, the ranges and their SHA-256.
 */
export async function prepareIncrementalField(
  pdf: Uint8Array,
  input: IncrementalFieldInput,
): Promise<PreparedSignature> {
  const revision = await openRevision(pdf);
  const { doc } = revision;
  const { context } = doc;
  const contentsBytes = input.contentsBytes ?? DOC_TIMESTAMP_CONTENTS_BYTES;
  const slot = PDFName.of(RANGE_SLOT);
  const signature = context.obj({
    Type: input.type,
    Filter: 'Adobe.PPKLite',
    SubFilter: input.subFilter,
    ByteRange: [PDFNumber.of(0), slot, slot, slot],
    Contents: PDFHexString.of('0'.repeat(contentsBytes * 2)),
    ...(input.signingTime ? { M: PDFString.of(pdfDate(input.signingTime)) } : {}),
  });
  const signatureRef = addObject(revision, signature);
  const page = doc.getPage(0);
  const pageRef: PDFRef = page.ref;
  const widgetRef = addObject(
    revision,
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      // Print | Locked: no appearance to show, nothing to edit.
      F: 132,
      T: PDFString.of(input.fieldName),
      V: signatureRef,
      P: pageRef,
    }),
  );
  pushToArray(revision, page.node, pageRef, 'Annots', widgetRef);
  const acroForm = dictEntry(revision, catalogRef(doc), 'AcroForm');
  pushToArray(revision, acroForm.dict, acroForm.holder, 'Fields', widgetRef);
  // SignaturesExist | AppendOnly (12.7.2): viewers must save further changes incrementally.
  acroForm.dict.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  revision.touched.add(acroForm.holder);

  const out = writeRevision(revision);
  const byteRange = fillByteRange(out, pdf.length, contentsBytes);
  return { pdf: out, byteRange, documentDigest: sha256(signedBytes(out, byteRange)) };
}

/** Writes DER into the prepared /Contents (the signed ranges stay as prepared). */
export function embedContents(prepared: PreparedSignature, der: Uint8Array): Buffer {
  const hex = Buffer.from(der).toString('hex');
  const [, contentsStart = 0, contentsEnd = 0] = prepared.byteRange;
  if (hex.length > contentsEnd - contentsStart - 2) throw new Error('token larger than the reserved /Contents');
  const out = Buffer.from(prepared.pdf);
  out.write(hex, contentsStart + 1, 'latin1');
  return out;
}

/** Adds a document timestamp as the last revision: the TSA's token over the whole file's byte ranges. */
export async function addDocumentTimestamp(
  pdf: Uint8Array,
  timestampAuthority: TimestampAuthority,
  fieldName = `DocumentTimestamp${Date.now()}`,
): Promise<Buffer> {
  const prepared = await prepareIncrementalField(pdf, { fieldName, type: 'DocTimeStamp', subFilter: 'ETSI.RFC3161' });
  const request = buildTimestampRequest(signedBytes(prepared.pdf, prepared.byteRange));
  const token = acceptTimestampResponse(await timestampAuthority(request.der), request);
  return embedContents(prepared, token);
}
