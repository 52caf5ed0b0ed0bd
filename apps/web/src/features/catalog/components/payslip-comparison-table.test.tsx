import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { TaxResult } from '@leasing/contract';

import { renderWithProviders } from '../../../test/render';
import { buildOrderTaxResult, buildTaxResult } from '../../../test/tax-results';
import { PayslipComparisonTable } from './payslip-comparison-table';

const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');
const cells = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('cell');
const figures = (testId: string) => cells(testId).map(text);

/** The EV3 payslip with a fixed employer subsidy (policy `employerSubsidy`: FIXED_EUR). */
const withSubsidy = (tax: TaxResult, eur = 50): TaxResult => ({
  ...tax,
  salarySacrificeData: { ...tax.salarySacrificeData, employerContribution: eur },
});

describe('PayslipComparisonTable', () => {
  it('shows the vehicle page’s payslip: every line, German labels and the difference', () => {
    renderWithProviders(<PayslipComparisonTable tax={buildTaxResult()} testIdPrefix="tax" showDifference />);
    const table = screen.getByTestId('tax-table');
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual([
      'Position',
      'Vorher',
      'Nachher',
      'Differenz',
    ]);
    // The heading row and the 18 lines of a payslip without subsidy.
    expect(within(table).getAllByRole('row')).toHaveLength(19);
    expect(within(table).getByRole('rowheader', { name: 'Gehaltsumwandlung (Bruttorate)' })).toBeInTheDocument();
    expect(screen.queryByTestId('tax-row-employerContribution')).not.toBeInTheDocument();
    expect(figures('tax-row-conversion')).toEqual(['0,00 €', '492,36 €', '+492,36 €']);
    expect(figures('tax-row-takeHome')).toEqual(['3.156,50 €', '2.834,16 €', '-322,34 €']);
    expect(text(within(table).getByRole('caption'))).toBe(
      'Gehaltsabrechnung vor und nach der Gehaltsumwandlung, Beträge in Euro pro Monat',
    );
  });

  it('names every figure Vorher, Nachher or Differenz, so a phone shows the three side by side under the line', () => {
    renderWithProviders(<PayslipComparisonTable tax={buildTaxResult()} testIdPrefix="tax" showDifference />);
    for (const row of screen.getAllByTestId(/^tax-row-/)) {
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.getAttribute('data-label')),
      ).toEqual(['Vorher', 'Nachher', 'Differenz']);
    }
  });

  it('marks the sums the reader looks for first, and only those', () => {
    renderWithProviders(<PayslipComparisonTable tax={buildTaxResult()} testIdPrefix="tax" showDifference />);
    const strong = (testId: string) =>
      within(screen.getByTestId(testId)).queryAllByText((_, e) => e?.tagName === 'STRONG');
    expect(strong('tax-row-takeHome').map(text)).toEqual(['Nettoauszahlung', '3.156,50 €', '2.834,16 €']);
    expect(strong('tax-row-netRate')).toHaveLength(3);
    expect(strong('tax-row-lohnst')).toHaveLength(0);
  });

  it('shows the subsidy as its own line and converts the gross rate less the subsidy', () => {
    renderWithProviders(
      <PayslipComparisonTable tax={withSubsidy(buildTaxResult())} testIdPrefix="tax" showDifference />,
    );
    const table = screen.getByTestId('tax-table');
    expect(
      within(table).getByRole('rowheader', { name: 'Gehaltsumwandlung (Bruttorate abzüglich Arbeitgeberzuschuss)' }),
    ).toBeInTheDocument();
    expect(figures('tax-row-conversion')).toEqual(['0,00 €', '442,36 €', '+442,36 €']);
    expect(figures('tax-row-employerContribution')).toEqual(['0,00 €', '50,00 €', '+50,00 €']);
    expect(figures('tax-row-netRate')).toEqual(['0,00 €', '322,34 €', '+322,34 €']);
  });

  it('shows the order summary’s payslip: its test ids, no zero lines and no difference', () => {
    renderWithProviders(<PayslipComparisonTable tax={buildOrderTaxResult()} testIdPrefix="order-tax" omitZeroRows />);
    const table = screen.getByTestId('order-tax-table');
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual(['Position', 'Vorher', 'Nachher']);
    expect(screen.queryByTestId('order-tax-row-soli')).not.toBeInTheDocument();
    expect(figures('order-tax-row-conversion')).toEqual(['0,00 €', '642,68 €']);
    expect(cells('order-tax-row-conversion').map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Vorher',
      'Nachher',
    ]);
  });

  it('lets the keyboard reach and scroll the table where it is wider than the screen: a named region', () => {
    renderWithProviders(<PayslipComparisonTable tax={buildTaxResult()} testIdPrefix="tax" showDifference />);
    const region = screen.getByRole('region', { name: /^Gehaltsabrechnung vor und nach/ });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByTestId('tax-table')).toBeInTheDocument();
  });
});
