import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  DEFAULT_TENANT_POLICY,
  type CreateTenantResponse,
  type TenantPolicyResponse,
  type TenantSummary,
} from '@leasing/contract';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as TenantRoute } from '../../../app/routes/provider-tenant';
import { Component as TenantsRoute } from '../../../app/routes/provider-tenants';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

const TENANT: TenantSummary = {
  id: '5b0a4c1e-2f7d-4f55-9a53-4c1b3f2f0a01',
  name: 'Muster GmbH',
  enabled: true,
  street: 'Industriestraße',
  streetNumber: '7',
  postcode: '50667',
  place: 'Köln',
  contactEmail: 'personal@example.com',
  employees: 12,
  activeOrders: 3,
  activeCodes: 1,
  createdAt: '2026-01-05T09:00:00.000Z',
};

const CREATED: CreateTenantResponse = {
  ...TENANT,
  id: '6c1b5d2f-3a8e-4a66-8b64-5d2c4a3b1b02',
  name: 'Beispiel AG',
  employees: 0,
  activeOrders: 0,
  registerCode: 'ABCDE-FGHJK',
  registerCodes: [
    {
      code: 'ABCDE-FGHJK',
      state: 'ACTIVE',
      uses: 0,
      maxUses: null,
      expiresAt: null,
      revokedAt: null,
      createdAt: '2026-03-01T09:00:00.000Z',
    },
  ],
  admins: [
    {
      id: '7d2c6e3a-4b9f-4b77-9c75-6e3d5b4c2c03',
      firstName: 'Hanna',
      lastName: 'Reuter',
      email: 'hanna@beispiel.example',
      active: false,
    },
  ],
};

function stubProvider(role: string, extra: (call: RecordedCall) => Response | undefined = () => undefined) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role });
    if (call.path === '/v1/provider/tenants' && call.method === 'GET')
      return jsonResponse(200, { items: [TENANT], total: 1, page: 1, pageSize: 25 });
    return extra(call);
  });
}

