import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream } from 'pdf-lib';
import type { PDFObject } from 'pdf-lib';

/**
 * The text a PDF shows, read back from its content streams through each font's ToUnicode map: for
 * tests of the documents the app renders (the transfer contract).
 */
export const NBSP = '\u00a0';

export interface TextRun {
  page: number;
  baseFont: string;
  size: number;
  x: number;
  y: number;
  rotated: boolean;
  text: string;
}

function streamText(stream: PDFRawStream): string {
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of cmap.matchAll(/<([0-9a-fA-F]{4})>\s+<([0-9a-fA-F]+)>/g)) {
    const units = (m[2] ?? '').match(/.{4}/g) ?? [];
    map.set((m[1] ?? '').toLowerCase(), String.fromCharCode(...units.map((u) => parseInt(u, 16))));
  }
  return map;
}

function contentStreams(doc: PDFDocument, contents: PDFObject | undefined): PDFRawStream[] {
  if (!contents) return [];
  const resolved = contents instanceof PDFRef ? doc.context.lookup(contents) : contents;
  if (resolved instanceof PDFRawStream) return [resolved];
  if (resolved instanceof PDFArray) return resolved.asArray().flatMap((item) => contentStreams(doc, item));
  return [];
}

export async function extractRuns(bytes: Uint8Array): Promise<{ runs: TextRun[]; contents: string[] }> {
  const doc = await PDFDocument.load(bytes);
  const runs: TextRun[] = [];
  const contents: string[] = [];
  doc.getPages().forEach((page, pageIndex) => {
    const fonts = new Map<string, { baseFont: string; toUnicode: Map<string, string> }>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const toUnicode = font.lookup(PDFName.of('ToUnicode'));
      if (!(toUnicode instanceof PDFRawStream)) throw new Error('font without ToUnicode map');
      const baseFont = font.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
      fonts.set(name.decodeText(), { baseFont, toUnicode: parseToUnicode(streamText(toUnicode)) });
    }
    const content = contentStreams(doc, page.node.get(PDFName.of('Contents')))
      .map(streamText)
      .join('\n');
    contents.push(content);
    let current: { baseFont: string; toUnicode: Map<string, string> } | undefined;
    let size = 0;
    let x = 0;
    let y = 0;
    let rotated = false;
    const ops =
      /\/([^\s/]+)\s+([\d.]+)\s+Tf|([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
    for (const m of content.matchAll(ops)) {
      if (m[1] !== undefined) {
        current = fonts.get(m[1]);
        size = Number(m[2]);
      } else if (m[3] !== undefined) {
        rotated = Math.abs(Number(m[4])) > 1e-6;
        x = Number(m[7]);
        y = Number(m[8]);
      } else if (m[9] !== undefined && current) {
        const ids = m[9].match(/.{4}/g) ?? [];
        const map = current.toUnicode;
        // No-break spaces read as plain spaces.
        const text = ids
          .map((id) => map.get(id.toLowerCase()) ?? '\ufffd')
          .join('')
          .replaceAll(NBSP, ' ');
        runs.push({ page: pageIndex + 1, baseFont: current.baseFont, size, x, y, rotated, text });
      }
    }
  });
  return { runs, contents };
}

/** Every decoded stream of the file except embedded font programs, plus the raw bytes. */
export async function allReadableText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  // The file outside its (compressed, binary) stream data.
  const parts = [
    Buffer.from(bytes)
      .toString('latin1')
      .replace(/stream\r?\n[\s\S]*?endstream/g, ''),
  ];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) {
      if (object.dict.has(PDFName.of('Length1'))) continue; // TrueType font program (binary)
      parts.push(streamText(object));
    } else {
      parts.push(object.toString());
    }
  }
  return parts.join('\n');
}
