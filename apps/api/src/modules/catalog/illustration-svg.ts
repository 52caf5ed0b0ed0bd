/**
 * Writing SVG safely: every text is escaped for XML (characters XML cannot hold are dropped),
 * labels are shortened to fit, numbers are written with one decimal.
 */
/** Whether XML 1.0 allows a code point at all (even escaped); lone surrogates are not allowed. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** Escapes text for element content and quoted attribute values. */
export function escapeXml(text: string): string {
  return Array.from(text)
    .filter((ch) => isXmlChar(ch.codePointAt(0) ?? 0))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Trims and shortens a label so it stays inside the picture, then escapes it. */
export function label(text: string | undefined, max: number, upper = false): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(upper ? clean.toUpperCase() : clean);
  return escapeXml(chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join(''));
}

/** Compact number formatting: one decimal, no trailing zero. */
export const f = (n: number) => String(Math.round(n * 10) / 10);
