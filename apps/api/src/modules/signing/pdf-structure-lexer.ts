/**
 * The objects of a PDF (PDF 32000-1, 7.3) read from its bytes, for a verifier that trusts nothing it
 * is given: every byte the reader looks at is charged to one step budget, so a hostile file costs at
 * most a fixed multiple of its size, and nesting deeper than a contract ever needs is refused.
 */

export class PdfStructureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfStructureError';
  }
}

export class PdfName {
  constructor(readonly name: string) {}
}

export interface PdfRef {
  kind: 'ref';
  num: number;
  gen: number;
}

/** A string as written (literal or hex), kept in its source form: equal bytes, equal strings. */
export interface PdfString {
  kind: 'string';
  hex: boolean;
  source: string;
}

export type PdfDict = Map<string, PdfValue>;
export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfValue[] | PdfDict;

export interface PdfObject {
  num: number;
  gen: number;
  value: PdfValue;
  /** The stream's data (between `stream` EOL and `endstream`), when the object is a stream. */
  stream: { start: number; end: number } | null;
}

const MAX_NESTING = 32;
const MAX_TOKEN_BYTES = 1 << 20;

const isWhite = (c: number | undefined) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0;
const isDelimiter = (c: number | undefined) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const isRegular = (c: number | undefined) => c !== undefined && !isWhite(c) && !isDelimiter(c);

export const isDict = (value: PdfValue | undefined): value is PdfDict => value instanceof Map;
export const isRef = (value: PdfValue | undefined): value is PdfRef =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Map) &&
  (value as { kind?: string }).kind === 'ref';
export const isString = (value: PdfValue | undefined): value is PdfString =>
  typeof value === 'object' && value !== null && (value as { kind?: string }).kind === 'string';
export const nameOf = (value: PdfValue | undefined): string | null => (value instanceof PdfName ? value.name : null);

/** Reads values at byte offsets; `steps` counts every byte looked at, across all reads. */
export class PdfLexer {
  steps = 0;

  constructor(
    readonly bytes: Uint8Array,
    readonly maxSteps: number,
  ) {}

  charge(count: number): void {
    this.steps += count;
    if (this.steps > this.maxSteps) throw new PdfStructureError('structure budget exceeded');
  }

  at(pos: number): number | undefined {
    return this.bytes[pos];
  }

  skipSpace(pos: number): number {
    let at = pos;
    for (;;) {
      const c = this.bytes[at];
      if (isWhite(c)) at++;
      else if (c === 0x25) {
        while (at < this.bytes.length && this.bytes[at] !== 0x0a && this.bytes[at] !== 0x0d) at++;
      } else break;
    }
    this.charge(at - pos + 1);
    return at;
  }

  /** The regular characters from `pos` (a keyword or number), and where they end. */
  word(pos: number): { text: string; end: number } {
    let end = pos;
    while (isRegular(this.bytes[end]) && end - pos < 64) end++;
    this.charge(end - pos + 1);
    return { text: Buffer.from(this.bytes.subarray(pos, end)).toString('latin1'), end };
  }

  startsWith(pos: number, text: string): boolean {
    this.charge(text.length);
    for (let i = 0; i < text.length; i++) if (this.bytes[pos + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  /** One value at `pos` (after space); `n g R` becomes a reference. */
  value(pos: number, depth = 0): { value: PdfValue; end: number } {
    if (depth > MAX_NESTING) throw new PdfStructureError('nesting too deep');
    const at = this.skipSpace(pos);
    const c = this.bytes[at];
    if (c === undefined) throw new PdfStructureError('unexpected end of file');
    if (c === 0x2f) return this.name(at);
    if (c === 0x28) return this.literalString(at);
    if (c === 0x3c && this.bytes[at + 1] === 0x3c) return this.dictionary(at, depth);
    if (c === 0x3c) return this.hexString(at);
    if (c === 0x5b) return this.array(at, depth);
    const { text, end } = this.word(at);
    if (text === 'true' || text === 'false') return { value: text === 'true', end };
    if (text === 'null') return { value: null, end };
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) throw new PdfStructureError(`unexpected token at ${at}`);
    const reference = /^\d+$/.test(text) ? this.referenceAfter(Number(text), end) : null;
    return reference ?? { value: Number(text), end };
  }

  private referenceAfter(num: number, pos: number): { value: PdfRef; end: number } | null {
    const genAt = this.skipSpace(pos);
    const gen = this.word(genAt);
    if (!/^\d+$/.test(gen.text)) return null;
    const rAt = this.skipSpace(gen.end);
    if (this.bytes[rAt] !== 0x52 || isRegular(this.bytes[rAt + 1])) return null;
    return { value: { kind: 'ref', num, gen: Number(gen.text) }, end: rAt + 1 };
  }

  private name(pos: number): { value: PdfName; end: number } {
    let end = pos + 1;
    while (isRegular(this.bytes[end]) && end - pos < 256) end++;
    this.charge(end - pos);
    const raw = Buffer.from(this.bytes.subarray(pos + 1, end)).toString('latin1');
    return {
      value: new PdfName(raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))),
      end,
    };
  }

