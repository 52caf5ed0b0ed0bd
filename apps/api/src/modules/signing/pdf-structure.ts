/**
 * The revisions of a PDF (PDF 32000-1, 7.5.4–7.5.8): from the last `startxref` back along /Prev, each
 * cross-reference section (a table or an xref stream) with its trailer, and the byte where the revision
 * ends (after its `%%EOF`). Each section is read once and every object once; the work is charged to the
 * lexer's budget, a few steps per byte of the file, so a file built to cost fails fast instead.
 */
import { inflateSync } from 'node:zlib';

import {
  PdfLexer,
  PdfStructureError,
  isDict,
  isRef,
  nameOf,
  type PdfDict,
  type PdfObject,
  type PdfRef,
  type PdfValue,
} from './pdf-structure-lexer.js';

/** Where one object number is defined in a revision: at a byte offset, inside an object stream, or freed. */
export type XrefEntry = { type: 'offset'; offset: number } | { type: 'compressed' } | { type: 'free' };

export interface Revision {
  /** 1-based, in file order. */
  number: number;
  xrefOffset: number;
  /** The first byte after this revision's `%%EOF` (and its end of line). */
  end: number;
  /** `end` without the end of line: a signature may stop at either. */
  endBeforeEol: number;
  trailer: PdfDict;
  entries: Map<number, XrefEntry>;
}

export interface PdfStructure {
  revisions: Revision[];
  /** Bytes after the last `%%EOF` that belong to no revision. */
  trailingBytes: number;
  lexer: PdfLexer;
}

/** A few steps per byte: each byte is read about once, cross references and objects included. */
const STEPS_PER_BYTE = 6;
const MAX_REVISIONS = 64;
const MAX_XREF_ENTRIES = 200_000;
const MAX_INFLATED_XREF_BYTES = 8 * 1024 * 1024;

function lastStartXref(lexer: PdfLexer): number {
  const { bytes } = lexer;
  const tailStart = Math.max(0, bytes.length - 2048);
  lexer.charge(bytes.length - tailStart);
  const tail = Buffer.from(bytes.subarray(tailStart)).toString('latin1');
  const value = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)].at(-1)?.[1];
  if (value === undefined) throw new PdfStructureError('no startxref');
  return Number(value);
}

function addEntry(entries: Map<number, XrefEntry>, num: number, entry: XrefEntry, total: { count: number }) {
  if (++total.count > MAX_XREF_ENTRIES) throw new PdfStructureError('too many cross-reference entries');
  if (!entries.has(num)) entries.set(num, entry);
}

/** A classic table: `xref`, subsections `start count`, 20-byte lines, then `trailer << … >>`. */
function readXrefTable(lexer: PdfLexer, offset: number, total: { count: number }) {
  const entries = new Map<number, XrefEntry>();
  let at = offset + 'xref'.length;
  for (;;) {
    at = lexer.skipSpace(at);
    if (lexer.startsWith(at, 'trailer')) break;
    const first = lexer.word(at);
    const count = lexer.word(lexer.skipSpace(first.end));
    if (!/^\d+$/.test(first.text) || !/^\d+$/.test(count.text)) throw new PdfStructureError('bad xref subsection');
    at = count.end;
    for (let i = 0; i < Number(count.text); i++) {
      const entryOffset = lexer.word(lexer.skipSpace(at));
      const generation = lexer.word(lexer.skipSpace(entryOffset.end));
      const kind = lexer.word(lexer.skipSpace(generation.end));
      if (kind.text !== 'n' && kind.text !== 'f') throw new PdfStructureError('bad xref entry');
      const entry: XrefEntry =
        kind.text === 'n' ? { type: 'offset', offset: Number(entryOffset.text) } : { type: 'free' };
      addEntry(entries, Number(first.text) + i, entry, total);
      at = kind.end;
    }
  }
  const trailer = lexer.value(at + 'trailer'.length);
  if (!isDict(trailer.value)) throw new PdfStructureError('trailer is not a dictionary');
  return { entries, trailer: trailer.value, end: trailer.end };
}

