/**
 * What the transfer contract says: the order data turned into sections of plain text blocks (pure,
 * testable). `contract-pdf.ts` lays them out on pages.
 */
import { CONTRACT_ENGLISH_NOTICE, type Language } from '@leasing/contract';

import { cleanText, formatDate, formatDateTime, orderNumber } from './contract-format.js';
import { buildContractSections, employeeName, orDash } from './contract-sections.js';

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** Everything the contract shows. Money in integer cents, dates as ISO strings. */
export interface TransferContractInput {
  orderId: number;
  /** ISO timestamp of the order; also the PDF's creation date. */
  createdAt: string;
  employer: { name: string };
  employee: {
    title: 'mr' | 'ms' | 'other' | null;
    firstName: string;
    lastName: string;
    street: string;
    streetNumber: string;
    postcode: string;
    place: string;
    placeOfBirth: string;
    /** ISO date (YYYY-MM-DD) or null. */
    dateOfBirth: string | null;
    employeeId: string | null;
    email: string;
  };
  vehicle: {
    brand: string;
    model: string;
    trimLevel: string | null;
    listPriceGrossCents: number;
    maximumPowerKw: number;
    rangeKm: number;
    batteryKwh: number;
    color: string;
    /** The technical figures and the list price are approximate (demo) values. */
    approximate: boolean;
  };
  leasePackage: {
    durationMonths: number;
    kmPerYear: number;
    tires: 'ALL_SEASON' | 'SUMMER_WINTER_SETS';
    totalMonthlyGrossCostCents: number;
    /** EUR per km, up to 4 decimals. */
    costsMoreKilometers: number;
    /** EUR per km, up to 4 decimals. */
    reimbursementLessKilometers: number;
    /** Extra km over the whole term that are not charged. */
    excessMileageAllowance: number;
    /** Fewer km over the whole term that are not refunded. */
    exemptionLimitLessKilometers: number;
    /** Most fewer km that are refunded. */
    capFewerKilometers: number;
    /** Most extra km at the per-km charge before the rate is recalculated. */
    capExtraKilometers: number;
    maintenanceAndServicingIncluded: boolean;
    vehicleInsuranceIncluded: boolean;
    tirePackageIncluded: boolean;
    tireChangeIncluded: boolean;
    rateInsuranceIncluded: boolean;
  };
  delivery: 'HOME' | 'COMPANY' | 'DEALER';
  conversion: {
    /** Gross salary converted per month. */
    monthlyConversionCents: number;
    employerContributionCents: number;
    /** Estimated net monthly cost for the employee (the user price). */
    netMonthlyRateCents: number;
    privateUseBenefitCents: number;
    commutingBenefitCents: number;
    /** E.g. "0,25 % des Bruttolistenpreises". */
    benefitRuleLabel: string;
    /**
     * Legal limits the conversion takes the employee below (JAEG, Midijob, minimum wage), with the
     * payroll engine's German explanation; absent in orders stored before they existed.
     */
    warnings?: readonly { code: string; message: string }[];
  };
  /** Present once the employee has signed: the PDF is then the signed version. */
  signature?: { signedAt: string; signerName: string; method: string; caseId: string };
  /** Present once the employer approved the order: its signature block is filled in (countersigned). */
  countersignature?: { approvedAt: string; approverName: string };
  /** The employee's language: 'en' adds the English notice on the first page; the contract stays German. */
  employeeLanguage?: Language;
}

// ---------------------------------------------------------------------------------------------
// Contract content (pure)
// ---------------------------------------------------------------------------------------------

export interface ContractFact {
  label: string;
  value: string;
}

export type ContractBlock =
  | { kind: 'facts'; rows: ContractFact[] }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'note'; text: string };

export interface ContractSection {
  heading: string;
  blocks: ContractBlock[];
}

export interface SignatureField {
  role: string;
  name: string;
  /** Pre-filled "place, date" line (the electronic signature), or null for a blank line. */
  placeDate: string | null;
  /** Text in place of the handwritten signature, or null for a blank line. */
  signedNote: string | null;
}

export interface ContractDocument {
  status: 'draft' | 'signed';
  title: string;
  /** "Vertragsentwurf" or "Unterzeichnet". */
  statusLabel: string;
  subtitle: string;
  /** For an employee who chose English: the German text binds, and what the contract says in short. */
  englishNotice: string | null;
  headerText: string;
  footerText: string;
  sections: ContractSection[];
  signatureFields: [SignatureField, SignatureField];
  signature: { heading: string; rows: ContractFact[]; note: string } | null;
}

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
