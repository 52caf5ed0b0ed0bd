/**
 * Text for the transfer contract: user text cleaned to one safe line, German number, money and date
 * formats, and line wrapping by measured width. Pure functions, no PDF.
 */
// ---------------------------------------------------------------------------------------------
// Text cleaning and formatting (pure)
// ---------------------------------------------------------------------------------------------

const ELLIPSIS = '…';
export const NBSP = '\u00a0';
export const DASH = '—';

/** Line and paragraph separators and tabs: flattened to a space. */
const LINE_BREAKS = /[\r\n\t\v\f\u0085\u2028\u2029]+/g;
/** Control and format characters (bidi overrides, zero-width, BOM, soft hyphen), variation selectors. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u034f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;
/** Lone surrogates, private-use and unassigned code points. */
const UNRENDERABLE = /[\p{Cs}\p{Co}\p{Cn}]/gu;
/** Runs of combining marks longer than two ("Zalgo" text) would stack over the line above. */
const MARK_RUNS = /(\p{M}{2})\p{M}+/gu;

/**
 * Makes a user-entered value safe to print: flattens line breaks, strips control and bidi characters,
 * collapses whitespace and truncates to `maxLength` code points with "…". Never throws.
 */
export function cleanText(value: unknown, maxLength = 200): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  let text = String(value);
  // Bound the work on absurd input before the regular expressions run.
  const hardLimit = maxLength * 4 + 64;
  let cut = false;
  if (text.length > hardLimit) {
    text = text.slice(0, hardLimit);
    cut = true;
  }
  text = text
    .normalize('NFC')
    .replace(LINE_BREAKS, ' ')
    .replace(INVISIBLE, '')
    .replace(UNRENDERABLE, '?')
    .replace(MARK_RUNS, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
  const codePoints = Array.from(text);
  if (codePoints.length > maxLength) {
    return (
      codePoints
        .slice(0, Math.max(0, maxLength - 1))
        .join('')
        .trimEnd() + ELLIPSIS
    );
  }
  return cut ? text + ELLIPSIS : text;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** German number: "1.234" or "77,4" (at most `maxDecimals`, trailing zeros dropped). */
export function formatNumber(value: number, maxDecimals = 0): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return DASH;
  const fixed = Math.abs(value).toFixed(maxDecimals);
  const [intPart = '0', fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const negative = value < 0 && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${groupThousands(intPart)}${trimmed ? `,${trimmed}` : ''}`;
}

/** Integer cents as German euros: 123456 -> "1.234,56 €" (no-break space before the sign). */
export function formatEuro(cents: number): string {
  if (!Number.isFinite(cents) || Math.abs(cents) > Number.MAX_SAFE_INTEGER) return DASH;
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${rounded < 0 ? '-' : ''}${groupThousands(String(euros))},${String(rest).padStart(2, '0')}${NBSP}€`;
}

/** EUR per km with 2 to 4 decimals: 0.0832 -> "0,0832 €", 0.1 -> "0,10 €". */
export function formatEuroPerKm(eur: number): string {
  if (!Number.isFinite(eur) || Math.abs(eur) >= 1e9) return DASH;
  const units = Math.round(Math.abs(eur) * 10_000);
  const euros = Math.floor(units / 10_000);
  const fraction = String(units % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${eur < 0 && units > 0 ? '-' : ''}${groupThousands(String(euros))},${fraction}${NBSP}€`;
}

export function formatKm(km: number): string {
  const n = formatNumber(km);
  return n === DASH ? DASH : `${n}${NBSP}km`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const BERLIN = 'Europe/Berlin';

export function parseInstant(iso: string | null | undefined): Date | null {
  if (typeof iso !== 'string' || iso.length > 64) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const berlinFormats = {
  date: new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN, day: '2-digit', month: '2-digit', year: 'numeric' }),
  dateTime: new Intl.DateTimeFormat('de-DE', {
    timeZone: BERLIN,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }),
};

function berlinParts(date: Date, withTime: boolean): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of (withTime ? berlinFormats.dateTime : berlinFormats.date).formatToParts(date)) {
    parts[part.type] = part.value;
  }
  return parts;
}

/** ISO date or timestamp as "23.11.2026" (timestamps in German time); "—" when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  if (typeof iso === 'string') {
    const m = DATE_ONLY.exec(iso);
    if (m) {
      const [, y, mo, d] = m;
      const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
      if (check.getUTCDate() === Number(d) && check.getUTCMonth() === Number(mo) - 1) return `${d}.${mo}.${y}`;
      return DASH;
    }
  }
  const date = parseInstant(iso);
  if (!date) return DASH;
  const p = berlinParts(date, false);
  return `${p.day}.${p.month}.${p.year}`;
}

/** ISO timestamp as "23.11.2026, 14:05 Uhr (MEZ)". */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parseInstant(iso);
  if (!date) return DASH;
  const p = berlinParts(date, true);
  const zone = p.timeZoneName ? ` (${p.timeZoneName})` : '';
  return `${p.day}.${p.month}.${p.year}, ${p.hour}:${p.minute}${NBSP}Uhr${zone}`;
}

export function orderNumber(orderId: number): string {
  return Number.isSafeInteger(orderId) && orderId >= 0 ? String(orderId) : DASH;
}

// ---------------------------------------------------------------------------------------------
// Word wrap (pure: the caller passes the width measure)
// ---------------------------------------------------------------------------------------------

const graphemes = new Intl.Segmenter('de', { granularity: 'grapheme' });

function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/** Splits one word that is wider than a line into pieces that fit (at least one grapheme each). */
function breakWord(word: string, maxWidth: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  for (const g of splitGraphemes(word)) {
    const w = measure(g);
    if (piece !== '' && width + w > maxWidth) {
      pieces.push(piece);
      piece = '';
      width = 0;
    }
    piece += g;
    width += w;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Greedy word wrap on plain spaces (no-break spaces keep their neighbours together). Words wider
 * than a line are broken between graphemes. Returns at least one (possibly empty) line.
 */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const words = text.split(' ').filter((w) => w !== '');
  const lines: string[] = [];
  const space = measure(' ');
  let line = '';
  let width = 0;
  for (const word of words) {
    const w = measure(word);
    if (line !== '' && width + space + w <= maxWidth) {
      line += ` ${word}`;
      width += space + w;
      continue;
    }
    if (line !== '') lines.push(line);
    if (w <= maxWidth) {
      line = word;
      width = w;
      continue;
    }
    const pieces = breakWord(word, maxWidth, measure);
    line = pieces.pop() ?? '';
    width = measure(line);
    lines.push(...pieces);
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** Cuts a single line to `maxWidth`, ending it with "…" when something was cut. */
export function truncateToWidth(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const parts = splitGraphemes(text.endsWith(ELLIPSIS) ? text.slice(0, -ELLIPSIS.length) : text);
  while (parts.length > 0 && measure(parts.join('').trimEnd() + ELLIPSIS) > maxWidth) parts.pop();
  return parts.join('').trimEnd() + ELLIPSIS;
}

/** Wraps and keeps at most `maxLines` lines; the last kept line gets "…" if text was dropped. */
export function wrapLimited(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
  maxLines: number,
): string[] {
  const lines = wrapText(text, maxWidth, measure);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept.pop() ?? '';
  kept.push(truncateToWidth(last.endsWith(ELLIPSIS) ? last : `${last}${ELLIPSIS}`, maxWidth, measure));
  return kept;
}