/** PNG "Up" and friends (7.4.4.4): each row starts with its predictor byte. */
function unpredict(data: Buffer, columns: number): Buffer {
  const rowLength = columns + 1;
  if (data.length % rowLength !== 0) throw new PdfStructureError('bad xref stream predictor');
  const out = Buffer.alloc((data.length / rowLength) * columns);
  for (let row = 0; row * rowLength < data.length; row++) {
    const predictor = data[row * rowLength];
    for (let i = 0; i < columns; i++) {
      const raw = data[row * rowLength + 1 + i] ?? 0;
      const up = row > 0 ? (out[(row - 1) * columns + i] ?? 0) : 0;
      const left = i > 0 ? (out[row * columns + i - 1] ?? 0) : 0;
      const value = predictor === 2 ? raw + up : predictor === 1 ? raw + left : predictor === 0 ? raw : -1;
      if (value < 0) throw new PdfStructureError('unsupported xref stream predictor');
      out[row * columns + i] = value & 0xff;
    }
  }
  return out;
}

function numbers(value: PdfValue | undefined): number[] | null {
  return Array.isArray(value) && value.every((n) => typeof n === 'number') ? (value as number[]) : null;
}

function xrefStreamRows(lexer: PdfLexer, object: PdfObject, dict: PdfDict): Buffer {
  const { stream } = object;
  if (!stream) throw new PdfStructureError('xref stream without data');
  const filter = nameOf(dict.get('Filter'));
  const raw = Buffer.from(lexer.bytes.subarray(stream.start, stream.end));
  if (filter !== null && filter !== 'FlateDecode') throw new PdfStructureError('unsupported xref stream filter');
  let data: Buffer;
  try {
    data = filter ? inflateSync(raw, { maxOutputLength: MAX_INFLATED_XREF_BYTES }) : raw;
  } catch {
    throw new PdfStructureError('unreadable xref stream');
  }
  lexer.charge(data.length);
  const parms = dict.get('DecodeParms');
  const predictor = isDict(parms) ? parms.get('Predictor') : undefined;
  const columns = isDict(parms) ? parms.get('Columns') : undefined;
  if (typeof predictor === 'number' && predictor >= 10)
    return unpredict(data, typeof columns === 'number' ? columns : 1);
  return data;
}

/** An xref stream (7.5.8): /W field widths, /Index subsections, rows of type, field 2, field 3. */
function readXrefStream(lexer: PdfLexer, offset: number, total: { count: number }) {
  const object = lexer.indirectObject(offset, () => null);
  const dict = object.value;
  if (!isDict(dict) || nameOf(dict.get('Type')) !== 'XRef') throw new PdfStructureError('no xref at startxref');
  const widths = numbers(dict.get('W'));
  const size = dict.get('Size');
  if (!widths || widths.length !== 3 || widths.some((w) => w < 0 || w > 8) || typeof size !== 'number') {
    throw new PdfStructureError('bad xref stream');
  }
  const index = numbers(dict.get('Index')) ?? [0, size];
  const rows = xrefStreamRows(lexer, object, dict);
  const rowLength = widths.reduce((a, b) => a + b, 0);
  const field = (row: number, which: number, fallback: number) => {
    const width = widths[which] ?? 0;
    if (width === 0) return fallback;
    const start = row * rowLength + widths.slice(0, which).reduce((a, b) => a + b, 0);
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + (rows[start + i] ?? 0);
    return value;
  };
  const entries = new Map<number, XrefEntry>();
  let row = 0;
  for (let s = 0; s + 1 < index.length; s += 2) {
    for (let i = 0; i < (index[s + 1] ?? 0); i++, row++) {
      if ((row + 1) * rowLength > rows.length) throw new PdfStructureError('xref stream too short');
      const type = field(row, 0, 1);
      const entry: XrefEntry =
        type === 1
          ? { type: 'offset', offset: field(row, 1, 0) }
          : type === 2
            ? { type: 'compressed' }
            : { type: 'free' };
      addEntry(entries, (index[s] ?? 0) + i, entry, total);
    }
  }
  return { entries, trailer: dict, end: object.stream?.end ?? offset };
}

/** After a section: `startxref n %%EOF` and its end of line. */
function revisionEnd(lexer: PdfLexer, from: number): { end: number; endBeforeEol: number } {
  const bytes = Buffer.from(lexer.bytes.buffer, lexer.bytes.byteOffset, lexer.bytes.byteLength);
  const marker = bytes.indexOf('%%EOF', from, 'latin1');
  if (marker < 0) throw new PdfStructureError('revision without %%EOF');
  lexer.charge(marker - from + 5);
  let end = marker + 5;
  if (bytes[end] === 0x0d) end++;
  if (bytes[end] === 0x0a) end++;
  return { end, endBeforeEol: marker + 5 };
}

