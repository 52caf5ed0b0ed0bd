import { isValidIban, isValidLeitwegId, leitwegIdCheckDigits } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { buildBillableLease, buildDraft, DECEMBER_2026 as DECEMBER, sellerFixture as seller, tenantBillingFixture } from '../../test-support/billing-builders.js';
import { fitsInMail } from './issue.js';
import { leaseLines, netOfGross, rateLine, roundHalfUp } from './lines.js';
import { buyerReference, dueDateOf, invoiceDraftProblems, invoiceNumber, invoiceTotals } from './totals.js';

const billing = tenantBillingFixture();

describe('an invoice line per lease and month', () => {
  it('charges a full month at the package rate net of 19 % VAT', () => {
    const line = rateLine(buildBillableLease(), DECEMBER);
    expect(line).toMatchObject({ netCents: 42669, quantityMilli: 1000, unitCode: 'MON', periodStart: '2026-12-01', periodEnd: '2026-12-31' });
    expect(line?.description).toBe(
      'Leasingrate Dezember 2026 – Volkswagen ID.3 Pro S – Erika Muster, Pers.-Nr. 4711 – Vertrag Nr. 17 – 01.12.2026 bis 31.12.2026',
    );
  });

  it('charges the handover month and the last month by calendar days', () => {
    const first = rateLine(buildBillableLease({ handoverDate: '2026-12-20', lastDayOfUse: '2029-12-19' }), DECEMBER);
    // 12 of 31 days of 426.69 EUR: 165.17 EUR (165.170…).
    expect(first).toMatchObject({ netCents: 16517, unitCode: 'C62', periodStart: '2026-12-20', periodEnd: '2026-12-31' });
    expect(first?.description).toContain('(anteilig 12 von 31 Tagen)');
    const last = rateLine(buildBillableLease({ lastDayOfUse: '2026-12-05' }), DECEMBER);
    expect(last).toMatchObject({ netCents: roundHalfUp((42669 * 5) / 31), periodEnd: '2026-12-05' });
  });

  it('has no line before the handover or after the last day of use', () => {
    expect(rateLine(buildBillableLease({ handoverDate: '2027-01-02' }), DECEMBER)).toBeNull();
    expect(rateLine(buildBillableLease({ lastDayOfUse: '2026-11-30' }), DECEMBER)).toBeNull();
  });

  it('adds the return settlement and an early end fee as their own lines; a credit is quantity −1', () => {
    const lines = leaseLines(
      buildBillableLease({
        lastDayOfUse: '2026-12-15',
        settlement: { returnedOn: '2026-12-15', totalGrossCents: -11900 },
        terminationFeeGrossCents: 59500,
      }),
      DECEMBER,
    );
    expect(lines.map((l) => [l.kind, l.netCents, l.quantityMilli])).toEqual([
      ['RATE', roundHalfUp((42669 * 15) / 31), 1000],
      ['SETTLEMENT', -10000, -1000],
      ['TERMINATION_FEE', 50000, 1000],
    ]);
    expect(lines[1]?.description).toMatch(/^Gutschrift aus der Rückgabe am 15\.12\.2026/);
  });

  it('rounds half up, also for credits', () => {
    expect(netOfGross(119)).toBe(100);
    expect(netOfGross(1)).toBe(1);
    expect(netOfGross(-1)).toBe(-1);
    expect(roundHalfUp(-0.5)).toBe(-1);
  });
});

describe('totals and the check before issue', () => {
  it('adds up by EN 16931: VAT once on the sum of the lines', () => {
    const totals = invoiceTotals([{ netCents: 10001 }, { netCents: 10001 }, { netCents: 10001 }]);
    expect(totals).toEqual({
      lineSumCents: 30003,
      taxExclusiveCents: 30003,
      taxableCents: 30003,
      vatCents: 5701,
      taxInclusiveCents: 35704,
      payableCents: 35704,
    });
  });

  it('passes a complete draft and names what is missing otherwise', () => {
    expect(invoiceDraftProblems(buildDraft())).toEqual([]);
    const draft = buildDraft();
    expect(invoiceDraftProblems({ ...draft, totals: { ...draft.totals, vatCents: draft.totals.vatCents + 1 } })).toEqual(
      expect.arrayContaining([expect.stringContaining('vatCents'), 'BR-CO-15: Bruttosumme']),
    );
    expect(invoiceDraftProblems(buildDraft({ seller: { ...seller, vatId: null } }))).toContain(
      'BR-DE-16: USt-IdNr. oder Steuernummer des Verkäufers',
    );
    const publicBody = { ...billing, isPublicBody: true, leitwegId: null };
    expect(invoiceDraftProblems(buildDraft({ buyer: { name: 'Amt', customerNumber: 'K-1', billing: publicBody } }))).toContain(
      'BR-DE-15: gültige Leitweg-ID des öffentlichen Auftraggebers',
    );
    expect(invoiceDraftProblems(buildDraft({ type: 'CREDIT_NOTE' }))).toContain('BR-55: Gutschrift ohne Bezug auf die Rechnung');
    expect(invoiceDraftProblems(buildDraft({ lines: [], totals: invoiceTotals([]) }))).toContain('BR-16: keine Rechnungsposition');
  });

  it('routes by the Leitweg-ID, the employer reference or our customer number', () => {
    expect(buyerReference({ ...billing, isPublicBody: true, leitwegId: '04011000-12345-03' }, 'K-1')).toBe('04011000-12345-03');
    expect(buyerReference({ ...billing, buyerReference: 'KST 4711' }, 'K-1')).toBe('KST 4711');
    expect(buyerReference(billing, 'K-1')).toBe('K-1');
  });

  it('numbers and dates invoices', () => {
    expect(invoiceNumber('RE', 2027, 42)).toBe('RE-2027-000042');
    expect(dueDateOf('2027-01-04', 14)).toBe('2027-01-18');
  });
});

describe('identifiers with check digits', () => {
  it('checks a Leitweg-ID by ISO 7064 MOD 97-10', () => {
    expect(leitwegIdCheckDigits('04011000', '12345')).toBe('03');
    expect(isValidLeitwegId('04011000-12345-03')).toBe(true);
    expect(isValidLeitwegId('04011000-12345-04')).toBe(false);
    expect(isValidLeitwegId('991-33333TEST-33')).toBe(true);
    expect(isValidLeitwegId('04011000-1234-5-03')).toBe(false);
    expect(isValidLeitwegId('4-12345-03')).toBe(false);
  });

  it('checks an IBAN', () => {
    expect(isValidIban('DE02 1203 0000 0000 2020 51')).toBe(true);
    expect(isValidIban('DE02120300000000202052')).toBe(false);
    expect(isValidIban('DE0212030000000020205')).toBe(false);
  });
});

describe('documents a mail cannot carry', () => {
  it('travel as attachments up to 10 MB together, not beyond', () => {
    const tenMb = 10 * 1024 * 1024;
    expect(fitsInMail(4 * 1024 * 1024, 6 * 1024 * 1024)).toBe(true);
    expect(fitsInMail(tenMb - 100, 101)).toBe(false);
    expect(fitsInMail(9.5 * 1024 * 1024, 3 * 1024 * 1024)).toBe(false);
    expect(fitsInMail(1000, 2000, 2999)).toBe(false);
  });
});
