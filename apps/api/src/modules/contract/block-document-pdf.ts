/**
 * A short A4 document of the platform drawn from blocks (headings, label/value rows, paragraphs):
 * the final statement at a lease's end, the cancellation confirmation of an order. German with de-DE
 * formats, the contract's embedded fonts (user text only ever as glyphs).
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';

import { Face, loadFontBytes } from './contract-fonts.js';
import { wrapText } from './contract-format.js';

export type DocumentBlock =
  { kind: 'heading'; text: string } | { kind: 'row'; label: string; value: string } | { kind: 'text'; text: string };

export interface BlockDocument {
  /** The title on the page and in the PDF's metadata. */
  title: string;
  /** What the PDF viewer's window shows (the title and what it is about). */
  windowTitle: string;
  subtitle: string;
  blocks: readonly DocumentBlock[];
  createdAt: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

export async function renderBlockDocument(doc: BlockDocument): Promise<Uint8Array> {
  const bytes = await loadFontBytes();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const regular = new Face(await pdf.embedFont(bytes.regular, { subset: true }));
  const bold = new Face(await pdf.embedFont(bytes.bold, { subset: true }));
  pdf.setTitle(doc.windowTitle, { showInWindowTitleBar: true });
  pdf.setAuthor('E-Auto-Leasing');
  pdf.setCreator('E-Auto-Leasing');
  pdf.setProducer('E-Auto-Leasing Vertragsdienst (pdf-lib)');
  pdf.setLanguage('de-DE');
  pdf.setCreationDate(doc.createdAt);
  pdf.setModificationDate(doc.createdAt);

  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const draw = (face: Face, text: string, x: number, size: number) => {
    page.drawText(face.encodable(text), { x, y, size, font: face.font, color: rgb(0.1, 0.1, 0.1) });
  };

  draw(bold, doc.title, MARGIN, 18);
  y -= 22;
  draw(regular, doc.subtitle, MARGIN, 10);
  y -= 24;
  for (const block of doc.blocks) {
    if (block.kind === 'heading') {
      ensure(30);
      y -= 8;
      draw(bold, block.text, MARGIN, 12);
      y -= 18;
    } else if (block.kind === 'row') {
      const valueWidth = bold.width(regular.encodable(block.value), 10);
      const labelLines = wrapText(regular.encodable(block.label), width - valueWidth - 16, (t) => regular.width(t, 10));
      ensure(labelLines.length * 14);
      draw(regular, block.value, MARGIN + width - regular.width(regular.encodable(block.value), 10), 10);
      for (const line of labelLines) {
        draw(regular, line, MARGIN, 10);
        y -= 14;
      }
    } else {
      const lines = wrapText(regular.encodable(block.text), width, (t) => regular.width(t, 9));
      ensure(lines.length * 12 + 4);
      y -= 4;
      for (const line of lines) {
        draw(regular, line, MARGIN, 9);
        y -= 12;
      }
    }
  }
  return pdf.save({ useObjectStreams: true });
}
