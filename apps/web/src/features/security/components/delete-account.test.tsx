import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Component as SecurityRoute } from '../../../app/routes/profile-security';
import { getAuthData, setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

const MFA_OFF = { enabled: false, required: false, graceEndsAt: null };

function stubSecurityApi(options: { role?: string; onDelete?: (call: RecordedCall) => Response } = {}) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: options.role ?? 'EMPLOYEE' });
    if (call.path === '/v1/user/mfa') return jsonResponse(200, MFA_OFF);
    if (call.path === '/v1/user/export') return jsonResponse(200, { format: 'e-auto-leasing/meine-daten@1' });
    if (call.path === '/v1/user' && call.method === 'DELETE')
      return options.onDelete?.(call) ?? new Response(null, { status: 204 });
    return undefined;
  });
}

const renderPage = () =>
  renderRoutes(
    withQueryClient([
      { path: '/profile/security', element: <SecurityRoute /> },
      { path: '/login', element: <p>Anmeldeseite</p> },
    ]),
    '/profile/security',
  );
/** The erasure form (the second-factor form on the same page asks for the password too). */
const deleteForm = async () => within(await screen.findByRole('form', { name: 'Konto löschen' }));
const deleteCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/user' && c.method === 'DELETE');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deleting the account on /profile/security', () => {
  it('asks for the password, says what goes and what stays, then erases and lands on /login', async () => {
    const calls = stubSecurityApi();
    const user = userEvent.setup();
    const view = renderPage();
    const form = await deleteForm();

    // Without a password nothing is asked and nothing is sent.
    await user.click(form.getByRole('button', { name: 'Konto löschen …' }));
    expect(await form.findByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(form.getByLabelText(/Aktuelles Passwort/, { selector: 'input' }), 'Mein-Passwort-1');
    await user.click(form.getByRole('button', { name: 'Konto löschen …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' });
    expect(within(dialog).getByText('Ihre Gehalts- und Steuerangaben')).toBeInTheDocument();
    expect(within(dialog).getByText('Bestellungen, die Sie noch nicht unterschrieben haben')).toBeInTheDocument();
    expect(within(dialog).getByText(/§ 257 HGB, § 147 AO/)).toBeInTheDocument();
    expect(within(dialog).getByText(/kündigt kein Leasing/)).toBeInTheDocument();
    expect(deleteCalls(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(deleteCalls(calls)).toEqual([
      expect.objectContaining({ body: { password: 'Mein-Passwort-1' }, authorization: 'Bearer access' }),
    ]);
    expect(view.router.state.location.search).toBe('');
    expect(getAuthData()).toBeNull();
    expect(await screen.findByText('Ihr Konto wurde gelöscht.')).toBeInTheDocument();
  });

  it('changes nothing when the dialog is cancelled', async () => {
    const calls = stubSecurityApi();
    const user = userEvent.setup();
    const view = renderPage();
    const form = await deleteForm();
    await user.type(form.getByLabelText(/Aktuelles Passwort/, { selector: 'input' }), 'Mein-Passwort-1');
    await user.click(form.getByRole('button', { name: 'Konto löschen …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteCalls(calls)).toHaveLength(0);
    expect(view.router.state.location.pathname).toBe('/profile/security');
    expect(getAuthData()).not.toBeNull();
  });

  it('shows a wrong password under the field and keeps the session', async () => {
    stubSecurityApi({
      onDelete: () =>
        jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Das Passwort ist nicht korrekt.',
          errors: [{ field: 'password', message: 'Password is incorrect' }],
        }),
    });
    const user = userEvent.setup();
    const view = renderPage();
    const form = await deleteForm();
    const field = form.getByLabelText(/Aktuelles Passwort/, { selector: 'input' });
    await user.type(field, 'Falsches-Passwort-1');
    await user.click(form.getByRole('button', { name: 'Konto löschen …' }));
    await user.click(await screen.findByRole('button', { name: 'Konto endgültig löschen' }));

    expect(await form.findByText('Das Passwort ist nicht korrekt.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field).toHaveValue('');
    expect(view.router.state.location.pathname).toBe('/profile/security');
    expect(getAuthData()).not.toBeNull();
  });

  it('gives admins a note instead of the form', async () => {
    stubSecurityApi({ role: 'TENANT_ADMIN' });
    renderPage();
    expect(await screen.findByText(/Administratorkonten entfernt Ihr Arbeitgeber/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Konto löschen …' })).not.toBeInTheDocument();
  });

  it('downloads the data as meine-daten-YYYY-MM-DD.json', async () => {
    const calls = stubSecurityApi();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:meine-daten');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Meine Daten herunterladen' }));

    expect(await screen.findByText('Ihre Daten wurden heruntergeladen.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/user/export')).toEqual([
      expect.objectContaining({ method: 'GET', authorization: 'Bearer access' }),
    ]);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  });
});