  private literalString(pos: number): { value: PdfString; end: number } {
    let depth = 0;
    let end = pos;
    for (; end < this.bytes.length && end - pos < MAX_TOKEN_BYTES; end++) {
      const c = this.bytes[end];
      if (c === 0x5c) end++;
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) break;
    }
    this.charge(end - pos + 1);
    if (depth !== 0) throw new PdfStructureError('unterminated string');
    const source = Buffer.from(this.bytes.subarray(pos + 1, end)).toString('latin1');
    return { value: { kind: 'string', hex: false, source }, end: end + 1 };
  }

  private hexString(pos: number): { value: PdfString; end: number } {
    const close = this.bytes.indexOf(0x3e, pos);
    if (close < 0 || close - pos > MAX_TOKEN_BYTES) throw new PdfStructureError('unterminated hex string');
    this.charge(close - pos + 1);
    const source = Buffer.from(this.bytes.subarray(pos + 1, close)).toString('latin1');
    if (!/^[0-9a-fA-F\s]*$/.test(source)) throw new PdfStructureError('bad hex string');
    return { value: { kind: 'string', hex: true, source }, end: close + 1 };
  }

  private array(pos: number, depth: number): { value: PdfValue[]; end: number } {
    const items: PdfValue[] = [];
    let at = pos + 1;
    for (;;) {
      at = this.skipSpace(at);
      if (this.bytes[at] === 0x5d) return { value: items, end: at + 1 };
      const item = this.value(at, depth + 1);
      items.push(item.value);
      at = item.end;
    }
  }

  private dictionary(pos: number, depth: number): { value: PdfDict; end: number } {
    const dict: PdfDict = new Map();
    let at = pos + 2;
    for (;;) {
      at = this.skipSpace(at);
      if (this.bytes[at] === 0x3e && this.bytes[at + 1] === 0x3e) return { value: dict, end: at + 2 };
      if (this.bytes[at] !== 0x2f) throw new PdfStructureError(`dictionary key expected at ${at}`);
      const key = this.name(at);
      const item = this.value(key.end, depth + 1);
      dict.set(key.value.name, item.value);
      at = item.end;
    }
  }

  /** `num gen obj` value [stream … endstream] at `offset`; `length` resolves an indirect /Length. */
  indirectObject(offset: number, length: (ref: PdfRef) => number | null): PdfObject {
    const num = this.word(this.skipSpace(offset));
    const gen = this.word(this.skipSpace(num.end));
    const keyword = this.word(this.skipSpace(gen.end));
    if (!/^\d+$/.test(num.text) || !/^\d+$/.test(gen.text) || keyword.text !== 'obj') {
      throw new PdfStructureError(`no object at ${offset}`);
    }
    const { value, end } = this.value(keyword.end);
    const after = this.skipSpace(end);
    if (!isDict(value) || !this.startsWith(after, 'stream')) {
      return { num: Number(num.text), gen: Number(gen.text), value, stream: null };
    }
    let start = after + 'stream'.length;
    if (this.bytes[start] === 0x0d) start++;
    if (this.bytes[start] === 0x0a) start++;
    return { num: Number(num.text), gen: Number(gen.text), value, stream: this.streamData(value, start, length) };
  }

  private streamData(dict: PdfDict, start: number, length: (ref: PdfRef) => number | null) {
    const declared = dict.get('Length');
    const stated = typeof declared === 'number' ? declared : isRef(declared) ? length(declared) : null;
    if (stated !== null && Number.isSafeInteger(stated) && stated >= 0 && start + stated <= this.bytes.length) {
      const close = this.skipSpace(start + stated);
      if (this.startsWith(close, 'endstream')) return { start, end: start + stated };
    }
    // A wrong /Length: the data ends before the next `endstream` (searched once, charged).
    const close = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).indexOf(
      'endstream',
      start,
      'latin1',
    );
    if (close < 0) throw new PdfStructureError('unterminated stream');
    this.charge(close - start);
    return { start, end: close };
  }
}
