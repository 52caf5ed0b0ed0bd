import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, decodePDFRawStream, type PDFRawStream, type PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { buildDraft, tenantBillingFixture } from '../../test-support/billing-builders.js';
import { eInvoiceXml, semanticInvoice, XRECHNUNG_3_0, zugferdPdf } from './e-invoice.js';
import { renderInvoicePdf } from './invoice-pdf.js';
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
