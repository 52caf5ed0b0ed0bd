import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildOverview, buildPayroll, buildPayrollSettings, buildPayrollTotals } from '../test-support/factories';
import { renderEmployer } from '../test-support/render-employer';

function stubPayrollApi(month: string, provisional: boolean) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/tenant/payroll-settings') return jsonResponse(200, buildPayrollSettings());
    if (call.path === `/v1/tenant/payroll/${month}`) {
      return jsonResponse(
        200,
        buildPayroll(month, {
          totals: buildPayrollTotals(
            provisional ? { employerSavingProvisional: { year: 2027, basedOnYear: 2026 } } : {},
          ),
        }),
      );
    }
    return undefined;
  });
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the employer’s saving of a month whose SV values are not in yet (ADR 0035)', () => {
  it('is marked provisional with the year whose values were used', async () => {
    stubPayrollApi('2027-01', true);
    renderEmployer('/employer/payroll/2027-01');
    const saving = await screen.findByTestId('payroll-saving');
    expect(saving).toHaveTextContent(
      'Vorläufig: berechnet mit den Sozialversicherungswerten von 2026, die Werte für 2027 liegen noch nicht vor.',
    );
  });

  it('has no mark in a known year', async () => {
    stubPayrollApi('2026-12', false);
    renderEmployer('/employer/payroll/2026-12');
    expect(await screen.findByTestId('payroll-saving')).not.toHaveTextContent('Vorläufig');
  });

  it('the overview marks the month’s saving provisional too', async () => {
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
      if (call.path === '/v1/tenant/overview') {
        return jsonResponse(
          200,
          buildOverview({
            month: '2027-01',
            totals: buildPayrollTotals({ employerSavingProvisional: { year: 2027, basedOnYear: 2026 } }),
          }),
        );
      }
      return undefined;
    });
    renderEmployer('/employer');
    const saving = await screen.findByTestId('overview-saving');
    expect(within(saving).getByText(/im Kalenderjahr \(vorläufig\)/)).toBeInTheDocument();
  });
});
