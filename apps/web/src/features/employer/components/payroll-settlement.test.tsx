import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { settlementTotalEur } from '../payroll-settlement';
import { buildPayroll, buildPayrollRow, buildPayrollSettings, buildPayrollTotals } from '../test-support/factories';
import { renderEmployer } from '../test-support/render-employer';

/**
 * May: Max's car came back (he owes 495.35 € for extra kilometres and a damage), Erika's replaced
 * car came back after her follow-up's handover (a row of its own; she gets 1,225.05 € back), and
 * Jonas's lease runs on.
 */
const MAY = buildPayroll('2026-05', {
  rows: [
    buildPayrollRow({ change: 'ENDED', endDate: '2026-05-12', status: 'ENDED', settlementEur: 495.35 }),
    buildPayrollRow({
      employeeId: 'M-1002',
      name: 'Erika Musterfrau',
      orderId: 43,
      grossConversionEur: 0,
      employerContributionEur: 0,
      benefitPrivateUseEur: 0,
      benefitCommuteEur: 0,
      change: null,
      status: 'ENDED',
      settlementEur: -1225.05,
    }),
    buildPayrollRow({ employeeId: 'M-1003', name: 'Jonas Beispiel', orderId: 44, change: null, status: 'ACTIVE' }),
  ],
  totals: buildPayrollTotals({ leases: 3 }),
});

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
  stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/tenant/payroll-settings') return jsonResponse(200, buildPayrollSettings());
    if (call.path === '/v1/tenant/payroll/2026-05') return jsonResponse(200, MAY);
    if (call.path === '/v1/tenant/payroll/2026-06') return jsonResponse(200, buildPayroll('2026-06'));
    return undefined;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const rowOf = (name: string) => {
  const row = screen.getAllByTestId('payroll-row').find((r) => within(r).queryByText(name) !== null);
  if (!row) throw new Error(`no row of ${name}`);
  return within(row);
};

describe('the final settlement on the payroll page', () => {
  it('shows what each person owes or gets back in the return month, the status and the total', async () => {
    renderEmployer('/employer/payroll/2026-05');
    await screen.findAllByTestId('payroll-row');
    expect(screen.getByRole('columnheader', { name: 'Schlussabrechnung (netto)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();

    const max = rowOf('Max Mustermann');
    expect(max.getByTestId('payroll-settlement-42')).toHaveTextContent('495,35 €zahlt der Mitarbeiter (Nettoabzug)');
    expect(max.getByTestId('payroll-status-42')).toHaveTextContent('Beendet');

    const erika = rowOf('Erika Musterfrau');
    expect(erika.getByTestId('payroll-settlement-43')).toHaveTextContent(
      '1.225,05 €erhält der Mitarbeiter (Nettoauszahlung)',
    );
    expect(erika.getByTestId('payroll-status-43')).toHaveTextContent('Beendet');

    const jonas = rowOf('Jonas Beispiel');
    expect(jonas.getByTestId('payroll-status-44')).toHaveTextContent('Aktiv');
    expect(jonas.queryByTestId('payroll-settlement-44')).toBeNull();

    // 495.35 € − 1,225.05 € = −729.70 €: this month pays out more than it deducts.
    expect(screen.getByTestId('payroll-settlement-total')).toHaveTextContent('-729,70 €Summe: Nettoauszahlung');
  });

  it('leaves the column out in a month without a returned car', async () => {
    renderEmployer('/employer/payroll/2026-06');
    await screen.findByTestId('payroll-row');
    expect(screen.queryByRole('columnheader', { name: 'Schlussabrechnung (netto)' })).toBeNull();
    expect(screen.queryByTestId('payroll-settlement-total')).toBeNull();
    expect(screen.getByTestId('payroll-status-42')).toHaveTextContent('Aktiv');
  });
});

describe('settlementTotalEur', () => {
  it('sums in cents and is null without settlements', () => {
    expect(settlementTotalEur([{ settlementEur: 0.1 }, { settlementEur: 0.2 }, {}])).toBe(0.3);
    expect(settlementTotalEur([{ settlementEur: 0 }])).toBe(0);
    expect(settlementTotalEur([{}, {}])).toBeNull();
  });
});
