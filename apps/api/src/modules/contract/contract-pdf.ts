/**
 * The transfer contract ("Überlassungsvertrag") between employer and employee as an A4 PDF.
 *
 * Layers: `contract-content.ts` (with `contract-sections.ts` and the text helpers of
 * `contract-format.ts`) turns the order data into plain text blocks (pure, testable);
 * `renderTransferContract` here lays those blocks out on pages. User-entered values are cleaned once
 * (`cleanText`) and are only ever drawn as glyphs of an embedded font: the content streams carry
 * glyph ids, never the raw text, so nothing the user typed can become a PDF operator.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, degrees, rgb } from 'pdf-lib';
import type { Color, PDFPage } from 'pdf-lib';

import {
  CONTRACT_TITLE,
  buildContractDocument,
  type ContractDocument,
  type ContractFact,
  type SignatureField,
  type TransferContractInput,
} from './contract-content.js';
import { NBSP, orderNumber, parseInstant, truncateToWidth, wrapLimited } from './contract-format.js';
import { Face, loadFontBytes } from './contract-fonts.js';

// The contract's public surface stays here: callers and tests import from this module.
export {
  cleanText,
  formatNumber,
  formatEuro,
  formatEuroPerKm,
  formatDate,
  formatDateTime,
  wrapText,
  truncateToWidth,
  wrapLimited,
} from './contract-format.js';
export { CONTRACT_TITLE, buildContractDocument, contractPlainText } from './contract-content.js';
export { buildContractSections } from './contract-sections.js';
export type {
  TransferContractInput,
  ContractFact,
  ContractBlock,
  ContractSection,
  SignatureField,
  ContractDocument,
} from './contract-content.js';

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 62;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const CONTENT_TOP = PAGE_HEIGHT - 78;
const CONTENT_BOTTOM = 72;

const BODY_SIZE = 9.2;
const BODY_LEADING = 13;
const SMALL_SIZE = 8;

const INK = rgb(0.1, 0.12, 0.15);
const MUTED = rgb(0.38, 0.41, 0.46);
const RULE = rgb(0.78, 0.8, 0.84);
const ZEBRA = rgb(0.955, 0.962, 0.972);
const ACCENT = rgb(0.05, 0.36, 0.55);
const NOTE_BG = rgb(0.93, 0.96, 0.99);
const SIGNED = rgb(0.1, 0.48, 0.25);
const SIGNED_BG = rgb(0.93, 0.97, 0.94);

interface TextStyle {
  face: Face;
  size: number;
  color: Color;
}

interface SignatureLayout {
  pad: number;
  labelWidth: number;
  head: string[];
  rows: { label: string[]; value: string[] }[];
  note: string[];
  height: number;
  /** Space above the frame. */
  gap: number;
}

/** No-break spaces where a line break would separate what belongs together ("§ 3", "0,25 %", "z. B."). */
function keepTogether(text: string): string {
  return text
    .replace(/§ (?=\d)/g, `§${NBSP}`)
    .replace(/\b(Abs|Nr|Art|lit)\. (?=\w)/g, `$1.${NBSP}`)
    .replace(/(\d) (?=%)/g, `$1${NBSP}`)
    .replace(/\bz\. B\./g, `z.${NBSP}B.`)
    .replace(/\bi\. V\. m\./g, `i.${NBSP}V.${NBSP}m.`);
}

