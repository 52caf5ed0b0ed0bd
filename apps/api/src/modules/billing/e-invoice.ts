/**
 * Our invoice as an EN 16931 e-invoice (ADR 0052): the draft is mapped to the semantic model in
 * UBL's vocabulary, which `@e-invoice-eu/core` serialises as XRechnung 3.0 UBL or CII, or as a
 * ZUGFeRD/Factur-X EN 16931 PDF/A-3 with the CII inside. What the figures are is decided here and in
 * `totals.ts`, never by the library.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';

import {
  FormatFactoryService,
  invoiceSchema,
  ValidationService,
  type Invoice,
  type InvoiceServiceOptions,
  type Logger,
} from '@e-invoice-eu/core';
import type { InvoiceFormat } from '@leasing/contract';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFStream } from 'pdf-lib';

import { buyerReference, type InvoiceDraft } from './totals.js';
import { VAT_PERCENT } from './lines.js';

export const XRECHNUNG_3_0 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** The business process (BT-23) XRechnung's examples use. */
const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const LIBRARY_FORMAT: Record<InvoiceFormat, string> = {
  XRECHNUNG_UBL: 'XRECHNUNG-UBL',
  XRECHNUNG_CII: 'XRECHNUNG-CII',
  ZUGFERD_EN16931: 'Factur-X-EN16931',
};

/** The specification identifier (BT-24) each format carries. */
export const CUSTOMIZATION_ID: Record<InvoiceFormat, string> = {
  XRECHNUNG_UBL: XRECHNUNG_3_0,
  XRECHNUNG_CII: XRECHNUNG_3_0,
  ZUGFERD_EN16931: 'urn:cen.eu:en16931:2017',
};

const eur = (cents: number) => (cents / 100).toFixed(2);
const quantity = (milli: number) => String(milli / 1000);

/** UNTDID 1001: 380 commercial invoice, 381 credit note. */
const TYPE_CODE = { INVOICE: '380', CREDIT_NOTE: '381' } as const;

function vatCategory() {
  return { 'cbc:ID': 'S', 'cbc:Percent': String(VAT_PERCENT), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } as const;
}

type PostalAddress = Invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PostalAddress'];
type CountryCode = PostalAddress['cac:Country']['cbc:IdentificationCode'];

function addressOf(a: { street: string; streetNumber: string; postcode: string; place: string; countryCode: string }) {
  return {
    'cbc:StreetName': `${a.street} ${a.streetNumber}`,
    'cbc:CityName': a.place,
    'cbc:PostalZone': a.postcode,
    // ISO 3166-1 alpha-2, checked by the contract's schema on input.
    'cac:Country': { 'cbc:IdentificationCode': a.countryCode as CountryCode },
  } satisfies PostalAddress;
}

