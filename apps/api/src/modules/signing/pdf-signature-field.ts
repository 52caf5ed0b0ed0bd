/**
 * The PDF side of a PAdES signature: a signature field with a visible appearance and a placeholder for the
 * CMS, the byte ranges the signature covers, and the embedding of the finished CMS.
 *
 * The flow is split in two on purpose: a remote signer (CSC `signHash`) needs the document's digest first
 * and answers later, so `prepareSignatureField` returns the prepared bytes and their digest, and
 * `embedSignature` puts the CMS into exactly those bytes afterwards. Later revisions (a countersignature,
 * DSS, a document timestamp) are incremental updates on top of the returned bytes.
 */
import fontkit from '@pdf-lib/fontkit';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFArray, PDFDict, PDFDocument, PDFInvalidObject, PDFName, PDFRef, degrees, drawText, rgb } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';

import { loadFontBytes } from '../contract/index.js';

import { sha256 } from './cades.js';

/** Room for the DER CMS: signer and CA certificates plus a timestamp token with its own chain. */
export const SIGNATURE_CONTENTS_BYTES = 16_384;

/** The text every visible signature carries (the product's wording for a qualified signature). */
export const QUALIFIED_SIGNATURE_LABEL = 'Qualifiziert elektronisch signiert';

export interface SignatureFieldInput {
  signerName: string;
  signingTime: Date;
  reason: string;
  location: string;
  /** Page index (0-based); the last page by default, where the contract's signature lines are. */
  pageIndex?: number;
  /** [x1, y1, x2, y2] in PDF points. */
  rect?: [number, number, number, number];
}

export interface PreparedSignature {
  /** The PDF with the field and a zero-filled /Contents; signed over `byteRange`. */
  pdf: Uint8Array;
  byteRange: [number, number, number, number];
  /** SHA-256 over the bytes of `byteRange`: the messageDigest of the CMS. */
  documentDigest: Buffer;
}

const DEFAULT_RECT: [number, number, number, number] = [56, 56, 306, 116];
/** DocMDP P=2: filling in forms and signing may follow the signature, nothing else. */
export const DOC_MDP_FILL_IN_AND_SIGN = 2;
const APPEARANCE_FONT = 'F1';

function formatSigningTime(at: Date): string {
  // Europe/Berlin wall time: what the employee reads on the contract.
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

/**
 * A form XObject showing `lines` top to bottom in a field of `rect`, for the widget's /AP /N: so every
 * viewer shows the signature the same way, whether or not it draws signature fields itself.
 */
export function signatureAppearance(
  doc: PDFDocument,
  font: PDFFont,
  rect: readonly [number, number, number, number],
  lines: readonly string[],
): PDFRef {
  const [x1, y1, x2, y2] = rect;
  const height = y2 - y1;
  const size = 9;
  const operators = lines.flatMap((line, index) =>
    drawText(font.encodeText(line), {
      color: rgb(0.1, 0.1, 0.3),
      font: APPEARANCE_FONT,
      size,
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
      x: 4,
      y: height - (index + 1) * (size + 5),
    }),
  );
  const stream = doc.context.formXObject(operators, {
    BBox: [0, 0, x2 - x1, height],
    Resources: { Font: { [APPEARANCE_FONT]: font.ref } },
  });
  return doc.context.register(stream);
}

/** Draws the field's three lines into its appearance stream (/AP /N). */
function setVisibleAppearance(doc: PDFDocument, widgetRef: PDFRef, font: PDFFont, input: SignatureFieldInput) {
  const lines = [QUALIFIED_SIGNATURE_LABEL, input.signerName, formatSigningTime(input.signingTime)];
  const appearance = signatureAppearance(doc, font, input.rect ?? DEFAULT_RECT, lines);
  doc.context.lookup(widgetRef, PDFDict).set(PDFName.of('AP'), doc.context.obj({ N: appearance }));
}

/**
 * Makes the signature a certification signature (PDF 32000-1, 12.8.2.2): DocMDP with P=2, so later
 * revisions may only fill in and sign form fields; every reader flags anything else as a change
 * after signing. The seal, the DSS and the document timestamp are such permitted revisions.
 */
function certifyWithDocMdp(doc: PDFDocument, widgetRef: PDFRef): void {
  const signatureRef = doc.context.lookup(widgetRef, PDFDict).get(PDFName.of('V'));
  if (!(signatureRef instanceof PDFRef)) throw new Error('signature dictionary not found');
  const transform = doc.context.obj({
    Type: 'SigRef',
    TransformMethod: 'DocMDP',
    TransformParams: { Type: 'TransformParams', P: DOC_MDP_FILL_IN_AND_SIGN, V: '1.2' },
  });
  // The placeholder keeps the signature dictionary as raw bytes (its /ByteRange slots are names): the
  // reference goes in as text before the dictionary's end.
  const placeholder = doc.context.lookup(signatureRef);
  if (!(placeholder instanceof PDFInvalidObject)) throw new Error('unexpected signature dictionary');
  const raw = new Uint8Array(placeholder.sizeInBytes());
  placeholder.copyBytesInto(raw, 0);
  const text = Buffer.from(raw).toString('latin1');
  const end = text.lastIndexOf('>>');
  const certified = `${text.slice(0, end)}/Reference [${transform.toString()}]\n${text.slice(end)}`;
  doc.context.assign(signatureRef, PDFInvalidObject.of(Buffer.from(certified, 'latin1')));
  doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ DocMDP: signatureRef }));
}

