/**
 * What the transfer contract says: the order data turned into sections of plain text blocks (pure,
 * testable). `contract-pdf.ts` lays them out on pages.
 */
import { CONTRACT_ENGLISH_NOTICE } from '@leasing/contract';

import { cleanText, formatDate, formatDateTime, orderNumber } from './contract-format.js';
import { buildContractSections, employeeName, orDash } from './contract-sections.js';
import type { ContractDocument, TransferContractInput } from './contract-types.js';

export type {
  ContractBlock,
  ContractDocument,
  ContractFact,
  ContractSection,
  SignatureField,
  TransferContractInput,
} from './contract-types.js';

// ---------------------------------------------------------------------------------------------
// Contract content (pure)
// ---------------------------------------------------------------------------------------------

export const CONTRACT_TITLE = 'Überlassungsvertrag für ein Dienstfahrzeug mit Gehaltsumwandlung';
/** Excess per claim in partial and comprehensive cover (spec 9, FAQ). */
/** Everything the PDF shows, as plain text. */
export function buildContractDocument(input: TransferContractInput): ContractDocument {
  const signed = input.signature != null;
  const number = orderNumber(input.orderId);
  const employer = orDash(cleanText(input.employer.name, 160));
  const employee = employeeName(input.employee, false);
  const sig = input.signature;
  const signedDate = sig ? formatDate(sig.signedAt) : '';
  return {
    status: signed ? 'signed' : 'draft',
    title: CONTRACT_TITLE,
    statusLabel: input.countersignature ? 'Gegengezeichnet' : signed ? 'Unterzeichnet' : 'Vertragsentwurf',
    subtitle: `Bestellung Nr. ${number} · erstellt am ${formatDate(input.createdAt)}${sig ? ` · unterzeichnet am ${signedDate}` : ''}`,
    englishNotice: input.employeeLanguage === 'en' ? CONTRACT_ENGLISH_NOTICE : null,
    headerText: `Überlassungsvertrag · Bestellung Nr. ${number}`,
    footerText: signed ? `Unterzeichnet am ${signedDate}` : 'Vertragsentwurf – nicht unterzeichnet',
    sections: buildContractSections(input),
    signatureFields: [
      {
        role: 'Für den Arbeitgeber',
        name: input.countersignature
          ? `${employer} – ${orDash(cleanText(input.countersignature.approverName, 120))}`
          : employer,
        placeDate: input.countersignature ? `elektronisch, ${formatDate(input.countersignature.approvedAt)}` : null,
        signedNote: input.countersignature
          ? `gegengezeichnet durch ${orDash(cleanText(input.countersignature.approverName, 120))} am ${formatDate(input.countersignature.approvedAt)}`
          : null,
      },
      {
        role: 'Arbeitnehmer',
        name: employee,
        placeDate: sig ? `elektronisch, ${signedDate}` : null,
        signedNote: sig ? 'elektronisch signiert – siehe Signaturvermerk' : null,
      },
    ],
    signature: sig
      ? {
          heading: 'Signaturvermerk: elektronisch unterzeichnet',
          rows: [
            { label: 'Unterzeichnet von', value: orDash(cleanText(sig.signerName, 160)) },
            { label: 'Zeitpunkt', value: formatDateTime(sig.signedAt) },
            { label: 'Verfahren', value: orDash(cleanText(sig.method, 160)) },
            { label: 'Vorgangsnummer', value: orDash(cleanText(sig.caseId, 100)) },
          ],
          note: 'Der Arbeitnehmer hat diesen Vertrag mit dem angegebenen Verfahren elektronisch unterzeichnet. Die Signatur ist über die Vorgangsnummer beim Signaturdienstleister nachprüfbar.',
        }
      : null,
  };
}

/** The whole document as plain text, one block per line (for search and tests). */
export function contractPlainText(doc: ContractDocument): string {
  const out: string[] = [doc.statusLabel, doc.title, doc.subtitle, ...(doc.englishNotice ? [doc.englishNotice] : [])];
  for (const section of doc.sections) {
    out.push(section.heading);
    for (const block of section.blocks) {
      if (block.kind === 'facts') out.push(...block.rows.map((r) => `${r.label}: ${r.value}`));
      else if (block.kind === 'bullets') out.push(...block.items.map((i) => `• ${i}`));
      else out.push(block.text);
    }
  }
  for (const field of doc.signatureFields) {
    out.push(field.role, field.placeDate ?? 'Ort, Datum', field.signedNote ?? 'Unterschrift', field.name);
  }
  if (doc.signature) {
    out.push(doc.signature.heading, ...doc.signature.rows.map((r) => `${r.label}: ${r.value}`), doc.signature.note);
  }
  out.push(doc.footerText);
  return out.join('\n');
}