const renderAt = (path: string) =>
  renderRoutes(
    withQueryClient([
      {
        path: '/provider',
        element: <ProviderLayout />,
        children: [
          { path: 'tenants', element: <TenantsRoute /> },
          { path: 'tenants/:tenantId', element: <TenantRoute /> },
        ],
      },
    ]),
    path,
  );

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/provider/tenants', () => {
  it('is closed to other roles without asking the back office', async () => {
    const calls = stubProvider('TENANT_ADMIN');
    renderAt('/provider/tenants');
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/v1/provider/'))).toBe(false);
  });

  it('pages, filters and searches through the server, keeping the state in the address', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/tenants') {
        const page = Number(call.query?.['page'] ?? '1');
        return jsonResponse(200, {
          items: [{ ...TENANT, name: `Firma Seite ${page}`, employees: 12_000 }],
          total: 1_234,
          page,
          pageSize: 25,
        });
      }
      return undefined;
    });
    const lastQuery = () => calls.filter((c) => c.path === '/v1/provider/tenants').at(-1)?.query;
    const user = userEvent.setup();
    const { router } = renderAt('/provider/tenants?sort=newest&page=3');
    expect(
      await screen.findByText('1.234 Arbeitgeber mit Beschäftigten, aktiven Bestellungen und Codes'),
    ).toBeInTheDocument();
    expect(screen.getByText('12.000')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ sort: 'newest', page: '3', pageSize: '25' });
    await user.click(screen.getByRole('button', { name: '4' }));
    expect(await screen.findByRole('link', { name: 'Firma Seite 4' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=newest&page=4');
    await user.type(screen.getByRole('searchbox', { name: /Suchen/ }), 'köln');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'köln', sort: 'newest', page: '1' }));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('köln')}&sort=newest`);
  });

  it('lists employers with their counts', async () => {
    stubProvider('PROVIDER_ADMIN');
    renderAt('/provider/tenants');
    const row = await screen.findByTestId('tenant-row');
    expect(within(row).getByRole('link', { name: 'Muster GmbH' })).toHaveAttribute(
      'href',
      `/provider/tenants/${TENANT.id}`,
    );
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('Aktiv')).toBeInTheDocument();
  });

  it('creates an employer with its HR admin and opens it', async () => {
    const calls = stubProvider('PROVIDER_ADMIN', (call) => {
      if (call.path === '/v1/provider/tenants' && call.method === 'POST') return jsonResponse(201, CREATED);
      if (call.path === `/v1/provider/tenants/${CREATED.id}`) return jsonResponse(200, CREATED);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/provider/tenants');
    await user.click(await screen.findByRole('button', { name: 'Arbeitgeber anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arbeitgeber anlegen' });
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen und einladen' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    await user.type(field(/^Name/), 'Beispiel AG');
    await user.type(field(/^Straße/), 'Hauptstraße');
    await user.type(field(/^Hausnummer/), '5');
    await user.type(field(/^Postleitzahl/), '10115');
    await user.type(field(/^Ort/), 'Berlin');
    await user.type(field(/^Kontakt-E-Mail/), 'kontakt@beispiel.example');
    await user.type(field(/^Vorname/), 'Hanna');
    await user.type(field(/^Nachname/), 'Reuter');
    await user.type(field(/^E-Mail-Adresse/), 'Hanna@Beispiel.example');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen und einladen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Beispiel AG' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Beispiel AG',
      street: 'Hauptstraße',
      streetNumber: '5',
      postcode: '10115',
      place: 'Berlin',
      contactEmail: 'kontakt@beispiel.example',
      admin: { firstName: 'Hanna', lastName: 'Reuter', email: 'hanna@beispiel.example' },
    });
    expect(screen.getByTestId('register-code')).toHaveTextContent('ABCDE-FGHJK');
    expect(screen.getByText('Eingeladen')).toBeInTheDocument();
  });

  it('revokes a code after confirmation', async () => {
    const calls = stubProvider('PROVIDER_ADMIN', (call) => {
      if (call.path === `/v1/provider/tenants/${CREATED.id}`) return jsonResponse(200, CREATED);
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt(`/provider/tenants/${CREATED.id}`);
    await user.click(await screen.findByRole('button', { name: 'Code ABCDE-FGHJK widerrufen' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen' });
    await user.click(within(dialog).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(
        `/v1/provider/tenants/${CREATED.id}/register-codes/ABCDE-FGHJK`,
      ),
    );
  });

  it("resets an active HR admin's second factor only after confirmation", async () => {
    const admin = { ...CREATED.admins[0]!, active: true };
    const invited = { ...admin, id: '8e3d7f4b-5c0a-4c88-8d86-7f4e6c5d3d04', firstName: 'Ida', active: false };
    const calls = stubProvider('PROVIDER_ADMIN', (call) => {
      if (call.path === `/v1/provider/tenants/${CREATED.id}`)
        return jsonResponse(200, { ...CREATED, admins: [admin, invited] });
      if (call.path.endsWith('/mfa/reset')) return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt(`/provider/tenants/${CREATED.id}`);
    const button = await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung von Hanna Reuter zurücksetzen' });
    // Someone who has not accepted the invitation has no factor to reset.
    expect(screen.queryByRole('button', { name: /von Ida Reuter zurücksetzen/ })).not.toBeInTheDocument();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen' });
    expect(within(dialog).getByText(/Alle Sitzungen enden sofort/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/mfa/reset'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Zwei-Faktor-Anmeldung zurücksetzen' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/mfa/reset'))).toMatchObject({
        method: 'POST',
        path: `/v1/provider/tenants/${CREATED.id}/admins/${admin.id}/mfa/reset`,
      }),
    );
    expect(await screen.findByText(/ist zurückgesetzt; Hanna Reuter wurde per E-Mail informiert/)).toBeInTheDocument();
  });

  it("shows the employer's programme policy read only, as its HR admins saved it", async () => {
    const policy: TenantPolicyResponse = {
      ...DEFAULT_TENANT_POLICY,
      employerSubsidy: { kind: 'FIXED_EUR', value: 50 },
      maxListPriceEur: 60_000,
      allowedBrands: ['BMW', 'Kia'],
      deductionStart: 'NEXT_MONTH',
      approval: 'AUTOMATIC',
      version: 3,
      updatedAt: '2026-03-02T10:00:00.000Z',
      minGrossAfterConversionSource: 'Mindestlohn',
    };
    const calls = stubProvider('PROVIDER_ADMIN', (call) => {
      if (call.path === `/v1/provider/tenants/${CREATED.id}`) return jsonResponse(200, CREATED);
      if (call.path === `/v1/provider/tenants/${CREATED.id}/policy`) return jsonResponse(200, policy);
      return undefined;
    });
    renderAt(`/provider/tenants/${CREATED.id}`);
    const card = within(await screen.findByTestId('tenant-policy'));
    expect(card.getByRole('heading', { name: 'Programmrichtlinie' })).toBeInTheDocument();
    const value = async (label: string) =>
      (await card.findByRole('rowheader', { name: label }))
        .closest('tr')
        ?.querySelector('td')
        ?.textContent?.replace(/\s/g, ' '); // the currency format's non-breaking space
    expect(await value('Arbeitgeberzuschuss')).toBe('50,00 € je Monat');
    expect(await value('Höchster Listenpreis')).toBe('60.000,00 €');
    expect(await value('Höchste monatliche Bruttorate')).toBe('Keine Grenze');
    expect(await value('Erlaubte Marken')).toBe('BMW, Kia');
    expect(await value('Mindestbruttogehalt nach Umwandlung')).toBe('2.409,29 €');
    expect(await value('Beginn des Gehaltsabzugs')).toBe('Im Monat nach der Fahrzeugübergabe');
    expect(await value('Freigabe von Bestellungen')).toBe('Automatisch innerhalb der Richtlinie');
    expect(card.getByText('Fassung 3 vom 02.03.2026')).toBeInTheDocument();
    // Read only: nothing to edit, and nothing but reads went to the policy.
    expect(card.queryByRole('textbox')).not.toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/policy')).map((c) => c.method)).toEqual(['GET']);
  });

  it('keeps the employer page usable when the policy cannot be loaded', async () => {
    stubProvider('PROVIDER_ADMIN', (call) =>
      call.path === `/v1/provider/tenants/${CREATED.id}` ? jsonResponse(200, CREATED) : undefined,
    );
    renderAt(`/provider/tenants/${CREATED.id}`);
    const card = within(await screen.findByTestId('tenant-policy'));
    expect(await card.findByRole('alert')).toHaveTextContent('Die Daten konnten nicht geladen werden.');
    expect(screen.getByTestId('register-code')).toHaveTextContent('ABCDE-FGHJK');
  });
});