/** The draft in the library's model (UBL names); `number` is the invoice's number (BT-1). */
export function semanticInvoice(draft: InvoiceDraft, number: string, format: InvoiceFormat): Invoice {
  const { seller, buyer, totals } = draft;
  const customerNumber = buyer.customerNumber;
  const billing = buyer.billing;
  const [year, month] = draft.month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const sellerTax = [
    ...(seller.vatId ? [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
    ...(seller.taxNumber ? [{ 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
  ];
  const invoice: Invoice['ubl:Invoice'] = {
    'cbc:CustomizationID': CUSTOMIZATION_ID[format],
    'cbc:ProfileID': PEPPOL_BILLING,
    'cbc:ID': number,
    'cbc:IssueDate': draft.issueDate,
    ...(draft.type === 'INVOICE' ? { 'cbc:DueDate': draft.dueDate } : {}),
    'cbc:InvoiceTypeCode': TYPE_CODE[draft.type],
    'cbc:Note': [
      draft.type === 'INVOICE'
        ? `Sammelrechnung der Dienstwagen-Leasingraten ${draft.month}`
        : `Gutschrift zur Rechnung ${draft.precedingInvoice?.number ?? ''}`,
    ],
    'cbc:DocumentCurrencyCode': 'EUR',
    'cbc:BuyerReference': buyerReference(billing, customerNumber),
    'cac:InvoicePeriod': { 'cbc:StartDate': `${draft.month}-01`, 'cbc:EndDate': lastDay },
    ...(draft.precedingInvoice
      ? {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': draft.precedingInvoice.number,
                'cbc:IssueDate': draft.precedingInvoice.issueDate,
              },
            },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        'cbc:EndpointID': seller.contactEmail,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PostalAddress': addressOf(seller),
        'cac:PartyTaxScheme': sellerTax as NonNullable<Invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PartyTaxScheme']>,
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.legalName },
        'cac:Contact': {
          'cbc:Name': seller.contactName,
          'cbc:Telephone': seller.contactPhone,
          'cbc:ElectronicMail': seller.contactEmail,
        },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        'cbc:EndpointID': billing.billingEmail,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PartyIdentification': { 'cbc:ID': customerNumber },
        'cac:PostalAddress': addressOf(billing),
        ...(billing.vatId ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': billing.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
      },
    },
    'cac:PaymentMeans': [
      {
        // 58: SEPA credit transfer (UNTDID 4461), the code XRechnung expects with an IBAN (BR-DE-23).
        'cbc:PaymentMeansCode': '58',
        'cbc:PaymentID': number,
        'cac:PayeeFinancialAccount': {
          'cbc:ID': seller.iban,
          'cbc:Name': seller.legalName,
          ...(seller.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic } } : {}),
        },
      },
    ],
    'cac:PaymentTerms': {
      'cbc:Note':
        draft.type === 'INVOICE'
          ? `Zahlbar ohne Abzug bis ${draft.dueDate} (${seller.paymentTermsDays} Tage).`
          : 'Der Betrag wird mit der nächsten Rechnung verrechnet oder erstattet.',
    },
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': eur(totals.vatCents),
        'cbc:TaxAmount@currencyID': 'EUR',
        'cac:TaxSubtotal': [
          {
            'cbc:TaxableAmount': eur(totals.taxableCents),
            'cbc:TaxableAmount@currencyID': 'EUR',
            'cbc:TaxAmount': eur(totals.vatCents),
            'cbc:TaxAmount@currencyID': 'EUR',
            'cac:TaxCategory': vatCategory(),
          },
        ],
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': eur(totals.lineSumCents),
      'cbc:LineExtensionAmount@currencyID': 'EUR',
      'cbc:TaxExclusiveAmount': eur(totals.taxExclusiveCents),
      'cbc:TaxExclusiveAmount@currencyID': 'EUR',
      'cbc:TaxInclusiveAmount': eur(totals.taxInclusiveCents),
      'cbc:TaxInclusiveAmount@currencyID': 'EUR',
      'cbc:PayableAmount': eur(totals.payableCents),
      'cbc:PayableAmount@currencyID': 'EUR',
    },
    'cac:InvoiceLine': draft.lines.map((line, i) => ({
      'cbc:ID': String(i + 1),
      'cbc:InvoicedQuantity': quantity(line.quantityMilli),
      'cbc:InvoicedQuantity@unitCode': line.unitCode,
      'cbc:LineExtensionAmount': eur(line.netCents),
      'cbc:LineExtensionAmount@currencyID': 'EUR',
      ...(line.periodStart && line.periodEnd
        ? { 'cac:InvoicePeriod': { 'cbc:StartDate': line.periodStart, 'cbc:EndDate': line.periodEnd } }
        : {}),
      ...(line.orderId !== null
        ? { 'cac:OrderLineReference': { 'cbc:LineID': String(line.orderId) } }
        : {}),
      'cac:Item': {
        'cbc:Description': line.description,
        'cbc:Name': itemName(line.kind),
        'cac:ClassifiedTaxCategory': vatCategory(),
      },
      'cac:Price': {
        'cbc:PriceAmount': eur(Math.abs(line.netCents * 1000) / Math.abs(line.quantityMilli)),
        'cbc:PriceAmount@currencyID': 'EUR',
      },
    })) as Invoice['ubl:Invoice']['cac:InvoiceLine'],
  };
  return { 'ubl:Invoice': invoice };
}

function itemName(kind: InvoiceDraft['lines'][number]['kind']): string {
  if (kind === 'RATE') return 'Leasingrate Dienstwagen (Full-Service)';
  if (kind === 'SETTLEMENT') return 'Abrechnung Fahrzeugrückgabe';
  return 'Ausgleichszahlung vorzeitige Vertragsbeendigung';
}

