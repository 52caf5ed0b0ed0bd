import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { TaxResult } from '@leasing/contract';

import { renderWithProviders } from '../test/render';
import { buildOrderTaxResult, buildTaxResult } from '../test/tax-results';
import { convertedGross, employerSubsidy, payslipRows } from './payslip-rows';
import { PayslipTable } from './payslip-table';

const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');
const cells = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('cell').map(text);

/** The EV3 payslip with a fixed employer subsidy of 50 EUR (policy `employerSubsidy`: FIXED_EUR 50). */
const withSubsidy = (tax: TaxResult, eur = 50): TaxResult => ({
  ...tax,
  salarySacrificeData: { ...tax.salarySacrificeData, employerContribution: eur },
});

const ALL_ROWS = [
  'brutto',
  'conversion',
  'vehicleTaxation',
  'commutingTaxation',
  'nonCashBenefit',
  'adjustedGross',
  'lohnst',
  'soli',
  'kirchensteuer',
  'krankenversicherung',
  'pflegeversicherung',
  'rentenversicherung',
  'arbeitslosenversicherung',
  'arbeitskammerbeitrag',
  'arbeitgeberzuschussPKV',
  'arbeitgeberzuschussPV',
  'takeHome',
  'netRate',
];

describe('payslip rows', () => {
  it('lists every field of both payslip blocks, the benefit rows and the net rate, in payslip order', () => {
    const rows = payslipRows(buildTaxResult());
    expect(rows.map((r) => r.key)).toEqual(ALL_ROWS);
    expect(rows.find((r) => r.key === 'conversion')).toMatchObject({ before: 0, after: 492.36 });
    expect(rows.find((r) => r.key === 'takeHome')).toMatchObject({ before: 3156.5, after: 2834.16, emphasis: true });
    expect(rows.find((r) => r.key === 'netRate')).toMatchObject({ before: 0, after: 322.34 });
  });

  it('lists the payslip before and after, leaving out lines that are zero on both', () => {
    const rows = payslipRows(buildOrderTaxResult(), { omitZeroRows: true });
    expect(rows.map((r) => r.key)).toEqual([
      'brutto',
      'conversion',
      'nonCashBenefit',
      'adjustedGross',
      'lohnst',
      'kirchensteuer',
      'krankenversicherung',
      'pflegeversicherung',
      'rentenversicherung',
      'arbeitslosenversicherung',
      'takeHome',
      'netRate',
    ]);
    expect(rows.find((r) => r.key === 'conversion')).toEqual({
      key: 'conversion',
      before: 0,
      after: 642.68,
      emphasis: false,
    });
    expect(rows.find((r) => r.key === 'netRate')).toMatchObject({ before: 0, after: 426.78, emphasis: true });
  });

  it('converts the gross rate less the employer subsidy and shows the subsidy right after it', () => {
    const tax = withSubsidy(buildTaxResult());
    expect(convertedGross(tax)).toBe(442.36);
    expect(employerSubsidy(tax)).toBe(50);
    for (const rows of [payslipRows(tax), payslipRows(tax, { omitZeroRows: true })]) {
      const keys = rows.map((r) => r.key);
      expect(keys.slice(0, 3)).toEqual(['brutto', 'conversion', 'employerContribution']);
      expect(rows.find((r) => r.key === 'conversion')).toEqual({
        key: 'conversion',
        before: 0,
        after: 442.36,
        emphasis: false,
      });
      expect(rows.find((r) => r.key === 'employerContribution')).toEqual({
        key: 'employerContribution',
        before: 0,
        after: 50,
        emphasis: false,
      });
    }
    expect(payslipRows(tax).map((r) => r.key)).toEqual([
      'brutto',
      'conversion',
      'employerContribution',
      ...ALL_ROWS.slice(2),
    ]);
  });

  it('subtracts in cents, so the converted amount has no floating-point tail', () => {
    const tax = withSubsidy(buildTaxResult({ price: 505.06 }), 0.1);
    expect(convertedGross(tax)).toBe(504.96);
    expect(convertedGross(buildTaxResult({ price: 505.06 }))).toBe(505.06);
  });

  it('has no subsidy row without a subsidy', () => {
    expect(payslipRows(buildTaxResult()).some((r) => r.key === 'employerContribution')).toBe(false);
    expect(employerSubsidy(buildTaxResult())).toBe(0);
    expect(convertedGross(buildTaxResult())).toBe(492.36);
  });
});