class Writer {
  readonly pages: PDFPage[] = [];
  private page: PDFPage;
  private y = CONTENT_TOP;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: Face,
    readonly bold: Face,
    private readonly draft: boolean,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(page);
    this.y = CONTENT_TOP;
    if (this.draft) this.watermark(page);
    return page;
  }

  private watermark(page: PDFPage): void {
    const text = 'ENTWURF';
    const size = 96;
    const angle = Math.PI / 4;
    const w = this.bold.width(text, size);
    const h = size * 0.72;
    const cx = PAGE_WIDTH / 2;
    const cy = PAGE_HEIGHT / 2;
    page.drawText(text, {
      x: cx - (w / 2) * Math.cos(angle) + (h / 2) * Math.sin(angle),
      y: cy - (w / 2) * Math.sin(angle) - (h / 2) * Math.cos(angle),
      size,
      font: this.bold.font,
      color: rgb(0.55, 0.58, 0.62),
      opacity: 0.07,
      rotate: degrees(45),
    });
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.y - height < CONTENT_BOTTOM && this.y < CONTENT_TOP) this.page = this.newPage();
  }

  space(height: number): void {
    this.y = Math.max(CONTENT_BOTTOM, this.y - height);
  }

  /** Wraps cleaned text for a style; every character is one the font can draw. */
  wrap(text: string, style: TextStyle, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
    const safe = style.face.encodable(keepTogether(text));
    const measure = (s: string) => style.face.width(s, style.size);
    return wrapLimited(safe, width - 0.5, measure, maxLines);
  }

  /** Draws one line in a box of height `leading` whose top is the current position. */
  private drawLine(line: string, x: number, top: number, leading: number, style: TextStyle): void {
    if (line === '') return;
    this.page.drawText(line, {
      x,
      y: top - leading / 2 - style.size * 0.36,
      size: style.size,
      font: style.face.font,
      color: style.color,
    });
  }

  /** Flowing lines: may continue on the next page. */
  lines(lines: string[], x: number, leading: number, style: TextStyle): void {
    for (const line of lines) {
      this.ensure(leading);
      this.drawLine(line, x, this.y, leading, style);
      this.y -= leading;
    }
  }

  paragraph(text: string, style: TextStyle = this.body(), x = MARGIN_X, width = CONTENT_WIDTH): void {
    this.lines(this.wrap(text, style, width), x, BODY_LEADING, style);
    this.space(5);
  }

  body(color: Color = INK): TextStyle {
    return { face: this.regular, size: BODY_SIZE, color };
  }

  heading(text: string): void {
    const style: TextStyle = { face: this.bold, size: 11.5, color: ACCENT };
    const lines = this.wrap(text, style, CONTENT_WIDTH, 2);
    // Keep the heading with at least three lines of what follows.
    this.ensure(10 + lines.length * 16 + 3 * BODY_LEADING);
    this.space(10);
    this.lines(lines, MARGIN_X, 16, style);
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y - 1 },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y - 1 },
      thickness: 0.6,
      color: RULE,
    });
    this.space(7);
  }

  bullets(items: string[]): void {
    const style = this.body();
    const indent = 16;
    for (const item of items) {
      const lines = this.wrap(item, style, CONTENT_WIDTH - indent);
      this.ensure(BODY_LEADING);
      this.drawLine('•', MARGIN_X + 5, this.y, BODY_LEADING, { ...style, color: ACCENT });
      this.lines(lines, MARGIN_X + indent, BODY_LEADING, style);
      this.space(1.5);
    }
    this.space(4);
  }

  /** Two-column table; each row is kept on one page. */
  facts(rows: ContractFact[], x = MARGIN_X, width = CONTENT_WIDTH, zebra = true): void {
    const labelStyle: TextStyle = { face: this.regular, size: BODY_SIZE, color: MUTED };
    const valueStyle: TextStyle = { face: this.bold, size: BODY_SIZE, color: INK };
    const pad = 3.5;
    const labelWidth = Math.min(215, width * 0.46);
    const valueX = x + labelWidth + 10;
    const valueWidth = width - labelWidth - 10 - pad;
    rows.forEach((row, index) => {
      const label = this.wrap(row.label, labelStyle, labelWidth - pad, 3);
      const value = this.wrap(row.value, valueStyle, valueWidth, 8);
      const height = Math.max(label.length, value.length) * BODY_LEADING + 2 * pad;
      this.ensure(height);
      if (zebra && index % 2 === 0) {
        this.page.drawRectangle({ x, y: this.y - height, width, height, color: ZEBRA });
      }
      const top = this.y - pad;
      label.forEach((line, i) => this.drawLine(line, x + pad, top - i * BODY_LEADING, BODY_LEADING, labelStyle));
      value.forEach((line, i) => this.drawLine(line, valueX, top - i * BODY_LEADING, BODY_LEADING, valueStyle));
      this.y -= height;
    });
    this.space(7);
  }

  /** A shaded box with a coloured bar; drawn as a paragraph if it would not fit on any page. */
  note(text: string): void {
    const style = this.body();
    const pad = 7;
    const lines = this.wrap(text, style, CONTENT_WIDTH - 2 * pad - 4);
    const height = lines.length * BODY_LEADING + 2 * pad;
    if (height > CONTENT_TOP - CONTENT_BOTTOM) {
      this.paragraph(text);
      return;
    }
    this.ensure(height);
    this.page.drawRectangle({ x: MARGIN_X, y: this.y - height, width: CONTENT_WIDTH, height, color: NOTE_BG });
    this.page.drawRectangle({ x: MARGIN_X, y: this.y - height, width: 3, height, color: ACCENT });
    const top = this.y - pad;
    lines.forEach((line, i) => this.drawLine(line, MARGIN_X + pad + 4, top - i * BODY_LEADING, BODY_LEADING, style));
    this.y -= height;
    this.space(8);
  }

  titleBlock(doc: ContractDocument): void {
    const signed = doc.status === 'signed';
    const badgeStyle: TextStyle = { face: this.bold, size: 8.5, color: rgb(1, 1, 1) };
    const badge = (signed ? '✓ ' : '') + doc.statusLabel.toUpperCase();
    const badgeText = this.wrap(badge, badgeStyle, CONTENT_WIDTH, 1)[0] ?? '';
    const badgeWidth = this.bold.width(badgeText, badgeStyle.size) + 16;
    this.page.drawRectangle({
      x: MARGIN_X,
      y: this.y - 17,
      width: badgeWidth,
      height: 17,
      color: signed ? SIGNED : MUTED,
    });
    this.drawLine(badgeText, MARGIN_X + 8, this.y, 17, badgeStyle);
    this.y -= 27;
    const titleStyle: TextStyle = { face: this.bold, size: 17, color: INK };
    this.lines(this.wrap(doc.title, titleStyle, CONTENT_WIDTH, 3), MARGIN_X, 22, titleStyle);
    this.space(3);
    const sub: TextStyle = { face: this.regular, size: 10, color: MUTED };
    this.lines(this.wrap(doc.subtitle, sub, CONTENT_WIDTH, 2), MARGIN_X, 15, sub);
    this.space(6);
  }

  /** `keepWith`: height of what must stay on the same page after the fields (the signature block). */
  signatureFields(fields: [SignatureField, SignatureField], keepWith = 0): void {
    const gap = 30;
    const colWidth = (CONTENT_WIDTH - gap) / 2;
    const roleStyle: TextStyle = { face: this.bold, size: BODY_SIZE, color: INK };
    const caption: TextStyle = { face: this.regular, size: SMALL_SIZE, color: MUTED };
    const filled: TextStyle = { face: this.regular, size: BODY_SIZE, color: SIGNED };
    const nameLines = fields.map((f) => this.wrap(f.name, this.body(), colWidth, 3));
    const height = 16 + 2 * (30 + 14) + Math.max(...nameLines.map((l) => l.length)) * BODY_LEADING + 8;
    this.space(14);
    this.ensure(height + keepWith);
    const top = this.y;
    fields.forEach((field, column) => {
      const x = MARGIN_X + column * (colWidth + gap);
      let y = top;
      this.drawLine(this.wrap(field.role, roleStyle, colWidth, 1)[0] ?? '', x, y, 16, roleStyle);
      y -= 16;
      for (const [prefill, label] of [
        [field.placeDate, 'Ort, Datum'],
        [field.signedNote, 'Unterschrift'],
      ] as const) {
        y -= 30;
        if (prefill) this.drawLine(this.wrap(prefill, filled, colWidth, 1)[0] ?? '', x, y + 16, 14, filled);
        this.page.drawLine({ start: { x, y }, end: { x: x + colWidth, y }, thickness: 0.7, color: INK });
        this.drawLine(label, x, y - 1, 12, caption);
        y -= 14;
      }
      (nameLines[column] ?? []).forEach((line, i) =>
        this.drawLine(line, x, y - i * BODY_LEADING, BODY_LEADING, this.body()),
      );
    });
    this.y = top - height;
  }

  /** Wraps the signature note's lines once, so its height is known before anything is drawn. */
  layoutSignature(signature: NonNullable<ContractDocument['signature']>): SignatureLayout {
    const pad = 10;
    const inner = CONTENT_WIDTH - 2 * pad;
    const labelWidth = 130;
    const head = this.wrap(signature.heading, this.sigHead(), inner, 2);
    const rows = signature.rows.map((row) => ({
      label: this.wrap(row.label, this.sigLabel(), labelWidth - 6, 2),
      value: this.wrap(row.value, this.sigValue(), inner - labelWidth, 4),
    }));
    const note = this.wrap(signature.note, this.sigNote(), inner, 4);
    const rowsHeight = rows.reduce((sum, r) => sum + Math.max(r.label.length, r.value.length) * BODY_LEADING, 0);
    const height = 2 * pad + head.length * 15 + 4 + rowsHeight + 4 + note.length * 12;
    return { pad, labelWidth, head, rows, note, height, gap: 16 };
  }

  private sigHead(): TextStyle {
    return { face: this.bold, size: 10.5, color: SIGNED };
  }

  private sigLabel(): TextStyle {
    return { face: this.regular, size: BODY_SIZE, color: MUTED };
  }

  private sigValue(): TextStyle {
    return { face: this.bold, size: BODY_SIZE, color: INK };
  }

  private sigNote(): TextStyle {
    return { face: this.regular, size: SMALL_SIZE + 0.5, color: MUTED };
  }

  /** The framed signature note of the signed version. */
  signatureBlock(layout: SignatureLayout): void {
    const { pad, labelWidth, head, rows, note, height } = layout;
    this.space(layout.gap);
    this.ensure(height);
    const x = MARGIN_X;
    this.page.drawRectangle({
      x,
      y: this.y - height,
      width: CONTENT_WIDTH,
      height,
      color: SIGNED_BG,
      borderColor: SIGNED,
      borderWidth: 1,
    });
    let y = this.y - pad;
    for (const line of head) {
      this.drawLine(line, x + pad, y, 15, this.sigHead());
      y -= 15;
    }
    y -= 4;
    for (const row of rows) {
      row.label.forEach((line, i) => this.drawLine(line, x + pad, y - i * BODY_LEADING, BODY_LEADING, this.sigLabel()));
      row.value.forEach((line, i) =>
        this.drawLine(line, x + pad + labelWidth, y - i * BODY_LEADING, BODY_LEADING, this.sigValue()),
      );
      y -= Math.max(row.label.length, row.value.length) * BODY_LEADING;
    }
    y -= 4;
    for (const line of note) {
      this.drawLine(line, x + pad, y, 12, this.sigNote());
      y -= 12;
    }
    this.y -= height;
  }

  /** Header and footer on every page, once the page count is known. */
  finish(doc: ContractDocument): void {
    const total = this.pages.length;
    const style: TextStyle = { face: this.regular, size: SMALL_SIZE, color: MUTED };
    const measure = (s: string) => this.regular.width(s, SMALL_SIZE);
    const half = CONTENT_WIDTH / 2 - 10;
    const brand = 'E-Auto-Leasing';
    const signed = doc.status === 'signed';
    this.pages.forEach((page, index) => {
      this.page = page;
      const header = truncateToWidth(this.regular.encodable(doc.headerText), half + 60, measure);
      this.drawLine(header, MARGIN_X, PAGE_HEIGHT - 34, 12, style);
      this.drawLine(brand, MARGIN_X + CONTENT_WIDTH - this.bold.width(brand, SMALL_SIZE), PAGE_HEIGHT - 34, 12, {
        ...style,
        face: this.bold,
        color: ACCENT,
      });
      page.drawLine({
        start: { x: MARGIN_X, y: PAGE_HEIGHT - 50 },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: PAGE_HEIGHT - 50 },
        thickness: 0.6,
        color: RULE,
      });
      page.drawLine({
        start: { x: MARGIN_X, y: 50 },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: 50 },
        thickness: 0.6,
        color: RULE,
      });
      const footer = truncateToWidth(this.regular.encodable(doc.footerText), half, measure);
      this.drawLine(footer, MARGIN_X, 46, 12, { ...style, color: signed ? SIGNED : MUTED });
      const pageText = `Seite ${index + 1} von ${total}`;
      this.drawLine(pageText, MARGIN_X + CONTENT_WIDTH - measure(pageText), 46, 12, style);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/** Renders the transfer contract as a PDF. The same input gives the same bytes. */
export async function renderTransferContract(input: TransferContractInput): Promise<Uint8Array> {
  const model = buildContractDocument(input);
  const bytes = await loadFontBytes();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const regular = new Face(await pdf.embedFont(bytes.regular, { subset: true }));
  const bold = new Face(await pdf.embedFont(bytes.bold, { subset: true }));

  const created = parseInstant(input.createdAt);
  const modified = parseInstant(input.signature?.signedAt) ?? created;
  const number = orderNumber(input.orderId);
  pdf.setTitle(
    `${CONTRACT_TITLE}${model.status === 'signed' ? ' (unterzeichnet)' : ' (Entwurf)'} – Bestellung Nr. ${number}`,
    {
      showInWindowTitleBar: true,
    },
  );
  pdf.setAuthor('E-Auto-Leasing');
  pdf.setSubject('Überlassung eines Elektrofahrzeugs als Dienstwagen mit Gehaltsumwandlung');
  pdf.setKeywords([
    'Überlassungsvertrag',
    'Gehaltsumwandlung',
    'Dienstwagen',
    'Elektrofahrzeug',
    `Bestellung ${number}`,
  ]);
  pdf.setCreator('E-Auto-Leasing');
  pdf.setProducer('E-Auto-Leasing Vertragsdienst (pdf-lib)');
  pdf.setLanguage('de-DE');
  if (created) pdf.setCreationDate(created);
  if (modified) pdf.setModificationDate(modified);

  const writer = new Writer(pdf, regular, bold, model.status === 'draft');
  writer.titleBlock(model);
  if (model.englishNotice) writer.note(model.englishNotice);
  for (const section of model.sections) {
    writer.heading(section.heading);
    for (const block of section.blocks) {
      switch (block.kind) {
        case 'facts':
          writer.facts(block.rows);
          break;
        case 'paragraph':
          writer.paragraph(block.text);
          break;
        case 'bullets':
          writer.bullets(block.items);
          break;
        case 'note':
          writer.note(block.text);
          break;
      }
    }
  }
  const signature = model.signature ? writer.layoutSignature(model.signature) : null;
  writer.signatureFields(model.signatureFields, signature ? signature.gap + signature.height : 0);
  if (signature) writer.signatureBlock(signature);
  writer.finish(model);

  return pdf.save({ useObjectStreams: true });
}
