import { describe, expect, it } from 'vitest';

import { extractRuns, NBSP } from '../../test-support/pdf-text.js';
import { lossStatementBlocks, renderLossStatement, type LossStatementInput } from './loss-statement-pdf.js';

const input = (overrides: Partial<LossStatementInput> = {}): LossStatementInput => ({
  orderId: 4711,
  employerName: 'Muster GmbH',
  employeeName: 'Karla Kollegin',
  car: 'Kia EV3',
  handoverDate: '2026-03-02',
  endedOn: '2026-07-10',
  theft: false,
  claimNumber: 'S-2026-000042',
  conversionEndedOn: null,
  excess: null,
  createdAt: new Date('2026-07-10T09:00:00Z'),
  ...overrides,
});

const textOf = (i: LossStatementInput) =>
  lossStatementBlocks(i)
    .map((b) => (b.kind === 'row' ? `${b.label}: ${b.value}` : b.text))
    .join('\n')
    .replaceAll(NBSP, ' ');

describe('the final statement of a lease a loss ended', () => {
  it('names a total loss, the end month of the conversion and no kilometre settlement', () => {
    const text = textOf(input());
    expect(text).toContain('Bestellung: Nr. 4711');
    expect(text).toContain('Übergabe: 02.03.2026');
    expect(text).toContain('Leasingende: 10.07.2026');
    expect(text).toContain('Grund: Totalschaden (Schadenmeldung S-2026-000042)');
    expect(text).toContain('Letzter Monat der Gehaltsumwandlung: 07/2026');
    expect(text).toContain('Die Gehaltsumwandlung läuft bis einschließlich 07/2026');
    expect(text).toContain('keine Kilometerabrechnung');
    expect(text).not.toContain('Diebstahl');
    // No excess decided yet: none is stated, and how one would be deducted is.
    expect(text).toContain('ist noch keine Selbstbeteiligung festgesetzt');
    expect(text).not.toContain('€');
  });

  it('states a decided excess and the payroll month that deducts it', () => {
    const text = textOf(input({ theft: true, excess: { cents: 50_000, month: '2026-08' } }));
    expect(text).toContain('Grund: Diebstahl (Schadenmeldung S-2026-000042)');
    expect(text).toContain('Selbstbeteiligung (Schadenmeldung S-2026-000042): 500,00 €');
    expect(text).toContain('mit der Entgeltabrechnung für 08/2026 vom Nettoentgelt einbehalten');
    expect(textOf(input({ excess: { cents: 0, month: '2026-07' } }))).toContain(
      'Es wird keine Selbstbeteiligung einbehalten.',
    );
  });

  it('keeps the earlier end of a conversion a follow-up car already ended', () => {
    const text = textOf(input({ conversionEndedOn: '2026-05-31' }));
    expect(text).toContain('Letzter Monat der Gehaltsumwandlung: 05/2026');
    expect(text).toContain('endete bereits am 31.05.2026 mit der Übergabe des Folgefahrzeugs');
    expect(text).not.toContain('07/2026 und endet dann');
    // A follow-up handed over after the loss's end day does not move it.
    expect(textOf(input({ conversionEndedOn: '2026-09-30' }))).toContain('läuft bis einschließlich 07/2026');
  });

  it('renders as a PDF titled Schlussabrechnung', async () => {
    const pdf = await renderLossStatement(input({ theft: true }));
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await extractRuns(pdf)).runs.map((r) => r.text).join(' ');
    expect(text).toContain('Schlussabrechnung');
    expect(text).toContain('Leasingende durch Diebstahl des Fahrzeugs');
    expect(text).toContain('Karla Kollegin');
  });
});
