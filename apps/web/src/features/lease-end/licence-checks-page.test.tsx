import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LicenceCheckRow } from '@leasing/contract';

import { setAuthData } from '../../lib/auth-store';
import { ME, stubApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/memory-storage';
import { renderEmployer } from '../employer/test-support/render-employer';

const TENANT_ADMIN = { ...ME, role: 'TENANT_ADMIN' };
const row = (overrides: Partial<LicenceCheckRow>): LicenceCheckRow => ({
  userId: '00000000-0000-4000-8000-000000000001',
  name: 'Max Mustermann',
  orderId: 7,
  lastCheckedOn: '2026-01-10',
  dueOn: '2026-07-10',
  status: 'OK',
  lastFailureReason: null,
  ...overrides,
});

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/employer/licence-checks', () => {
  it('lists the due dates, overdue ones in red, and of a failed check only the reason', async () => {
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, TENANT_ADMIN);
      if (call.path === '/v1/tenant/licence-checks')
        return jsonResponse(200, [
          row({}),
          row({
            userId: '00000000-0000-4000-8000-000000000002',
            name: 'Erika Muster',
            orderId: 9,
            dueOn: '2026-02-01',
            status: 'OVERDUE',
            lastFailureReason: 'Dokument abgelaufen',
          }),
          row({
            userId: '00000000-0000-4000-8000-000000000003',
            name: 'Jonas Beispiel',
            orderId: 11,
            status: 'DUE',
            lastFailureReason: 'licence_not_confirmed',
          }),
        ]);
      return undefined;
    });
    renderEmployer('/employer/licence-checks');

    expect(await screen.findByRole('heading', { level: 1, name: 'Führerscheinprüfungen' })).toBeInTheDocument();
    const table = await screen.findByTestId('licence-checks');
    const overdue = within(table).getByRole('rowheader', { name: 'Erika Muster' }).closest('tr');
    expect(overdue).toHaveAttribute('data-status', 'OVERDUE');
    expect(within(overdue as HTMLElement).getByText('01.02.2026')).toBeInTheDocument();
    expect(within(overdue as HTMLElement).getByText('Überfällig')).toBeInTheDocument();
    expect(
      within(overdue as HTMLElement).getByText('Letzte Prüfung nicht bestanden: Dokument abgelaufen'),
    ).toBeInTheDocument();
    // The provider's known reasons in words, still due: a failed check does not count as done.
    const refused = within(table).getByRole('rowheader', { name: 'Jonas Beispiel' }).closest('tr');
    expect(within(refused as HTMLElement).getByText('Fällig')).toBeInTheDocument();
    expect(
      within(refused as HTMLElement).getByText(
        'Letzte Prüfung nicht bestanden: Führerschein konnte nicht als gültig bestätigt werden',
      ),
    ).toBeInTheDocument();
    const ok = within(table).getByRole('rowheader', { name: 'Max Mustermann' }).closest('tr');
    expect(within(ok as HTMLElement).getByText('In Ordnung')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Führerscheinprüfungen' })).toHaveAttribute('aria-current', 'page');
  });
});
