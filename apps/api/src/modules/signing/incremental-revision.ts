/**
 * The one writer of incremental updates (PDF 32000-1, 7.5.6) in this module: the existing file stays
 * byte for byte as it is, and the objects a change adds or alters are appended with their own
 * cross-reference section and a trailer pointing back (/Prev). Signatures over earlier revisions stay
 * valid. The seal, the DSS and the document timestamp are each one such revision.
 *
 * Which objects go into the revision is found by comparison, not by bookkeeping: `openRevision` keeps
 * the serialized form of every object as loaded, and `writeRevision` appends exactly those that are new
 * or serialize differently now. So a change may go through any pdf-lib API (fonts, forms) without each
 * caller having to name the objects it touched.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, type PDFObject } from 'pdf-lib';

export interface OpenRevision {
  doc: PDFDocument;
  original: Uint8Array;
  /** Every indirect object as loaded (by reference), serialized. */
  before: Map<string, Buffer>;
}

function serialize(object: PDFObject): Buffer {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return Buffer.from(bytes);
}

export async function openRevision(pdf: Uint8Array): Promise<OpenRevision> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  if (doc.context.trailerInfo.Encrypt) throw new Error('encrypted PDFs are not supported');
  const before = new Map(
    doc.context.enumerateIndirectObjects().map(([ref, object]) => [ref.toString(), serialize(object)]),
  );
  return { doc, original: pdf, before };
}

export function catalogRef(doc: PDFDocument): PDFRef {
  const root = doc.context.trailerInfo.Root;
  if (!(root instanceof PDFRef)) throw new Error('PDF trailer without /Root reference');
  return root;
}

/** The dictionary under `key` of `owner`, created (as an indirect object) when absent. */
export function dictEntry(doc: PDFDocument, owner: PDFDict, key: string): PDFDict {
  const value = owner.get(PDFName.of(key));
  if (value instanceof PDFRef) return doc.context.lookup(value, PDFDict);
  if (value instanceof PDFDict) return value;
  const created = doc.context.obj({});
  owner.set(PDFName.of(key), doc.context.register(created));
  return created;
}

/** Appends `item` to the array under `key` in `dict` (direct or indirect), creating it when absent. */
export function pushToArray(doc: PDFDocument, dict: PDFDict, key: string, item: PDFObject): void {
  const value = dict.get(PDFName.of(key));
  if (value instanceof PDFRef) doc.context.lookup(value, PDFArray).push(item);
  else if (value instanceof PDFArray) value.push(item);
  else dict.set(PDFName.of(key), doc.context.obj([item]));
}

export function lastStartXref(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 1024))).toString('latin1');
  const value = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1];
  if (!value) throw new Error('PDF without startxref');
  return Number(value);
}

/** The cross-reference section: subsections of consecutive object numbers (7.5.4). */
function xrefSection(entries: { ref: PDFRef; offset: number }[]): string[] {
  const subsections: { start: number; lines: string[] }[] = [];
  for (const { ref, offset } of entries) {
    const line = `${String(offset).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n\r`;
    const current = subsections.at(-1);
    if (current && current.start + current.lines.length === ref.objectNumber) current.lines.push(line);
    else subsections.push({ start: ref.objectNumber, lines: [line] });
  }
  return ['xref', ...subsections.flatMap(({ start, lines }) => [`${start} ${lines.length}`, ...lines])];
}

/** The original bytes followed by the new and changed objects, an xref section and a trailer with /Prev. */
export function writeRevision(revision: OpenRevision): Buffer {
  const { doc, original, before } = revision;
  const chunks: Buffer[] = [Buffer.from(original)];
  let offset = original.length;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    offset += chunk.length;
  };
  if (original[original.length - 1] !== 0x0a) push(Buffer.from('\n'));
  const entries: { ref: PDFRef; offset: number }[] = [];
  const objects = doc.context.enumerateIndirectObjects().sort(([a], [b]) => a.objectNumber - b.objectNumber);
  for (const [ref, object] of objects) {
    const bytes = serialize(object);
    if (before.get(ref.toString())?.equals(bytes)) continue;
    entries.push({ ref, offset });
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    push(bytes);
    push(Buffer.from('\nendobj\n', 'latin1'));
  }
  const xrefAt = offset;
  const info = doc.context.trailerInfo;
  const trailer = doc.context.obj({
    Size: doc.context.largestObjectNumber + 1,
    Root: catalogRef(doc),
    ...(info.Info ? { Info: info.Info } : {}),
    ...(info.ID ? { ID: info.ID } : {}),
    Prev: lastStartXref(original),
  });
  const tail = [...xrefSection(entries), 'trailer', trailer.toString(), 'startxref', String(xrefAt), '%%EOF', ''];
  push(Buffer.from(tail.join('\n'), 'latin1'));
  return Buffer.concat(chunks);
}
