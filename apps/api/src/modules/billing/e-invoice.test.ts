import { InvoiceService } from '@e-invoice-eu/core';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, decodePDFRawStream, type PDFRawStream, type PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { buildBillableLease, buildDraft, DECEMBER_2026, tenantBillingFixture } from '../../test-support/billing-builders.js';
import { eInvoiceXml, generateEInvoice, semanticInvoice, XRECHNUNG_3_0, zugferdPdf } from './e-invoice.js';
import { leaseLines } from './lines.js';
import { invoiceTotals } from './totals.js';
import { loadFontBytes } from '../contract/index.js';
import { NO_POSITIONING, renderInvoicePdf } from './invoice-pdf.js';
import type { InvoiceDraft } from './totals.js';

const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

function draftIn(format: 'XRECHNUNG_UBL' | 'XRECHNUNG_CII' | 'ZUGFERD_EN16931', overrides: Partial<InvoiceDraft> = {}) {
  const base = buildDraft(overrides);
  return { ...base, buyer: { ...base.buyer, billing: tenantBillingFixture({ format }) } };
}

describe('the e-invoice as XML', () => {
  it('is an XRechnung 3.0 UBL with every item the German CIUS asks for', async () => {
    const draft = draftIn('XRECHNUNG_UBL');
    const xml = (await eInvoiceXml(semanticInvoice(draft, 'RE-2027-000001', 'XRECHNUNG_UBL'), 'XRECHNUNG_UBL')).toString('utf8');
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(texts(xml, 'cbc:CustomizationID')).toEqual([XRECHNUNG_3_0]);
    expect(texts(xml, 'cbc:ID')[0]).toBe('RE-2027-000001');
    expect(texts(xml, 'cbc:BuyerReference')).toEqual(['K-1234ABCD']);
    expect(texts(xml, 'cbc:PaymentMeansCode')).toEqual(['58']);
    expect(texts(xml, 'cbc:ElectronicMail')).toEqual(['rechnung@e-auto-leasing.example']);
    expect(texts(xml, 'cbc:Telephone')).toEqual(['+49 30 1234567']);
    expect(texts(xml, 'cbc:EndpointID')).toEqual(['rechnung@e-auto-leasing.example', 'buchhaltung@muster.example']);
    expect(texts(xml, 'cbc:StartDate')[0]).toBe('2026-12-01');
    expect(texts(xml, 'cbc:EndDate')[0]).toBe('2026-12-31');
    const { totals } = draft;
    expect(texts(xml, 'cbc:LineExtensionAmount').at(0)).toBe((totals.lineSumCents / 100).toFixed(2));
    expect(texts(xml, 'cbc:TaxAmount')).toEqual([(totals.vatCents / 100).toFixed(2), (totals.vatCents / 100).toFixed(2)]);
    expect(texts(xml, 'cbc:PayableAmount')).toEqual([(totals.payableCents / 100).toFixed(2)]);
    expect(texts(xml, 'cbc:Percent')).toEqual(['19', '19']);
  });

  it('is a CII with the same figures, and a credit note names the invoice it corrects', async () => {
    const draft = draftIn('XRECHNUNG_CII', {
      type: 'CREDIT_NOTE',
      precedingInvoice: { number: 'RE-2027-000001', issueDate: '2027-01-04' },
    });
    const cii = (await eInvoiceXml(semanticInvoice(draft, 'RE-2027-000002', 'XRECHNUNG_CII'), 'XRECHNUNG_CII')).toString('utf8');
    expect(cii).toContain('rsm:CrossIndustryInvoice');
    // CII D16B's schema requires the header's delivery, empty as it is for a monthly service.
    expect(cii).toMatch(/<\/ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeDelivery\/>\s*<ram:ApplicableHeaderTradeSettlement>/);
    expect(texts(cii, 'ram:TypeCode')).toContain('381');
    expect(texts(cii, 'ram:IssuerAssignedID')).toContain('RE-2027-000001');
    expect(texts(cii, 'ram:DuePayableAmount')).toEqual([(draft.totals.payableCents / 100).toFixed(2)]);
    const ubl = draftIn('XRECHNUNG_UBL', { type: 'CREDIT_NOTE', precedingInvoice: { number: 'RE-2027-000001', issueDate: '2027-01-04' } });
    const creditNote = (await eInvoiceXml(semanticInvoice(ubl, 'RE-2027-000002', 'XRECHNUNG_UBL'), 'XRECHNUNG_UBL')).toString('utf8');
    expect(creditNote).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(texts(creditNote, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(creditNote).toMatch(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>RE-2027-000001<\/cbc:ID>/);
  });
});

describe('the ZUGFeRD invoice', () => {
  it('is a PDF/A-3 with the CII as factur-x.xml, relationship Alternative, and Factur-X metadata', async () => {
    const draft = draftIn('ZUGFERD_EN16931');
    const semantic = semanticInvoice(draft, 'RE-2027-000003', 'ZUGFERD_EN16931');
    const pdf = await zugferdPdf(semantic, await renderInvoicePdf(draft, 'RE-2027-000003', new Date('2027-01-04T08:00:00Z')), 'RE-2027-000003.pdf');
    const doc = await PDFDocument.load(pdf);
    const af = doc.catalog.lookup(PDFName.of('AF'), PDFArray);
    const spec = doc.context.lookup(af.get(0), PDFDict);
    expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    expect((spec.lookup(PDFName.of('F')) as PDFString).decodeText()).toBe('factur-x.xml');
    const embedded = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream) as PDFRawStream;
    const xml = Buffer.from(decodePDFRawStream(embedded).decode()).toString('utf8');
    expect(texts(xml, 'ram:ID')).toContain('urn:cen.eu:en16931:2017');
    expect(texts(xml, 'ram:DuePayableAmount')).toEqual([(draft.totals.payableCents / 100).toFixed(2)]);
    const metadata = doc.catalog.lookup(PDFName.of('Metadata'), PDFStream) as PDFRawStream;
    const xmp = Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8');
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
  });
});

describe('the library, its schema compiled once', () => {
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

  it('writes what InvoiceService.generate writes, in each format, again and again', async () => {
    const lines = [17, 18, 19].flatMap((orderId) => leaseLines(buildBillableLease({ orderId }), DECEMBER_2026));
    const draft = buildDraft({ lines, totals: invoiceTotals(lines) });
    const invoice = semanticInvoice(draft, 'RE-2027-000004', 'XRECHNUNG_UBL');
    for (const format of ['XRECHNUNG-UBL', 'XRECHNUNG-CII', 'CII', 'UBL']) {
      const options = { format, lang: 'de-de', noWarnings: true };
      const library = await new InvoiceService(quiet).generate(structuredClone(invoice), { ...options });
      expect(await generateEInvoice(invoice, { ...options })).toEqual(library);
      expect(await generateEInvoice(invoice, { ...options })).toEqual(library);
    }
  });

  it('refuses what the schema refuses, as the library does', async () => {
    const invoice = semanticInvoice(buildDraft(), 'RE-2027-000005', 'XRECHNUNG_UBL');
    const broken = structuredClone(invoice) as unknown as { 'ubl:Invoice': Record<string, unknown> };
    delete broken['ubl:Invoice']['cbc:IssueDate'];
    const options = { format: 'XRECHNUNG-UBL', lang: 'de-de', noWarnings: true };
    await expect(new InvoiceService(quiet).generate(broken as never, { ...options })).rejects.toThrow();
    await expect(generateEInvoice(broken as never, { ...options })).rejects.toThrow();
    // The input is left as it was (the check works on a copy).
    expect(broken['ubl:Invoice']['cbc:ID']).toBe('RE-2027-000005');
  });
});

describe('the readable PDF', () => {
  it('draws the same glyphs and widths without the positions pdf-lib never reads', async () => {
    const bytes = await loadFontBytes();
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const samples = [
      'Leasingrate Dezember 2026 (anteilig 12 von 31 Tagen) – Volkswagen ID.3 Pro S – Jürgen Öztürk, Pers.-Nr. P-0-00001',
      'Agnieszka Dąbrowski · Yusuf Yılmaz · Süleyman Papadopoulos · Straße',
      'fi fl ffi ffl Ta To AV Wa Ty 7.1 “Zitat” – 1.234,56 €',
      'Cafe\u0301 n\u0303 A\u030a',
    ];
    for (const face of [bytes.regular, bytes.bold]) {
      const plain = await doc.embedFont(face, { subset: true });
      const unpositioned = await doc.embedFont(face, { subset: true, features: NO_POSITIONING });
      for (const text of samples) {
        expect(unpositioned.encodeText(text).toString()).toBe(plain.encodeText(text).toString());
        expect(unpositioned.widthOfTextAtSize(text, 9)).toBe(plain.widthOfTextAtSize(text, 9));
      }
    }
  });

  it('is the same file however many invoices were drawn before (the fonts are parsed once)', async () => {
    const at = new Date('2027-01-04T08:00:00Z');
    const draft = buildDraft();
    const first = Buffer.from(await renderInvoicePdf(draft, 'RE-2027-000006', at));
    const lines = [40, 41].flatMap((orderId) => leaseLines(buildBillableLease({ orderId, personName: 'Zoë Łukasik' }), DECEMBER_2026));
    await renderInvoicePdf(buildDraft({ lines, totals: invoiceTotals(lines) }), 'RE-2027-000007', at);
    expect(Buffer.from(await renderInvoicePdf(draft, 'RE-2027-000006', at)).equals(first)).toBe(true);
  });
});