describe('PayslipTable', () => {
  it('shows the vehicle-page table: every row, German labels and the difference column', () => {
    renderWithProviders(<PayslipTable tax={buildTaxResult()} testIdPrefix="tax" showDifference />);
    const table = screen.getByTestId('tax-table');
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual([
      'Position',
      'Vorher',
      'Nachher',
      'Differenz',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(ALL_ROWS.length + 1);
    expect(within(table).getByRole('rowheader', { name: 'Gehaltsumwandlung (Bruttorate)' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'geldwerter Vorteil gesamt' })).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: 'Arbeitgeberzuschuss' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('tax-row-employerContribution')).not.toBeInTheDocument();
    expect(cells('tax-row-conversion')).toEqual(['0,00 €', '492,36 €', '+492,36 €']);
    expect(cells('tax-row-takeHome')).toEqual(['3.156,50 €', '2.834,16 €', '-322,34 €']);
    expect(text(within(table).getByRole('caption'))).toBe(
      'Gehaltsabrechnung vor und nach der Gehaltsumwandlung, Beträge in Euro pro Monat',
    );
  });

  it('shows the subsidy as its own row and converts the gross rate less the subsidy', () => {
    renderWithProviders(<PayslipTable tax={withSubsidy(buildTaxResult())} testIdPrefix="tax" showDifference />);
    const table = screen.getByTestId('tax-table');
    expect(
      within(table).getByRole('rowheader', { name: 'Gehaltsumwandlung (Bruttorate abzüglich Arbeitgeberzuschuss)' }),
    ).toBeInTheDocument();
    expect(cells('tax-row-conversion')).toEqual(['0,00 €', '442,36 €', '+442,36 €']);
    expect(within(table).getByRole('rowheader', { name: 'Arbeitgeberzuschuss' })).toBeInTheDocument();
    expect(cells('tax-row-employerContribution')).toEqual(['0,00 €', '50,00 €', '+50,00 €']);
    // The figures the API calculated stay as they are.
    expect(cells('tax-row-netRate')).toEqual(['0,00 €', '322,34 €', '+322,34 €']);
  });

  it('shows the order-summary table: order test ids, no zero lines and no difference column', () => {
    renderWithProviders(<PayslipTable tax={buildOrderTaxResult()} testIdPrefix="order-tax" omitZeroRows />);
    const table = screen.getByTestId('order-tax-table');
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual(['Position', 'Vorher', 'Nachher']);
    expect(screen.queryByTestId('order-tax-row-soli')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-tax-row-employerContribution')).not.toBeInTheDocument();
    expect(cells('order-tax-row-conversion')).toEqual(['0,00 €', '642,68 €']);
    expect(within(table).getByRole('rowheader', { name: 'Lohnsteuer' })).toBeInTheDocument();
  });

  it('lets the keyboard reach and scroll the table on a narrow screen: a focusable, named region', () => {
    renderWithProviders(<PayslipTable tax={buildTaxResult()} testIdPrefix="tax" showDifference />);
    const region = screen.getByRole('region', { name: /^Gehaltsabrechnung vor und nach/ });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByTestId('tax-table')).toBeInTheDocument();
  });

  it('says the table in English', async () => {
    const { createTestI18n } = await import('../test/i18n');
    const i18n = createTestI18n('en');
    expect(i18n.t('payslipTable.rows.conversionLessSubsidy')).toBe(
      'Salary conversion (gross rate less employer subsidy)',
    );
    expect(i18n.t('payslipTable.rows.employerContribution')).toBe('Employer contribution');
  });
});
