import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TenantBilling, TenantDetail } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildTenantBilling, buildTenantBillingAnswer, TENANT_ID } from '../test-support/factories';
import { renderBilling } from '../test-support/render-billing';

const SLOW = { timeout: 10_000 };

const TENANT: TenantDetail = {
  id: TENANT_ID,
  name: 'Muster GmbH',
  enabled: true,
  street: 'Industriestraße',
  streetNumber: '7',
  postcode: '50667',
  place: 'Köln',
  contactEmail: 'personal@muster.example',
  employees: 12,
  activeOrders: 3,
  activeCodes: 1,
  createdAt: '2026-01-05T09:00:00.000Z',
  registerCodes: [],
  admins: [],
};

const BILLING_PATH = `/v1/provider/tenants/${TENANT_ID}/billing`;

function stubTenantApi(billing: TenantBilling | null) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
    if (call.path === `/v1/provider/tenants/${TENANT_ID}`) return jsonResponse(200, TENANT);
    if (call.path === BILLING_PATH) {
      if (call.method === 'PUT') return jsonResponse(200, buildTenantBillingAnswer(call.body as TenantBilling));
      return jsonResponse(200, buildTenantBillingAnswer(billing));
    }
    return undefined;
  });
}

const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === BILLING_PATH);

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the employer's billing data in the back office", () => {
  it("suggests the employer's address while none is saved and saves the default format", async () => {
    const calls = stubTenantApi(null);
    const user = userEvent.setup();
    renderBilling(`/provider/tenants/${TENANT_ID}`);
    const form = within(await screen.findByRole('form', { name: 'Rechnungsdaten' }, SLOW));
    expect(form.getByTestId('tenant-billing-unsaved')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /^Rechnungs-E-Mail-Adresse/ })).toHaveValue('personal@muster.example');
    expect(form.getByRole('textbox', { name: /^Straße/ })).toHaveValue('Industriestraße');
    expect(form.getByRole('combobox', { name: /^Format der E-Rechnung/ })).toHaveValue('XRechnung (UBL)');
    // The Leitweg-ID only for a public body.
    expect(form.queryByRole('textbox', { name: /^Leitweg-ID/ })).not.toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Rechnungsdaten speichern' }));
    expect(await screen.findByText('Rechnungsdaten gespeichert', {}, SLOW)).toBeInTheDocument();
    expect(puts(calls)[0]?.body).toEqual({
      billingEmail: 'personal@muster.example',
      street: 'Industriestraße',
      streetNumber: '7',
      postcode: '50667',
      place: 'Köln',
      countryCode: 'DE',
      vatId: null,
      buyerReference: null,
      isPublicBody: false,
      leitwegId: null,
      format: 'XRECHNUNG_UBL',
      datevDebtorAccount: null,
    });
    await waitFor(() => expect(form.queryByTestId('tenant-billing-unsaved')).not.toBeInTheDocument());
  });

  it("checks a public body's Leitweg-ID and saves it with the chosen format", async () => {
    const calls = stubTenantApi(buildTenantBilling());
    const user = userEvent.setup();
    renderBilling(`/provider/tenants/${TENANT_ID}`);
    const form = within(await screen.findByRole('form', { name: 'Rechnungsdaten' }, SLOW));
    await waitFor(() => expect(form.getByRole('textbox', { name: /^Käuferreferenz/ })).toHaveValue('KST-4711'));
    const save = form.getByRole('button', { name: 'Rechnungsdaten speichern' });
    expect(save).toBeDisabled();

    await user.click(form.getByRole('checkbox', { name: /Öffentlicher Auftraggeber/ }));
    const leitwegId = form.getByRole('textbox', { name: /^Leitweg-ID/ });
    // It may come later: the run skips the employer until then.
    expect(leitwegId).not.toBeRequired();
    expect(form.getByText(/Ohne Leitweg-ID überspringt der Rechnungslauf diesen Arbeitgeber/)).toBeInTheDocument();
    await user.type(leitwegId, '04011000-12345-04');
    await user.click(save);
    expect(
      await form.findByText('Die Leitweg-ID ist ungültig (Aufbau 04011000-12345-03, Prüfziffer nach ISO 7064).'),
    ).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.clear(leitwegId);
    await user.type(leitwegId, '04011000-12345-03');
    await user.click(form.getByRole('combobox', { name: /^Format der E-Rechnung/ }));
    const labels = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(labels).toEqual(['XRechnung (UBL)', 'XRechnung (CII)', 'ZUGFeRD (EN 16931)']);
    await user.click(screen.getByRole('option', { name: 'ZUGFeRD (EN 16931)' }));
    await user.click(save);
    expect(await screen.findByText('Rechnungsdaten gespeichert', {}, SLOW)).toBeInTheDocument();
    expect(puts(calls)[0]?.body).toMatchObject({
      isPublicBody: true,
      leitwegId: '04011000-12345-03',
      format: 'ZUGFERD_EN16931',
      buyerReference: 'KST-4711',
    });
  });

  it('saves a public body before its Leitweg-ID is known', async () => {
    const calls = stubTenantApi(buildTenantBilling());
    const user = userEvent.setup();
    renderBilling(`/provider/tenants/${TENANT_ID}`);
    const form = within(await screen.findByRole('form', { name: 'Rechnungsdaten' }, SLOW));
    await waitFor(() => expect(form.getByRole('textbox', { name: /^Käuferreferenz/ })).toHaveValue('KST-4711'));
    await user.click(form.getByRole('checkbox', { name: /Öffentlicher Auftraggeber/ }));
    await user.click(form.getByRole('button', { name: 'Rechnungsdaten speichern' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ isPublicBody: true, leitwegId: null });
  });

  it('drops the Leitweg-ID when the employer is no longer a public body', async () => {
    const calls = stubTenantApi(buildTenantBilling({ isPublicBody: true, leitwegId: '04011000-12345-03' }));
    const user = userEvent.setup();
    renderBilling(`/provider/tenants/${TENANT_ID}`);
    const form = within(await screen.findByRole('form', { name: 'Rechnungsdaten' }, SLOW));
    await waitFor(() => expect(form.getByRole('textbox', { name: /^Leitweg-ID/ })).toHaveValue('04011000-12345-03'));
    await user.click(form.getByRole('checkbox', { name: /Öffentlicher Auftraggeber/ }));
    expect(form.queryByRole('textbox', { name: /^Leitweg-ID/ })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Rechnungsdaten speichern' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ isPublicBody: false, leitwegId: null });
  });
});