function readSection(lexer: PdfLexer, offset: number, total: { count: number }) {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= lexer.bytes.length) {
    throw new PdfStructureError('xref offset outside the file');
  }
  const at = lexer.skipSpace(offset);
  const section = lexer.startsWith(at, 'xref') ? readXrefTable(lexer, at, total) : readXrefStream(lexer, at, total);
  const hybrid = section.trailer.get('XRefStm');
  if (typeof hybrid === 'number') {
    // A hybrid file (7.5.8.4): the table's objects first, then those only the stream lists.
    for (const [num, entry] of readXrefStream(lexer, hybrid, total).entries) {
      if (!section.entries.has(num)) section.entries.set(num, entry);
    }
  }
  return section;
}

/** The file's revisions, oldest first; throws PdfStructureError for what cannot be read in budget. */
export function readPdfStructure(bytes: Uint8Array): PdfStructure {
  const lexer = new PdfLexer(bytes, STEPS_PER_BYTE * bytes.length + 100_000);
  const total = { count: 0 };
  const found: Omit<Revision, 'number'>[] = [];
  const seen = new Set<number>();
  let offset: number | null = lastStartXref(lexer);
  while (offset !== null) {
    if (seen.has(offset) || found.length >= MAX_REVISIONS) throw new PdfStructureError('xref chain loops or too long');
    seen.add(offset);
    const section = readSection(lexer, offset, total);
    found.push({
      xrefOffset: offset,
      trailer: section.trailer,
      entries: section.entries,
      ...revisionEnd(lexer, section.end),
    });
    const prev = section.trailer.get('Prev');
    offset = typeof prev === 'number' ? prev : null;
  }
  const ordered = found.sort((a, b) => a.end - b.end);
  ordered.forEach((revision, i) => {
    const previous = ordered[i - 1];
    if (previous && previous.end > revision.xrefOffset) throw new PdfStructureError('revisions overlap');
  });
  const last = ordered.at(-1);
  let trailingStart = last?.end ?? bytes.length;
  while (trailingStart < bytes.length && [0x0a, 0x0d, 0x20, 0x00].includes(bytes[trailingStart] ?? 0)) trailingStart++;
  return {
    revisions: ordered.map((revision, i) => ({ ...revision, number: i + 1 })),
    trailingBytes: bytes.length - trailingStart,
    lexer,
  };
}

/** Objects by number as of a revision (the newest definition at or before it), read once per offset. */
export class PdfObjects {
  private readonly cache = new Map<number, PdfObject | null>();
  private resolvingLength = false;

  constructor(private readonly structure: PdfStructure) {}

  /** The entry that defines `num` as of revision `upTo` (1-based), and in which revision. */
  definition(num: number, upTo: number): { entry: XrefEntry; revision: number } | null {
    for (let r = upTo; r >= 1; r--) {
      const entry = this.structure.revisions[r - 1]?.entries.get(num);
      if (entry) return { entry, revision: r };
    }
    return null;
  }

  /** The object at `offset`; `keep: false` reads it without keeping it (a scan over every object). */
  at(offset: number, keep = true): PdfObject | null {
    const cached = this.cache.get(offset);
    if (cached !== undefined) return cached;
    let object: PdfObject | null;
    try {
      object = this.structure.lexer.indirectObject(offset, (ref) => this.streamLength(ref));
    } catch (error) {
      if (error instanceof PdfStructureError && /budget/.test(error.message)) throw error;
      object = null;
    }
    if (keep) this.cache.set(offset, object);
    return object;
  }

  /** An indirect /Length, one level only: a length is a number, never a stream with a length of its own. */
  private streamLength(ref: PdfRef): number | null {
    if (this.resolvingLength) return null;
    this.resolvingLength = true;
    try {
      const length = this.resolve(ref, this.structure.revisions.length);
      return typeof length === 'number' ? length : null;
    } finally {
      this.resolvingLength = false;
    }
  }

  object(num: number, upTo: number): PdfObject | null {
    const found = this.definition(num, upTo);
    return found?.entry.type === 'offset' ? this.at(found.entry.offset) : null;
  }

  /** A value with a reference followed (one level), as of revision `upTo`. */
  resolve(value: PdfValue | undefined, upTo: number): PdfValue | undefined {
    if (!isRef(value)) return value;
    return this.object((value as PdfRef).num, upTo)?.value ?? undefined;
  }
}
