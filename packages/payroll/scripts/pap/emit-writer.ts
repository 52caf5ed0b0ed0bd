/** Writing the module's text: indented lines, doc comments, literals and decimal numbers. */
import { Rational } from './rational.js';

/** A single-quoted JS string literal. */
export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** Escapes text for use inside a block comment. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*\u2215').replace(/\r/g, '');
}

/** Small indenting line writer. */
export class Writer {
  private readonly lines: string[] = [];
  private depth = 0;
  line(text = ''): void {
    this.lines.push(text === '' ? '' : '  '.repeat(this.depth) + text);
  }
  indent(fn: () => void): void {
    this.depth++;
    fn();
    this.depth--;
  }
  toString(): string {
    return this.lines.join('\n') + '\n';
  }
}

export function docComment(w: Writer, text: string): void {
  const lines = commentText(text)
    .split('\n')
    .map((l) => l.trim())
    .filter((l, i, all) => l !== '' || (i > 0 && i < all.length - 1));
  if (lines.length === 0) return;
  w.line('/**');
  for (const l of lines) w.line(l === '' ? ' *' : ` * ${l}`);
  w.line(' */');
}

export function decimalText(value: bigint, scale: number): string {
  return Rational.of(value, 10n ** BigInt(scale)).toString() === '0' ? '0' : formatScaled(value, scale);
}

export function formatScaled(value: bigint, scale: number): string {
  if (scale === 0) return value.toString();
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, '');
  return negative ? `-${text}` : text;
}
