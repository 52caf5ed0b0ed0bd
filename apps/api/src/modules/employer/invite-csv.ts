import { decodeUploadedText } from '../../lib/uploaded-text.js';

/**
 * Reads an invite list as HR keeps it: a header line and one person per line, separated by
 * semicolons (German Excel) or commas, optionally quoted (RFC 4180), UTF-8 with or without BOM.
 * Returns each data line with its line number in the file (the header is line 1), so errors point
 * at the line HR sees.
 */

/** Header names (lower-cased, without spaces, dashes and underscores) → the API's field names. */
const COLUMNS: Record<string, 'firstName' | 'lastName' | 'email' | 'employeeId'> = {
  firstname: 'firstName',
  vorname: 'firstName',
  lastname: 'lastName',
  nachname: 'lastName',
  name: 'lastName',
  email: 'email',
  emailadresse: 'email',
  mail: 'email',
  employeeid: 'employeeId',
  personalnummer: 'employeeId',
  personalnr: 'employeeId',
  pnr: 'employeeId',
};

export interface CsvInviteRow {
  line: number;
  values: Record<string, string>;
}

export type CsvInviteParse = { ok: true; rows: CsvInviteRow[] } | { ok: false; message: string };

/** A NUL byte, a control character or bytes that are not UTF-8 are a 400 naming row and column. */
export function parseInviteCsv(bytes: Buffer): CsvInviteParse {
  const records = splitRecords(decodeUploadedText(bytes).replace(/^\uFEFF/, ''));
  const header = records[0];
  if (!header) return { ok: false, message: 'Die Datei ist leer.' };
  const separator = header.text.includes(';') ? ';' : ',';
  const names = splitCells(header.text, separator).map((h) => COLUMNS[h.toLowerCase().replace(/[\s_.-]/g, '')]);
  for (const required of ['firstName', 'lastName', 'email'] as const) {
    if (!names.includes(required)) {
      return {
        ok: false,
        message: 'Kopfzeile unvollständig: erwartet werden Vorname, Nachname, E-Mail und optional Personalnummer.',
      };
    }
  }
  const rows: CsvInviteRow[] = [];
  for (const record of records.slice(1)) {
    const cells = splitCells(record.text, separator);
    if (cells.every((c) => c.trim() === '')) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      if (name) values[name] = cells[i] ?? '';
    });
    rows.push({ line: record.line, values });
  }
  return { ok: true, rows };
}

/** Splits into records at line breaks outside quotes, keeping the first line number of each. */
function splitRecords(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let current = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === '\n' || c === '\r')) {
      if (c === '\r' && text[i + 1] === '\n') i++;
      out.push({ line: start, text: current });
      current = '';
      line++;
      start = line;
      continue;
    }
    if (c === '\n') line++;
    current += c;
  }
  if (current.length > 0) out.push({ line: start, text: current });
  return out;
}

function splitCells(record: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const c = record[i];
    if (quoted) {
      if (c === '"' && record[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}
