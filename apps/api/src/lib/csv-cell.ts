/**
 * Cells of the CSV files we write for spreadsheets (price list, payroll). A cell that begins with
 * `=`, `+`, `-`, `@`, a tab, a carriage return or a line feed is a formula to Excel, LibreOffice and
 * Google Sheets (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`), so it gets a leading apostrophe and is shown
 * as text (OWASP "CSV Injection"; ASVS 5.0 1.2.10). The full-width forms (＝＋－＠) are included:
 * some spreadsheets read them as their ASCII twins. A number such as `-12.50` or `-12,50` is no
 * formula and stays a number. Quoting (separator, quote, line break) is RFC 4180, done by the writer.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+([.,]\d+)*$/;

/** The cell as a spreadsheet must show it: text, never a formula. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The value a neutralised cell stood for, when a file we wrote comes back (a spreadsheet may keep the
 * apostrophe when it saves the file again): `'=x` → `=x`. Any other cell is left as it is.
 */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** One cell of a `;`-separated file written by hand: neutralised, and quoted when it must be. */
export function csvText(value: string | null): string {
  const text = neutralizeCell(value ?? '');
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
