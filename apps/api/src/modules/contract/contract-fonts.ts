/**
 * The contract's fonts: DejaVu Sans, embedded, so every character a German name can have is drawn as a
 * glyph of the font (and anything else as "?"), never as raw text.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { PDFFont } from 'pdf-lib';

const requireHere = createRequire(import.meta.url);

interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fontBytes: Promise<FontBytes> | null = null;

export function loadFontBytes(): Promise<FontBytes> {
  if (!fontBytes) {
    const dir = path.join(path.dirname(requireHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontBytes = Promise.all([
      readFile(path.join(dir, 'DejaVuSans.ttf')),
      readFile(path.join(dir, 'DejaVuSans-Bold.ttf')),
    ]).then(
      ([regular, bold]) => ({ regular, bold }),
      (error: unknown) => {
        fontBytes = null;
        throw error;
      },
    );
  }
  return fontBytes;
}

/** An embedded font and the code points it can draw. */
export class Face {
  private readonly charset: ReadonlySet<number>;
  private readonly widths = new Map<string, number>();

  constructor(readonly font: PDFFont) {
    this.charset = new Set(font.getCharacterSet());
  }

  /** Replaces every character the font has no glyph for with "?". */
  encodable(text: string): string {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      out += cp === 0x20 || this.charset.has(cp) ? ch : '?';
    }
    return out;
  }

  /** Width at `size`; words repeat a lot, so widths at 1 pt are cached per document. */
  width(text: string, size: number): number {
    let unit = this.widths.get(text);
    if (unit === undefined) {
      unit = this.font.widthOfTextAtSize(text, 1);
      this.widths.set(text, unit);
    }
    return unit * size;
  }
}
