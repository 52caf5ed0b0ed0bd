/**
 * Incremental updates (PDF 32000-1, 7.5.6) for the long-term-validation revisions: the existing file
 * stays byte for byte as it is, the changed and new objects are appended with their own cross-reference
 * section and a trailer pointing back (/Prev). Signatures over earlier revisions stay valid.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, type PDFObject } from 'pdf-lib';

export interface OpenRevision {
  doc: PDFDocument;
  original: Uint8Array;
  /** Objects to write into the new revision (changed ones and new ones). */
  touched: Set<PDFRef>;
}

export async function openRevision(pdf: Uint8Array): Promise<OpenRevision> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return { doc, original: pdf, touched: new Set() };
}

/** Registers a new indirect object and marks it for the revision. */
export function addObject(revision: OpenRevision, object: PDFObject): PDFRef {
  const ref = revision.doc.context.register(object);
  revision.touched.add(ref);
  return ref;
}

export function catalogRef(doc: PDFDocument): PDFRef {
  const root = doc.context.trailerInfo.Root;
  if (!(root instanceof PDFRef)) throw new Error('PDF trailer without /Root reference');
  return root;
}

/**
 * The dictionary under `key` of `owner` (an indirect object), created when absent; returns it and the
 * indirect object that must be rewritten when it changes (itself when indirect, else the owner).
 */
export function dictEntry(revision: OpenRevision, ownerRef: PDFRef, key: string): { dict: PDFDict; holder: PDFRef } {
  const { context } = revision.doc;
  const owner = context.lookup(ownerRef, PDFDict);
  const value = owner.get(PDFName.of(key));
  if (value instanceof PDFRef) return { dict: context.lookup(value, PDFDict), holder: value };
  if (value instanceof PDFDict) return { dict: value, holder: ownerRef };
  const created = context.obj({});
  const ref = addObject(revision, created);
  owner.set(PDFName.of(key), ref);
  revision.touched.add(ownerRef);
  return { dict: created, holder: ref };
}

/** Appends `item` to the array under `key` in `dict` (whose indirect holder is `holder`). */
export function pushToArray(revision: OpenRevision, dict: PDFDict, holder: PDFRef, key: string, item: PDFObject) {
  const { context } = revision.doc;
  const value = dict.get(PDFName.of(key));
  if (value instanceof PDFRef) {
    context.lookup(value, PDFArray).push(item);
    revision.touched.add(value);
    return;
  }
  if (value instanceof PDFArray) value.push(item);
  else dict.set(PDFName.of(key), context.obj([item]));
  revision.touched.add(holder);
}

function serialize(object: PDFObject): Buffer {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return Buffer.from(bytes);
}

export function lastStartXref(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 1024))).toString('latin1');
  const value = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1];
  if (!value) throw new Error('PDF without startxref');
  return Number(value);
}

/** The original bytes followed by the touched objects, an xref section and a trailer with /Prev. */
export function writeRevision(revision: OpenRevision): Buffer {
  const { doc, original } = revision;
  const chunks: Buffer[] = [Buffer.from(original)];
  let offset = original.length;
  if (original[original.length - 1] !== 0x0a) {
    chunks.push(Buffer.from('\n'));
    offset += 1;
  }
  const refs = [...revision.touched].sort((a, b) => a.objectNumber - b.objectNumber);
  const offsets = new Map<number, { offset: number; generation: number }>();
  for (const ref of refs) {
    const object = doc.context.lookup(ref);
    if (!object) throw new Error(`object ${ref.toString()} missing`);
    const bytes = Buffer.concat([
      Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'),
      serialize(object),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.set(ref.objectNumber, { offset, generation: ref.generationNumber });
    chunks.push(bytes);
    offset += bytes.length;
  }
  const xrefAt = offset;
  const lines = ['xref'];
  // Subsections of consecutive object numbers (7.5.4).
  const subsections: { start: number; entries: string[] }[] = [];
  for (const ref of refs) {
    const entry = offsets.get(ref.objectNumber);
    if (!entry) continue;
    const line = `${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n\r`;
    const current = subsections.at(-1);
    if (current && current.start + current.entries.length === ref.objectNumber) current.entries.push(line);
    else subsections.push({ start: ref.objectNumber, entries: [line] });
  }
  for (const { start, entries } of subsections) lines.push(`${start} ${entries.length}`, ...entries);
  const info = doc.context.trailerInfo;
  const trailer = doc.context.obj({
    Size: doc.context.largestObjectNumber + 1,
    Root: catalogRef(doc),
    ...(info.Info ? { Info: info.Info } : {}),
    ...(info.ID ? { ID: info.ID } : {}),
    Prev: lastStartXref(original),
  });
  if (info.Encrypt) throw new Error('encrypted PDFs are not supported');
  lines.push('trailer', trailer.toString(), 'startxref', String(xrefAt), '%%EOF', '');
  chunks.push(Buffer.from(lines.join('\n'), 'latin1'));
  return Buffer.concat(chunks);
}
