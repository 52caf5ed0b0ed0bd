/**
 * The billing mails in German and English: the provider's monthly e-invoice or credit note to an
 * employer's billing address. The sender attaches the document's XML (the e-invoice itself) and its
 * PDF (a view of it); the mail says which one counts. A letter to a company's address: formal
 * salutation and closing, signed by the seller (`letter`), no link.
 */
import type { BillingMail, InEveryLanguage } from './mail-types.js';

/** A credit note's amount is shown as what is credited, whichever sign the document gives it. */
const amountOf = (mail: BillingMail) => (mail.type === 'CREDIT_NOTE' ? Math.abs(mail.grossEur) : mail.grossEur);

export const INVOICE_ISSUED: InEveryLanguage<BillingMail> = {
  de: (m, f) => {
    const document = m.type === 'CREDIT_NOTE' ? 'Gutschrift' : 'Rechnung';
    return {
      subject: `${document} ${m.invoiceNumber} für ${f.month(m.month)} – ${m.sellerName}`,
      paragraphs: [
        `anbei erhalten Sie unsere ${document} ${m.invoiceNumber} an ${m.tenantName} für ${f.month(m.month)}.`,
        m.type === 'CREDIT_NOTE'
          ? `Der Betrag der Gutschrift von ${f.euro(amountOf(m))} (brutto) wird Ihnen zum ${f.date(m.dueDate)} gutgeschrieben.`
          : `Der Rechnungsbetrag von ${f.euro(amountOf(m))} (brutto) ist bis zum ${f.date(m.dueDate)} fällig.`,
        m.type === 'CREDIT_NOTE'
          ? 'Die elektronische Gutschrift im Anhang (XML-Datei) ist das maßgebliche Dokument; die PDF-Datei dient der Ansicht.'
          : 'Die E-Rechnung im Anhang (XML-Datei) ist das maßgebliche Dokument; die PDF-Datei dient der Ansicht.',
      ],
      letter: { signature: m.sellerName },
    };
  },
  en: (m, f) => {
    const document = m.type === 'CREDIT_NOTE' ? 'credit note' : 'invoice';
    const title = m.type === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice';
    return {
      subject: `${title} ${m.invoiceNumber} for ${f.month(m.month)} – ${m.sellerName}`,
      paragraphs: [
        `Please find attached our ${document} ${m.invoiceNumber} to ${m.tenantName} for ${f.month(m.month)}.`,
        m.type === 'CREDIT_NOTE'
          ? `The amount of ${f.euro(amountOf(m))} (gross) will be credited to you on ${f.date(m.dueDate)}.`
          : `The invoice total of ${f.euro(amountOf(m))} (gross) is due by ${f.date(m.dueDate)}.`,
        m.type === 'CREDIT_NOTE'
          ? 'The attached electronic credit note (XML file) is the authoritative document; the PDF file is for viewing.'
          : 'The attached e-invoice (XML file) is the authoritative document; the PDF file is for viewing.',
      ],
      letter: { signature: m.sellerName },
    };
  },
};
