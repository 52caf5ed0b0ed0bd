/**
 * A further signature field as an incremental update (PDF 32000-1, 7.5.6): the signed file stays byte
 * for byte as it was, and only the objects the new field adds or changes (signature dictionary,
 * widget, appearance, font, page annotations, AcroForm) are appended with their own xref section and
 * a trailer pointing back (/Prev). That is what keeps the employee's signature valid under the seal.
 */
import fontkit from '@pdf-lib/fontkit';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFString,
  degrees,
  drawText,
  rgb,
  type PDFObject,
} from 'pdf-lib';

import { loadFontBytes } from '../orders/contract-fonts.js';

import { sha256 } from './cades.js';
import { SIGNATURE_CONTENTS_BYTES, signedBytes, type PreparedSignature } from './pdf-signature-field.js';

const CONTENTS_HEX_CHARS = SIGNATURE_CONTENTS_BYTES * 2;

export interface IncrementalFieldInput {
  fieldName: string;
  /** Lines of the visible appearance, top to bottom. */
  lines: string[];
  signerName: string;
  signingTime: Date;
  reason: string;
  location: string;
  rect: [number, number, number, number];
  /** ETSI.CAdES.detached (a signature or seal) unless given, e.g. ETSI.RFC3161 for a document timestamp. */
  subFilter?: string;
}

function serialize(object: PDFObject): Buffer {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return Buffer.from(bytes);
}

function snapshot(doc: PDFDocument): Map<string, Buffer> {
  return new Map(doc.context.enumerateIndirectObjects().map(([ref, object]) => [ref.toString(), serialize(object)]));
}

function lastStartXref(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 2048))).toString('latin1');
  const matches = [...tail.matchAll(/startxref\s+(\d+)/g)];
  const value = matches.at(-1)?.[1];
  if (!value) throw new Error('no startxref');
  return Number(value);
}

/** Appends the changed and new objects of `doc` (against `before`) to `original` as one revision. */
function appendRevision(original: Uint8Array, doc: PDFDocument, before: Map<string, Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from(original)];
  let offset = original.length;
  const push = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buffer);
    offset += buffer.length;
  };
  if (original[original.length - 1] !== 0x0a) push('\n');
  const entries: { number: number; offset: number }[] = [];
  const objects = doc.context.enumerateIndirectObjects().sort(([a], [b]) => a.objectNumber - b.objectNumber);
  for (const [ref, object] of objects) {
    const bytes = serialize(object);
    const old = before.get(ref.toString());
    if (old?.equals(bytes)) continue;
    entries.push({ number: ref.objectNumber, offset });
    push(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    push(bytes);
    push('\nendobj\n');
  }
  const xrefAt = offset;
  let xref = 'xref\n';
  for (const entry of entries) {
    xref += `${entry.number} 1\n${String(entry.offset).padStart(10, '0')} 00000 n \n`;
  }
  const trailer = doc.context.trailerInfo;
  const info = trailer.Info instanceof PDFRef ? ` /Info ${trailer.Info.toString()}` : '';
  const root = trailer.Root instanceof PDFRef ? trailer.Root.toString() : doc.catalog.toString();
  push(xref);
  push(
    `trailer\n<< /Size ${doc.context.largestObjectNumber + 1} /Root ${root}${info} /Prev ${lastStartXref(original)} >>\n`,
  );
  push(`startxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(parts);
}

function fillByteRange(pdf: Buffer): [number, number, number, number] {
  const slot = `/${DEFAULT_BYTE_RANGE_PLACEHOLDER}`;
  const placeholder = `/ByteRange [ 0 ${slot} ${slot} ${slot} ]`;
  const at = pdf.lastIndexOf(placeholder);
  if (at < 0) throw new Error('byte range placeholder not found');
  const contents = pdf.indexOf('/Contents <', at);
  if (contents < 0) throw new Error('signature /Contents not found');
  const start = contents + '/Contents '.length;
  const end = start + CONTENTS_HEX_CHARS + 2;
  if (pdf[start] !== 0x3c || pdf[end - 1] !== 0x3e) throw new Error('unexpected /Contents placeholder');
  pdf.fill('0', start + 1, end - 1, 'latin1');
  const range: [number, number, number, number] = [0, start, end, pdf.length - end];
  const text = `/ByteRange [${range.join(' ')}]`;
  if (text.length > placeholder.length) throw new Error('byte range does not fit its placeholder');
  pdf.write(text.padEnd(placeholder.length, ' '), at, 'latin1');
  return range;
}

/** Adds a visible signature field on the last page as an incremental update over `pdfBytes`. */
export async function prepareIncrementalSignatureField(
  pdfBytes: Uint8Array,
  input: IncrementalFieldInput,
): Promise<PreparedSignature> {
  const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const before = snapshot(doc);
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont((await loadFontBytes()).regular, { subset: true });
  const page = doc.getPage(doc.getPageCount() - 1);
  pdflibAddPlaceholder({
    pdfPage: page,
    reason: input.reason,
    contactInfo: '',
    name: input.signerName,
    location: input.location,
    signingTime: input.signingTime,
    signatureLength: CONTENTS_HEX_CHARS,
    subFilter: input.subFilter ?? SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: input.rect,
  });
  const annots = page.node.lookup(PDFName.of('Annots'), PDFArray);
  const widgetRef = annots.get(annots.size() - 1);
  if (!(widgetRef instanceof PDFRef)) throw new Error('signature widget not found');
  const widget = doc.context.lookup(widgetRef, PDFDict);
  widget.set(PDFName.of('T'), PDFString.of(input.fieldName));
  const [x1, y1, x2, y2] = input.rect;
  const size = 9;
  const operators = input.lines.flatMap((line, index) =>
    drawText(font.encodeText(line), {
      color: rgb(0.1, 0.1, 0.3),
      font: 'F1',
      size,
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
      x: 4,
      y: y2 - y1 - (index + 1) * (size + 5),
    }),
  );
  // The font's objects are written on save: embed them now so they are part of this revision.
  await font.embed();
  const stream = doc.context.formXObject(operators, {
    BBox: [0, 0, x2 - x1, y2 - y1],
    Resources: { Font: { F1: font.ref } },
  });
  widget.set(PDFName.of('AP'), doc.context.obj({ N: doc.context.register(stream) }));
  const pdf = appendRevision(pdfBytes, doc, before);
  const byteRange = fillByteRange(pdf);
  return { pdf, byteRange, documentDigest: sha256(signedBytes(pdf, byteRange)) };
}
