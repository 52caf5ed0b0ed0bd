/**
 * An invoice's totals by EN 16931's rules and the product's own check before it issues anything
 * (the official rule sets are not shipped with the product; ADR 0052). Pure, integer cents.
 *
 * - BR-CO-10: the sum of the line net amounts is BT-106; there are no document-level allowances
 *   or charges, so BT-109 (without VAT) = BT-106 (BR-CO-13).
 * - BR-S-08 / BR-S-09: one VAT breakdown for category S at 19 %, taxable amount BT-116 = the sum of
 *   the S lines, tax BT-117 = BT-116 × 19 / 100 rounded to the cent (half up).
 * - BR-CO-14: the VAT total BT-110 = the breakdowns' tax; BR-CO-15: BT-112 = BT-109 + BT-110;
 *   BT-115 (payable) = BT-112, nothing is prepaid.
 */
import { isValidIban, isValidLeitwegId, type BillingProfile, type TenantBilling } from '@leasing/contract';

import { roundHalfUp, VAT_PERCENT, type DraftLine } from './lines.js';

export interface InvoiceTotals {
  lineSumCents: number;
  taxExclusiveCents: number;
  taxableCents: number;
  vatCents: number;
  taxInclusiveCents: number;
  payableCents: number;
}

export function invoiceTotals(lines: readonly Pick<DraftLine, 'netCents'>[]): InvoiceTotals {
  const lineSumCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatCents = roundHalfUp((lineSumCents * VAT_PERCENT) / 100);
  return {
    lineSumCents,
    taxExclusiveCents: lineSumCents,
    taxableCents: lineSumCents,
    vatCents,
    taxInclusiveCents: lineSumCents + vatCents,
    payableCents: lineSumCents + vatCents,
  };
}

/** What an invoice is made of before it gets a number. */
export interface InvoiceDraft {
  type: 'INVOICE' | 'CREDIT_NOTE';
  month: string;
  issueDate: string;
  dueDate: string;
  seller: BillingProfile;
  /** `customerNumber`: the provider's number for the employer (BT-46; BT-10 where the employer gives none). */
  buyer: { name: string; customerNumber: string; billing: TenantBilling };
  lines: readonly DraftLine[];
  totals: InvoiceTotals;
  /** A credit note: the invoice it corrects (BT-25, BT-26). */
  precedingInvoice?: { number: string; issueDate: string };
}

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * Why a draft must not be issued (empty: it may). Checks what EN 16931 and the German CIUS require of
 * what we compute and hold: totals, the mandatory parties' items, the buyer reference or Leitweg-ID,
 * the payment instructions.
 */
export function invoiceDraftProblems(draft: InvoiceDraft): string[] {
  const problems: string[] = [];
  const { seller, buyer, lines, totals } = draft;
  if (lines.length === 0) problems.push('BR-16: keine Rechnungsposition');
  const recomputed = invoiceTotals(lines);
  for (const key of Object.keys(recomputed) as (keyof InvoiceTotals)[]) {
    if (recomputed[key] !== totals[key]) problems.push(`Summen: ${key} ist ${totals[key]}, erwartet ${recomputed[key]}`);
  }
  if (totals.lineSumCents !== totals.taxExclusiveCents) problems.push('BR-CO-13: Nettosumme ≠ Summe der Positionen');
  if (totals.taxInclusiveCents !== totals.taxExclusiveCents + totals.vatCents) problems.push('BR-CO-15: Bruttosumme');
  if (draft.type === 'INVOICE' && totals.payableCents < 0) problems.push('Eine Rechnung mit negativem Betrag ist eine Gutschrift');
  if (draft.type === 'CREDIT_NOTE' && !draft.precedingInvoice) problems.push('BR-55: Gutschrift ohne Bezug auf die Rechnung');
  lines.forEach((line, i) => {
    if (!present(line.description)) problems.push(`BR-25: Position ${i + 1} ohne Bezeichnung`);
    if (line.quantityMilli === 0) problems.push(`BR-22: Position ${i + 1} ohne Menge`);
    if (Math.sign(line.netCents) * Math.sign(line.quantityMilli) < 0) problems.push(`BR-27: Position ${i + 1} mit negativem Preis`);
  });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.issueDate)) problems.push('BR-03: Rechnungsdatum');
  if (draft.dueDate < draft.issueDate) problems.push('Fälligkeit vor dem Rechnungsdatum');
  // Seller (BG-4, BR-DE-2 … 7: contact with name, phone and e-mail; BR-DE-16: VAT id or tax number).
  if (!present(seller.legalName)) problems.push('BR-06: Name des Verkäufers');
  if (!present(seller.place) || !present(seller.postcode)) problems.push('BR-DE-3/4: Ort und PLZ des Verkäufers');
  if (!present(seller.contactName) || !present(seller.contactPhone) || !present(seller.contactEmail)) {
    problems.push('BR-DE-5/6/7: Kontakt des Verkäufers');
  }
  if (!present(seller.vatId) && !present(seller.taxNumber)) problems.push('BR-DE-16: USt-IdNr. oder Steuernummer des Verkäufers');
  if (!isValidIban(seller.iban)) problems.push('BR-DE-19/23: IBAN des Verkäufers');
  // Buyer (BG-7, BR-DE-8/9) and the routing reference (BT-10, BR-DE-15).
  if (!present(buyer.name)) problems.push('BR-07: Name des Käufers');
  if (!present(buyer.billing.place) || !present(buyer.billing.postcode)) problems.push('BR-DE-8/9: Ort und PLZ des Käufers');
  if (buyer.billing.isPublicBody) {
    if (!isValidLeitwegId(buyer.billing.leitwegId ?? '')) problems.push('BR-DE-15: gültige Leitweg-ID des öffentlichen Auftraggebers');
  }
  if (!present(buyerReference(buyer.billing, buyer.customerNumber))) problems.push('BR-DE-15: Käuferreferenz (BT-10)');
  return problems;
}

/**
 * BT-10: the Leitweg-ID for a public body, else the employer's own reference, else (BR-DE-15 needs
 * one) the fallback the caller gives: the employer's customer number with the provider.
 */
export function buyerReference(billing: TenantBilling, fallback: string): string {
  if (billing.isPublicBody) return billing.leitwegId ?? '';
  return present(billing.buyerReference) ? (billing.buyerReference as string) : fallback;
}

/** `{prefix}-{YYYY}-{NNNNNN}`. */
export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The due date: the issue date plus the payment terms' days. */
export function dueDateOf(issueDate: string, days: number): string {
  return new Date(Date.parse(`${issueDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
