import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TenantPolicy } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildPolicy } from '../test-support/factories';
import { renderEmployer } from '../test-support/render-employer';

function stubPolicyApi(options: { onSave?: (call: RecordedCall) => Response } = {}) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/search/manufacturers') return jsonResponse(200, ['Audi', 'BMW', 'Tesla']);
    if (call.path === '/v1/tenant/policy') {
      if (call.method === 'PUT')
        return (
          options.onSave?.(call) ??
          jsonResponse(200, {
            ...buildPolicy(),
            ...(call.body as TenantPolicy),
            version: 1,
            updatedAt: '2026-04-02T08:00:00.000Z',
          })
        );
      return jsonResponse(200, buildPolicy());
    }
    return undefined;
  });
}

const saves = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/employer/policy', () => {
  it('checks the form with the contract schema, in German, before saving', async () => {
    const calls = stubPolicyApi();
    const user = userEvent.setup();
    renderEmployer('/employer/policy');
    const form = within(await screen.findByRole('form', { name: 'Richtlinie' }));
    expect(form.getByText(/Quelle: Gesetzlicher Mindestlohn 2026/)).toBeInTheDocument();
    expect(form.getByTestId('policy-version')).toHaveTextContent('Es gelten die Standardwerte');
    const minGross = form.getByRole('textbox', { name: /Mindestbruttogehalt/ });
    expect(minGross).toHaveValue('2.409,29 €');

    await user.selectOptions(form.getByRole('combobox', { name: 'Zuschuss' }), 'PERCENT_OF_RATE');
    const percent = form.getByRole('textbox', { name: /Anteil an der Bruttorate/ });
    await user.type(percent, '120');
    await user.clear(minGross);
    await user.click(form.getByRole('button', { name: 'Richtlinie speichern' }));

    expect(await form.findByText('Höchstens 100')).toBeInTheDocument();
    expect(form.getByText('Pflichtfeld')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
  });

  it('saves every rule and confirms the new version', async () => {
    const calls = stubPolicyApi();
    const user = userEvent.setup();
    renderEmployer('/employer/policy');
    const form = within(await screen.findByRole('form', { name: 'Richtlinie' }));

    await user.selectOptions(form.getByRole('combobox', { name: 'Zuschuss' }), 'FIXED_EUR');
    await user.type(form.getByRole('textbox', { name: /Betrag je Monat/ }), '50,5');
    await user.type(form.getByRole('textbox', { name: /Höchster Listenpreis/ }), '65000');
    await user.type(form.getByRole('textbox', { name: /Höchste monatliche Bruttorate/ }), '750');
    await user.click(form.getByRole('combobox', { name: /Erlaubte Marken/ }));
    await user.click(await screen.findByRole('option', { name: 'Tesla' }));
    await user.click(await screen.findByRole('option', { name: 'Audi' }));
    await user.click(form.getByRole('radio', { name: 'Im Monat nach der Fahrzeugübergabe' }));
    await user.click(form.getByRole('radio', { name: /Automatisch/ }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Elternzeit' }), 'EMPLOYER_PAYS');
    await user.click(form.getByRole('button', { name: 'Richtlinie speichern' }));

    expect(await screen.findByText('Richtlinie gespeichert (Fassung 1)')).toBeInTheDocument();
    expect(saves(calls)).toEqual([
      expect.objectContaining({
        path: '/v1/tenant/policy',
        authorization: 'Bearer access',
        body: {
          employerSubsidy: { kind: 'FIXED_EUR', value: 50.5 },
          maxListPriceEur: 65000,
          maxMonthlyGrossRateEur: 750,
          allowedBrands: ['Tesla', 'Audi'],
          minGrossAfterConversionEur: 2409.29,
          deductionStart: 'NEXT_MONTH',
          approval: 'AUTOMATIC',
          absencePayers: { SICK_PAY: 'RATE_INSURANCE', PARENTAL_LEAVE: 'EMPLOYER_PAYS', UNPAID_LEAVE: 'EMPLOYEE_PAYS' },
        },
      }),
    ]);
    await waitFor(() => expect(form.getByTestId('policy-version')).toHaveTextContent('Fassung 1 vom 02.04.2026'));
  });

  it('shows a field error of the server under its field', async () => {
    stubPolicyApi({
      onSave: () =>
        jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          errors: [{ field: 'maxListPriceEur', message: 'max 1000000' }],
        }),
    });
    const user = userEvent.setup();
    renderEmployer('/employer/policy');
    const form = within(await screen.findByRole('form', { name: 'Richtlinie' }));
    await user.type(form.getByRole('textbox', { name: /Höchster Listenpreis/ }), '90000');
    await user.click(form.getByRole('button', { name: 'Richtlinie speichern' }));
    expect(await form.findByText('Höchstens 1.000.000')).toBeInTheDocument();
    expect(screen.queryByTestId('toast-success')).not.toBeInTheDocument();
  });
});
