import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Component as AdminOrdersRoute } from '../../../app/routes/admin-orders';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import type { AdminRole } from '../admin-actions';

function stubInviteApi(role: AdminRole, onInvite: (call: RecordedCall) => Response) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role });
    if (call.path === '/v1/admin/orders')
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25, counts: { open: 0, all: 0 } });
    if (call.path === '/v1/admin/invites' && call.method === 'POST') return onInvite(call);
    return undefined;
  });
}

const renderPage = () => renderRoutes(withQueryClient([{ path: '*', element: <AdminOrdersRoute /> }]), '/admin/orders');
const inviteCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/admin/invites');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('inviting an employee from /admin/orders', () => {
  // A provider admin never sees the page: the route sends them on to the back office (admin-orders-page.test.tsx).
  it("offers the invitation on HR's approvals", async () => {
    stubInviteApi('TENANT_ADMIN', () => jsonResponse(202, { accepted: true }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Freigaben' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mitarbeiter einladen' })).toBeInTheDocument();
  });

  it('posts the form and confirms with a toast', async () => {
    const calls = stubInviteApi('TENANT_ADMIN', () => jsonResponse(202, { accepted: true }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mitarbeiter einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitarbeiter einladen' });

    // Empty required fields are caught before any call.
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(await within(dialog).findAllByText('Dieses Feld ist erforderlich.')).not.toHaveLength(0);
    expect(inviteCalls(calls)).toHaveLength(0);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Anrede' }), 'Frau');
    await user.type(within(dialog).getByRole('textbox', { name: /Vorname/ }), 'Erika');
    await user.type(within(dialog).getByRole('textbox', { name: /Nachname/ }), 'Musterfrau');
    await user.type(within(dialog).getByRole('textbox', { name: /E-Mail/ }), ' Erika.Musterfrau@Example.com ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Personalnummer' }), 'P-4711');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));

    expect(await screen.findByText('Einladung versendet an erika.musterfrau@example.com.')).toBeInTheDocument();
    expect(inviteCalls(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: {
          email: 'erika.musterfrau@example.com',
          firstName: 'Erika',
          lastName: 'Musterfrau',
          title: 'ms',
          employeeId: 'P-4711',
        },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server field errors under the fields', async () => {
    stubInviteApi('TENANT_ADMIN', () =>
      jsonResponse(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        errors: [{ field: 'email', message: 'Has to be valid email' }],
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mitarbeiter einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitarbeiter einladen' });
    await user.type(within(dialog).getByRole('textbox', { name: /Vorname/ }), 'Erika');
    await user.type(within(dialog).getByRole('textbox', { name: /Nachname/ }), 'Musterfrau');
    const email = within(dialog).getByRole('textbox', { name: /E-Mail/ });
    await user.type(email, 'erika@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));

    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.queryByTestId('toast-success')).not.toBeInTheDocument();
  });
});