function findSignatureWidget(doc: PDFDocument, pageIndex: number): PDFRef {
  const annots = doc.getPage(pageIndex).node.lookup(PDFName.of('Annots'), PDFArray);
  const last = annots.get(annots.size() - 1);
  if (!(last instanceof PDFRef)) throw new Error('signature widget not found');
  return last;
}

/**
 * Replaces the last byte-range placeholder of the file with the real ranges around the /Contents that
 * follows it (same length, padded) and fills /Contents with '0' hex digits, so the prepared file is a
 * well-formed PDF already. `contentsBytes` is the room reserved for the DER value.
 */
export function fillByteRange(pdf: Buffer, contentsBytes: number): [number, number, number, number] {
  const slot = `/${DEFAULT_BYTE_RANGE_PLACEHOLDER}`;
  const placeholder = `/ByteRange [ 0 ${slot} ${slot} ${slot} ]`;
  const at = pdf.lastIndexOf(placeholder);
  if (at < 0) throw new Error('byte range placeholder not found');
  const contents = pdf.indexOf('/Contents <', at);
  if (contents < 0) throw new Error('signature /Contents not found');
  const start = contents + '/Contents '.length;
  const end = start + contentsBytes * 2 + 2;
  if (pdf[start] !== 0x3c || pdf[end - 1] !== 0x3e) throw new Error('unexpected /Contents placeholder');
  pdf.fill('0', start + 1, end - 1, 'latin1');
  const range: [number, number, number, number] = [0, start, end, pdf.length - end];
  const text = `/ByteRange [${range.join(' ')}]`;
  if (text.length > placeholder.length) throw new Error('byte range does not fit its placeholder');
  pdf.write(text.padEnd(placeholder.length, ' '), at, 'latin1');
  return range;
}

export function signedBytes(pdf: Uint8Array, range: readonly number[]): Buffer {
  const [a = 0, b = 0, c = 0, d = 0] = range;
  return Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
}

/** Adds a visible signature field with a placeholder (PAdES: /SubFilter /ETSI.CAdES.detached). */
export async function prepareSignatureField(
  pdfBytes: Uint8Array,
  input: SignatureFieldInput,
): Promise<PreparedSignature> {
  const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont((await loadFontBytes()).regular, { subset: true });
  const pageIndex = input.pageIndex ?? doc.getPageCount() - 1;
  pdflibAddPlaceholder({
    pdfPage: doc.getPage(pageIndex),
    reason: input.reason,
    contactInfo: '',
    name: input.signerName,
    location: input.location,
    signingTime: input.signingTime,
    signatureLength: SIGNATURE_CONTENTS_BYTES * 2,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: input.rect ?? DEFAULT_RECT,
  });
  const widget = findSignatureWidget(doc, pageIndex);
  setVisibleAppearance(doc, widget, font, input);
  certifyWithDocMdp(doc, widget);
  const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
  const byteRange = fillByteRange(pdf, SIGNATURE_CONTENTS_BYTES);
  return { pdf, byteRange, documentDigest: sha256(signedBytes(pdf, byteRange)) };
}

/**
 * Writes the DER value (a CMS, or an RFC 3161 token for a document timestamp) into the prepared
 * /Contents; the signed ranges stay byte for byte as prepared.
 */
export function embedSignature(prepared: PreparedSignature, der: Uint8Array): Buffer {
  const hex = Buffer.from(der).toString('hex');
  const [, contentsStart, contentsEnd] = prepared.byteRange;
  if (hex.length > contentsEnd - contentsStart - 2) throw new Error('signature larger than the reserved /Contents');
  const pdf = Buffer.from(prepared.pdf);
  pdf.write(hex, contentsStart + 1, 'latin1');
  return pdf;
}
