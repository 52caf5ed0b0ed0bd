/**
 * The billing mails in German and English: the provider's monthly e-invoice or credit note to an
 * employer's billing address. The sender attaches the document's XML (the e-invoice itself) and its
 * PDF (a view of it); the mail says which one counts. A letter to a company's address: formal
 * salutation and closing, signed by the seller (`letter`). Too large to attach (`portalLink`), the
 * mail says so and links the employer portal's invoices instead; otherwise it has no link.
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
        m.portalLink
          ? `wir haben unsere ${document} ${m.invoiceNumber} an ${m.tenantName} für ${f.month(m.month)} ausgestellt.`
          : `anbei erhalten Sie unsere ${document} ${m.invoiceNumber} an ${m.tenantName} für ${f.month(m.month)}.`,
        m.type === 'CREDIT_NOTE'
          ? `Der Betrag der Gutschrift von ${f.euro(amountOf(m))} (brutto) wird Ihnen zum ${f.date(m.dueDate)} gutgeschrieben.`
          : `Der Rechnungsbetrag von ${f.euro(amountOf(m))} (brutto) ist bis zum ${f.date(m.dueDate)} fällig.`,
        ...(m.portalLink
          ? [
              `Die Dateien sind für den Versand per E-Mail zu groß. Sie stehen im Arbeitgeberportal unter „Rechnungen“ zum Herunterladen bereit: die ${m.type === 'CREDIT_NOTE' ? 'elektronische Gutschrift' : 'E-Rechnung'} (XML-Datei) als maßgebliches Dokument und die PDF-Datei zur Ansicht.`,
            ]
          : [
              m.type === 'CREDIT_NOTE'
                ? 'Die elektronische Gutschrift im Anhang (XML-Datei) ist das maßgebliche Dokument; die PDF-Datei dient der Ansicht.'
                : 'Die E-Rechnung im Anhang (XML-Datei) ist das maßgebliche Dokument; die PDF-Datei dient der Ansicht.',
            ]),
      ],
      ...(m.portalLink ? { action: { link: m.portalLink, label: 'Zu den Rechnungen' } } : {}),
      letter: { signature: m.sellerName },
    };
  },
  en: (m, f) => {
    const document = m.type === 'CREDIT_NOTE' ? 'credit note' : 'invoice';
    const title = m.type === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice';
    return {
      subject: `${title} ${m.invoiceNumber} for ${f.month(m.month)} – ${m.sellerName}`,
      paragraphs: [
        m.portalLink
          ? `We have issued our ${document} ${m.invoiceNumber} to ${m.tenantName} for ${f.month(m.month)}.`
          : `Please find attached our ${document} ${m.invoiceNumber} to ${m.tenantName} for ${f.month(m.month)}.`,
        m.type === 'CREDIT_NOTE'
          ? `The amount of ${f.euro(amountOf(m))} (gross) will be credited to you on ${f.date(m.dueDate)}.`
          : `The invoice total of ${f.euro(amountOf(m))} (gross) is due by ${f.date(m.dueDate)}.`,
        ...(m.portalLink
          ? [
              `The files are too large to be sent by e-mail. They are ready to download in the employer portal under "Rechnungen": the ${m.type === 'CREDIT_NOTE' ? 'electronic credit note' : 'e-invoice'} (XML file) as the authoritative document and the PDF file for viewing.`,
            ]
          : [
              m.type === 'CREDIT_NOTE'
                ? 'The attached electronic credit note (XML file) is the authoritative document; the PDF file is for viewing.'
                : 'The attached e-invoice (XML file) is the authoritative document; the PDF file is for viewing.',
            ]),
      ],
      ...(m.portalLink ? { action: { link: m.portalLink, label: 'Go to invoices' } } : {}),
      letter: { signature: m.sellerName },
    };
  },
};
