import { parse } from 'csv-parse/sync';

/**
 * Reads the demo data's CSV (RFC 4180: quoted fields, escaped quotes, separators and line breaks in
 * quotes) with csv-parse. Returns one record per non-empty line keyed by the header; missing trailing
 * cells read as ''.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const records = parse(text, {
    bom: true,
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Record<string, string | undefined>[];
  return records
    .filter((record) => Object.values(record).some((cell) => (cell ?? '').length > 0))
    .map((record) => Object.fromEntries(Object.entries(record).map(([key, cell]) => [key, cell ?? ''])));
}
