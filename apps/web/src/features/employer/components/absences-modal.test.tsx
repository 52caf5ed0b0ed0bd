import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Absence, TerminationQuote } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildEmployee } from '../test-support/factories';
import { renderEmployer } from '../test-support/render-employer';

const MAX = buildEmployee();
const ABSENCES = `/v1/tenant/employees/${MAX.id}/absences`;

function stubAbsenceApi() {
  let absences: Absence[] = [];
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/tenant/employees')
      return jsonResponse(200, { items: [MAX], total: 1, page: 1, pageSize: 50 });
    if (call.path === ABSENCES && call.method === 'GET') return jsonResponse(200, absences);
    if (call.path === ABSENCES && call.method === 'POST') {
      const body = call.body as { type: Absence['type']; from: string; to: string | null };
      if (body.to !== null && body.to < body.from) {
        return jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Das Ende darf nicht vor dem Beginn liegen.',
          errors: [{ field: 'to', message: 'Das Ende darf nicht vor dem Beginn liegen.' }],
        });
      }
      const absence: Absence = {
        id: '5b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
        ...body,
        payer: 'EMPLOYEE_PAYS',
        recordedAt: '2026-04-02T10:00:00.000Z',
      };
      absences = [absence];
      return jsonResponse(201, absence);
    }
    if (call.path.startsWith('/v1/tenant/orders/42/termination-quote')) {
      const quote: TerminationQuote = {
        date: '2026-09-30',
        reason: 'LEAVING',
        remainingMonths: 29,
        remainingRatesEur: 13069.43,
        feeEur: 2704.02,
        rule: 'Bei vorzeitiger Rückgabe beträgt die Ausgleichszahlung 25 % …',
        options: [
          { kind: 'RETURN', oneOffEur: 2704.02, monthlyEur: null, description: 'Rückgabe gegen 2.704,02 €.' },
          { kind: 'TAKEOVER', oneOffEur: 0, monthlyEur: 543.21, description: 'Übernahme zur Privatrate.' },
          { kind: 'TRANSFER', oneOffEur: 0, monthlyEur: 450.67, description: 'Wechsel zu einem neuen Arbeitgeber.' },
        ],
      };
      return jsonResponse(200, quote);
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

describe('absences and the termination quote in the people list', () => {
  it('records parental leave, showing the server refusal at its field first', async () => {
    const calls = stubAbsenceApi();
    const user = userEvent.setup();
    renderEmployer('/employer/employees');
    await user.click(await screen.findByRole('button', { name: 'Abwesenheiten von Max Mustermann' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Abwesenheiten von Max Mustermann' }));
    expect(await dialog.findByText('Keine Abwesenheiten eingetragen.')).toBeInTheDocument();

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Art' }), 'PARENTAL_LEAVE');
    await user.type(dialog.getByLabelText(/Beginn/), '01.07.2026');
    await user.type(dialog.getByLabelText(/^Ende/), '30.06.2026');
    await user.click(dialog.getByRole('button', { name: 'Abwesenheit eintragen' }));
    expect(await dialog.findByText('Das Ende darf nicht vor dem Beginn liegen.')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText(/^Ende/));
    await user.type(dialog.getByLabelText(/^Ende/), '30.09.2026');
    await user.click(dialog.getByRole('button', { name: 'Abwesenheit eintragen' }));
    expect(await dialog.findByText('Elternzeit: 01.07.2026 – 30.09.2026')).toBeInTheDocument();
    expect(dialog.getByText('Beschäftigte Person zahlt')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === ABSENCES).map((c) => c.body)).toEqual([
      { type: 'PARENTAL_LEAVE', from: '2026-07-01', to: '2026-06-30' },
      { type: 'PARENTAL_LEAVE', from: '2026-07-01', to: '2026-09-30' },
    ]);
  });

  it('shows the termination quote of the running lease in the leaving dialog', async () => {
    stubAbsenceApi();
    const user = userEvent.setup();
    renderEmployer('/employer/employees');
    await user.click(await screen.findByRole('button', { name: 'Ausscheiden von Max Mustermann melden' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ausscheiden von Max Mustermann' }));
    const quote = within(await dialog.findByTestId('quote-42'));
    expect(quote.getByText('Angebot zur Vertragsbeendigung: Audi Q4 e-tron 45')).toBeInTheDocument();
    expect(quote.getByText(/29 Monate, ausstehende Raten 13\.069,43/)).toBeInTheDocument();
    expect(quote.getByText('Rückgabe gegen 2.704,02 €.')).toBeInTheDocument();
    expect(quote.getByText('Wechsel zu einem neuen Arbeitgeber.')).toBeInTheDocument();
  });
});
