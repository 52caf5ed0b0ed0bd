import { isUtf8 } from 'node:buffer';

import { AppError } from './errors.js';

/**
 * Control characters have no place in this product's text: NUL breaks PostgreSQL text (a 500 whose
 * log would carry the request's values), the others forge log lines, mail headers or PDF text. Tab,
 * line feed and carriage return are allowed (multi-line text, CSV rows).
 */
// eslint-disable-next-line no-control-regex
export const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const REPLACEMENT = 0xfffd;

type Problem = { index: number; kind: 'nul' | 'control' | 'encoding'; codePoint: number };

/**
 * An uploaded text file (a price list, an invite list) as a string, or a 400 in the usual error shape
 * naming the row and column of the first NUL byte, control character or byte that is not UTF-8, so
 * the person who uploaded it can find it in the spreadsheet. Nothing of such a file is stored.
 */
export function decodeUploadedText(bytes: Buffer): string {
  const valid = isUtf8(bytes);
  const text = bytes.toString('utf8');
  if (valid && !FORBIDDEN_IN_TEXT.test(text)) return text;
  const problem = firstProblem(bytes, text, valid);
  if (!problem) return text;
  const { row, column, name } = locate(text, problem.index);
  const where = `Zeile ${row}, Spalte ${column}${name ? ` („${name}“)` : ''}`;
  const what =
    problem.kind === 'encoding'
      ? 'Die Datei ist nicht UTF-8-kodiert. Bitte als „CSV UTF-8“ speichern.'
      : problem.kind === 'nul'
        ? 'Die Datei enthält ein Nullzeichen (NUL) und ist so keine Textdatei (CSV).'
        : `Die Datei enthält ein unzulässiges Steuerzeichen (U+${problem.codePoint.toString(16).toUpperCase().padStart(4, '0')}).`;
  const message = `${where}: ${what}`;
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ field: 'file', message }] });
}

/**
 * The first forbidden character, or the first place where the bytes were not UTF-8 (the decoder put
 * U+FFFD there; a U+FFFD the file really holds, EF BF BD, is text like any other).
 */
function firstProblem(bytes: Buffer, text: string, valid: boolean): Problem | null {
  let offset = 0;
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index) ?? 0;
    const char = String.fromCodePoint(codePoint);
    if (FORBIDDEN_IN_TEXT.test(char)) return { index, kind: codePoint === 0 ? 'nul' : 'control', codePoint };
    if (codePoint === REPLACEMENT && !valid && !isEncodedReplacement(bytes, offset))
      return { index, kind: 'encoding', codePoint };
    offset += Buffer.byteLength(char);
    index += char.length;
  }
  return null;
}

function isEncodedReplacement(bytes: Buffer, offset: number): boolean {
  return bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd;
}

/**
 * Row and column of a position as a spreadsheet shows them (the header is row 1; a line break inside
 * quotes does not start a row), with the header's name of that column when the header came before.
 */
function locate(text: string, end: number): { row: number; column: number; name: string | null } {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const header: string[] = [];
  let row = 1;
  let column = 1;
  let cell = '';
  let quoted = false;
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < end; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === delimiter) {
      if (row === 1) header.push(cell.trim());
      cell = '';
      column++;
    } else if (!quoted && (c === '\n' || c === '\r')) {
      if (c === '\r' && text[i + 1] === '\n') i++;
      if (row === 1) header.push(cell.trim());
      cell = '';
      row++;
      column = 1;
    } else if (row === 1) cell += c;
  }
  return { row, column, name: row > 1 ? header[column - 1] || null : null };
}
