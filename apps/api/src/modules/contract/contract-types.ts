/**
 * The transfer contract's shapes: what it is built from (`TransferContractInput`) and what it says
 * (sections of text blocks, signature fields). `contract-content.ts` builds the document,
 * `contract-sections.ts` its sections, `contract-pdf.ts` lays it out; all three share these.
 */
import type { Language } from '@leasing/contract';

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
