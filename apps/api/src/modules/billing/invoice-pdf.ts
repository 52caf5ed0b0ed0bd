/**
 * The readable invoice (A4 PDF, German, de-DE formats, the contract's embedded fonts). For the
 * XRechnung formats it is a view of the e-invoice and says so: the XML is the invoice (§ 14 UStG
 * from 2025). For ZUGFeRD it becomes the PDF/A-3 the CII is embedded in (`e-invoice.ts`).
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';

import { cleanText, Face, formatEuro, loadFontBytes, wrapText } from '../contract/index.js';
import { germanDate, monthName, VAT_PERCENT } from './lines.js';
import { buyerReference, type InvoiceDraft } from './totals.js';

/**
 * pdf-lib draws a text by its glyphs alone and never reads the positions fontkit's layout computes
 * (DejaVu's GPOS: kern, mark, mkmk; its GSUB, which picks the glyphs, has none of these), so the
 * layout is asked not to compute them: the same glyphs, less than half the work.
 */
export const NO_POSITIONING = { kern: false, mark: false, mkmk: false };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/**
 * fontkit for pdf-lib, each font file parsed once per process: a parsed font is only read (by the
 * layout of a text and by a document's own subset), so every invoice shares it instead of parsing
 * the two DejaVu files (and their layout tables) again for each document. The same glyphs, the same
 * bytes.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsedFonts = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
const sharedFontkit: Fontkit = {
  create(bytes, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    let font = parsedFonts.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

export function invoiceFileName(number: string, extension: 'pdf' | 'xml'): string {
  return `${number.replace(/[^A-Za-z0-9-]/g, '_')}.${extension}`;
}

export function invoiceTitle(draft: Pick<InvoiceDraft, 'type'>): string {
  return draft.type === 'INVOICE' ? 'Rechnung' : 'Gutschrift';
}

const quantityText = (milli: number, unit: string) => {
  const value = (milli / 1000).toLocaleString('de-DE', { maximumFractionDigits: 3 });
  return unit === 'MON' ? `${value} Monat` : `${value} Stk.`;
};

export async function renderInvoicePdf(draft: InvoiceDraft, number: string, createdAt: Date): Promise<Uint8Array> {
  const bytes = await loadFontBytes();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(sharedFontkit);
  const regular = new Face(await pdf.embedFont(bytes.regular, { subset: true, features: NO_POSITIONING }));
  const bold = new Face(await pdf.embedFont(bytes.bold, { subset: true, features: NO_POSITIONING }));
  const title = `${invoiceTitle(draft)} ${number}`;
  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setAuthor(cleanText(draft.seller.legalName));
  pdf.setCreator('E-Auto-Leasing');
  pdf.setProducer('E-Auto-Leasing Abrechnung (pdf-lib)');
  pdf.setLanguage('de-DE');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);

  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN + 40) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const draw = (face: Face, text: string, x: number, size: number) =>
    page.drawText(face.encodable(text), { x, y, size, font: face.font, color: rgb(0.1, 0.1, 0.1) });
  const right = (face: Face, text: string, xRight: number, size: number) =>
    draw(face, text, xRight - face.width(face.encodable(text), size), size);
  const paragraph = (face: Face, text: string, size: number, x = MARGIN, w = width) => {
    for (const line of wrapText(face.encodable(cleanText(text, 2000)), w, (t) => face.width(t, size))) {
      ensure(size + 4);
      draw(face, line, x, size);
      y -= size + 4;
    }
  };

  const { seller, buyer, totals } = draft;
  const sellerLine = `${seller.legalName} · ${seller.street} ${seller.streetNumber} · ${seller.postcode} ${seller.place}`;
  paragraph(regular, sellerLine, 8);
  y -= 8;
  for (const line of [
    buyer.name,
    `${buyer.billing.street} ${buyer.billing.streetNumber}`,
    `${buyer.billing.postcode} ${buyer.billing.place}`,
    buyer.billing.countryCode === 'DE' ? '' : buyer.billing.countryCode,
  ].filter((l) => l !== '')) {
    draw(regular, cleanText(line), MARGIN, 10);
    y -= 14;
  }
  y -= 16;
  draw(bold, title, MARGIN, 16);
  y -= 24;
  const facts: [string, string][] = [
    ['Rechnungsdatum', germanDate(draft.issueDate)],
    ['Leistungszeitraum', `${monthName(draft.month)} (${germanDate(`${draft.month}-01`)} bis Monatsende)`],
    ['Kundennummer', buyer.customerNumber],
    [buyer.billing.isPublicBody ? 'Leitweg-ID' : 'Käuferreferenz', buyerReference(buyer.billing, buyer.customerNumber)],
    ...(draft.type === 'INVOICE' ? ([['Fällig am', germanDate(draft.dueDate)]] as [string, string][]) : []),
    ...(draft.precedingInvoice
      ? ([['Bezug', `Rechnung ${draft.precedingInvoice.number} vom ${germanDate(draft.precedingInvoice.issueDate)}`]] as [string, string][])
      : []),
  ];
  for (const [label, value] of facts) {
    draw(regular, label, MARGIN, 9);
    draw(regular, cleanText(value), MARGIN + 120, 9);
    y -= 13;
  }
  y -= 10;
  // The lines: position, text (wrapped), quantity, net amount.
  const amountRight = MARGIN + width;
  const quantityRight = amountRight - 90;
  const textWidth = quantityRight - 70 - (MARGIN + 24);
  draw(bold, 'Pos.', MARGIN, 9);
  draw(bold, 'Beschreibung', MARGIN + 24, 9);
  right(bold, 'Menge', quantityRight, 9);
  right(bold, 'Netto', amountRight, 9);
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: amountRight, y }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) });
  y -= 12;
  draft.lines.forEach((line, i) => {
    const wrapped = wrapText(regular.encodable(cleanText(line.description, 500)), textWidth, (t) => regular.width(t, 8.5));
    ensure(wrapped.length * 11 + 4);
    draw(regular, String(i + 1), MARGIN, 8.5);
    right(regular, quantityText(line.quantityMilli, line.unitCode), quantityRight, 8.5);
    right(regular, formatEuro(line.netCents), amountRight, 8.5);
    for (const text of wrapped) {
      draw(regular, text, MARGIN + 24, 8.5);
      y -= 11;
    }
    y -= 3;
  });
  ensure(80);
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: amountRight, y: y + 6 }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) });
  y -= 8;
  for (const [label, cents, face] of [
    ['Summe netto', totals.taxExclusiveCents, regular],
    [`Umsatzsteuer ${VAT_PERCENT} % auf ${formatEuro(totals.taxableCents)}`, totals.vatCents, regular],
    [draft.type === 'INVOICE' ? 'Rechnungsbetrag' : 'Gutschriftbetrag', totals.payableCents, bold],
  ] as const) {
    right(face, label, quantityRight, 10);
    right(face, formatEuro(cents), amountRight, 10);
    y -= 15;
  }
  y -= 12;
  const bank = [`IBAN ${seller.iban}`, seller.bic ? `BIC ${seller.bic}` : '', seller.bankName ?? ''].filter((s) => s !== '');
  paragraph(
    regular,
    draft.type === 'INVOICE'
      ? `Bitte überweisen Sie den Rechnungsbetrag bis zum ${germanDate(draft.dueDate)} ohne Abzug unter Angabe der Rechnungsnummer ${number}: ${bank.join(', ')}.`
      : `Der Betrag wird mit der nächsten Rechnung verrechnet oder auf Ihr Konto erstattet.`,
    9,
  );
  y -= 6;
  const taxIds = [seller.vatId ? `USt-IdNr. ${seller.vatId}` : '', seller.taxNumber ? `Steuernummer ${seller.taxNumber}` : '']
    .filter((s) => s !== '')
    .join(' · ');
  paragraph(
    regular,
    `${seller.legalName} · ${taxIds} · Kontakt: ${seller.contactName}, ${seller.contactPhone}, ${seller.contactEmail}`,
    8,
  );
  if (buyer.billing.format !== 'ZUGFERD_EN16931') {
    y -= 4;
    paragraph(
      regular,
      'Diese PDF-Datei ist eine Ansicht. Maßgeblich ist die elektronische Rechnung (XRechnung, XML), die dieser Nachricht beiliegt.',
      8,
    );
  }
  return pdf.save({ useObjectStreams: false });
}