/** The library speaks through a logger; its words go nowhere but an error we raise ourselves. */
const quietLogger: Logger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** A compiled JSON-schema check (Ajv's `ValidateFunction`). */
type InvoiceCheck = ((data: unknown) => boolean) & { errors?: unknown };
type AjvClass = new (options: object) => { compile(schema: unknown): InvoiceCheck };
/** The library's own Ajv, the one its `InvoiceService` checks with (a dependency of the library, not ours). */
const Ajv2019 = createRequire(createRequire(import.meta.url).resolve('@e-invoice-eu/core'))('ajv/dist/2019') as AjvClass;
const formats = new FormatFactoryService();
const checks = new Map<string, InvoiceCheck>();

/** The invoice schema as the format patches it, compiled once per format (compiling costs about as much as writing a whole invoice). */
function checkOf(format: string): InvoiceCheck {
  let check = checks.get(format);
  if (!check) {
    const schema = structuredClone(invoiceSchema);
    formats.createFormatService(format, quietLogger).patchSchema(schema);
    check = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    checks.set(format, check);
  }
  return check;
}

/**
 * `InvoiceService.generate` of the pinned 2.3.4, step by step (a fresh copy of the input checked
 * against the format's schema, the format's defaults, the format's writer), with the schema compiled
 * once per format instead of once per call. The output is the library's (`e-invoice.test.ts`).
 */
export async function generateEInvoice(input: Invoice, options: InvoiceServiceOptions): Promise<string | Uint8Array> {
  const format = formats.normalizeFormat(options.format);
  const formatter = formats.createFormatService(format, quietLogger);
  const invoice = new ValidationService(quietLogger).validate(
    'invoice data',
    checkOf(format) as Parameters<ValidationService['validate']>[1],
    structuredClone(input),
  ) as Invoice;
  formatter.fillInvoiceDefaults(invoice);
  return formatter.generate(invoice, { ...options, format });
}

/** The e-invoice XML (for ZUGFeRD: the CII that goes inside the PDF as `factur-x.xml`). */
export async function eInvoiceXml(invoice: Invoice, format: InvoiceFormat): Promise<Buffer> {
  const libraryFormat = format === 'ZUGFERD_EN16931' ? 'CII' : LIBRARY_FORMAT[format];
  const copy = structuredClone(invoice);
  copy['ubl:Invoice']['cbc:CustomizationID'] = CUSTOMIZATION_ID[format];
  const generated = await generateEInvoice(copy, { format: libraryFormat, lang: 'de-de', noWarnings: true });
  const xml = typeof generated === 'string' ? generated : new TextDecoder().decode(generated);
  return Buffer.from(format === 'XRECHNUNG_UBL' ? xml : withCiiPrecedingInvoice(withCiiDelivery(xml), invoice), 'utf8');
}

/**
 * CII D16B requires the header's delivery element even when it says nothing (a monthly service has no
 * delivery of its own; the invoice period BG-14 says when it was rendered). The library leaves it
 * out, which the schema refuses; it goes between the agreement and the settlement.
 */
function withCiiDelivery(xml: string): string {
  if (xml.includes('<ram:ApplicableHeaderTradeDelivery')) return xml;
  const anchor = '</ram:ApplicableHeaderTradeAgreement>';
  if (!xml.includes(anchor)) throw new Error('CII without a header trade agreement');
  return xml.replace(anchor, `${anchor}<ram:ApplicableHeaderTradeDelivery/>`);
}

/**
 * BT-25/BT-26 in CII: the library maps UBL's `BillingReference` to CII from a shape its own schema
 * does not allow, so a CII credit note would lose the invoice it corrects. It goes where CII D16B
 * places it in the header settlement: right after the monetary summation.
 */
function withCiiPrecedingInvoice(xml: string, invoice: Invoice): string {
  const reference = invoice['ubl:Invoice']['cac:BillingReference']?.[0]?.['cac:InvoiceDocumentReference'];
  if (!reference || xml.includes('<ram:InvoiceReferencedDocument>')) return xml;
  const anchor = '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>';
  if (!xml.includes(anchor)) throw new Error('CII without a monetary summation');
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const date = reference['cbc:IssueDate']
    ? `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${reference['cbc:IssueDate'].replaceAll('-', '')}</qdt:DateTimeString></ram:FormattedIssueDateTime>`
    : '';
  const element = `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${escape(reference['cbc:ID'])}</ram:IssuerAssignedID>${date}</ram:InvoiceReferencedDocument>`;
  return xml.replace(anchor, `${anchor}${element}`);
}

/**
 * A ZUGFeRD/Factur-X EN 16931 invoice: our readable PDF as PDF/A-3 with the CII embedded. `xml`: that
 * CII when the caller has already written it (`eInvoiceXml(invoice, 'ZUGFERD_EN16931')`).
 */
export async function zugferdPdf(invoice: Invoice, readablePdf: Uint8Array, fileName: string, xml?: Buffer): Promise<Buffer> {
  const pdf = await generateEInvoice(invoice, {
    format: LIBRARY_FORMAT.ZUGFERD_EN16931,
    lang: 'de-de',
    noWarnings: true,
    pdf: { buffer: readablePdf, filename: fileName, mimetype: 'application/pdf' },
  });
  if (typeof pdf === 'string') throw new Error('ZUGFeRD: the library answered text, not a PDF');
  return withEmbeddedXml(pdf, xml ?? (await eInvoiceXml(invoice, 'ZUGFERD_EN16931')));
}

/**
 * The PDF's `factur-x.xml` replaced by our CII (the one stored and served as the XML), so the picture
 * and the XML a receiver reads are the same invoice, BT-25 included; size and MD5 follow (PDF/A-3).
 */
async function withEmbeddedXml(pdf: Uint8Array, xml: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const af = doc.catalog.lookup(PDFName.of('AF'), PDFArray);
  const spec = doc.context.lookup(af.get(0), PDFDict);
  const ef = spec.lookup(PDFName.of('EF'), PDFDict);
  const old = ef.lookup(PDFName.of('F'), PDFStream);
  const params = old.dict.lookup(PDFName.of('Params'), PDFDict);
  params.set(PDFName.of('Size'), PDFNumber.of(xml.length));
  params.set(PDFName.of('CheckSum'), PDFHexString.of(crypto.createHash('md5').update(xml).digest('hex')));
  const stream = doc.context.flateStream(xml, {
    Type: 'EmbeddedFile',
    Subtype: old.dict.get(PDFName.of('Subtype')),
    Params: params,
  });
  const ref = doc.context.register(stream);
  ef.set(PDFName.of('F'), ref);
  ef.set(PDFName.of('UF'), ref);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
