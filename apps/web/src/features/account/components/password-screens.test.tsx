import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Component as EmailConfirmRoute } from '../../../app/routes/email-confirm';
import { Component as InviteRoute } from '../../../app/routes/invite';
import { Component as PasswordResetRoute } from '../../../app/routes/password-reset';
import { Component as WelcomeSetPasswordRoute } from '../../../app/routes/register-set-password';
import { getAuthData, setAuthData } from '../../../lib/auth-store';
import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { ForgottenForm } from './forgotten-form';

const routes = withQueryClient([
  { path: '/invite/:code', element: <InviteRoute /> },
  { path: '/user/passwordReset/:code', element: <PasswordResetRoute /> },
  { path: '/register/set-password/:code', element: <WelcomeSetPasswordRoute /> },
  {
    path: '/user/emailConfirm/:code',
    element: (
      <StrictMode>
        <EmailConfirmRoute />
      </StrictMode>
    ),
  },
  { path: '/forgotten', element: <ForgottenForm /> },
  { path: '/welcome', element: <h1>Welcome page</h1> },
  { path: '/search', element: <h1>Search page</h1> },
  { path: '/', element: <h1>Start page</h1> },
  { path: '/login', element: <h1>Login page</h1> },
]);

const TOKENS = { accessToken: 'access-new', refreshToken: 'refresh-new' };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function submitPasswords(password: string, confirmPassword = password) {
  const user = userEvent.setup();
  if (password) await user.type(await screen.findByLabelText(/^Neues Passwort/), password);
  if (confirmPassword) await user.type(screen.getByLabelText(/^Passwort wiederholen/), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
}

describe('set-password screens', () => {
  it('words every rule in German (the empty password message means the password, not the e-mail)', async () => {
    const calls = stubApi();
    renderRoutes(routes, '/user/passwordReset/abc');
    await submitPasswords('');
    expect(await screen.findByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte bestätigen Sie das Passwort.')).toBeInTheDocument();
    expect(screen.queryByText(/E-Mail/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Neues Passwort/), 'kurz');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'anders');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['/invite/inv-1', 'inv-1', '/welcome', 'Willkommen – Passwort festlegen', /aktivieren/],
    ['/register/set-password/wel-1', 'wel-1', '/welcome', 'Passwort festlegen', /aktivieren/],
    ['/user/passwordReset/res-1', 'res-1', '/search', 'Neues Passwort festlegen', /anderen Sitzungen/],
  ])('%s sets the password with code %s, stores the session and goes on', async (path, code, target, title, intro) => {
    setAuthData({ accessToken: 'old', refreshToken: 'old' });
    const calls = stubApi((call) =>
      call.path === '/v1/confirm/password/reset' ? jsonResponse(200, { authenticated: true, ...TOKENS }) : undefined,
    );
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(intro)).toBeInTheDocument();
    await submitPasswords('lange-sichere-phrase');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(target);
    });
    expect(await screen.findByText('Ihr Passwort wurde gespeichert.')).toBeInTheDocument();
    expect(getAuthData()).toEqual(TOKENS);
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/v1/confirm/password/reset',
      body: { code, password: 'lange-sichere-phrase' },
    });
  });

  it('toasts the German error for a used or expired code and stays', async () => {
    stubApi(() => jsonResponse(400, { status: 400, code: 'CODE_INVALID', message: 'Code ungültig' }));
    const { router } = renderRoutes(routes, '/invite/used');
    await submitPasswords('lange-sichere-phrase');
    expect(await screen.findByText(/Das Passwort konnte nicht gespeichert werden/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invite/used');
    expect(getAuthData()).toBeNull();
  });

  it("shows the server's password rule under the field and keeps the code", async () => {
    stubApi(() =>
      jsonResponse(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Bitte wählen Sie ein anderes Passwort.',
        errors: [{ field: 'password', message: 'Password must not contain your name or e-mail address' }],
      }),
    );
    const { router } = renderRoutes(routes, '/user/passwordReset/abc');
    await submitPasswords('erika-mustermann-2026');
    expect(await screen.findByText(/weder Ihren Namen noch Ihre E-Mail-Adresse/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/passwordReset/abc');
    expect(getAuthData()).toBeNull();
  });

  it('has show/hide toggles with German labels', async () => {
    stubApi();
    renderRoutes(routes, '/invite/x');
    const field = await screen.findByLabelText(/^Passwort wiederholen/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Passwortwiederholung im Klartext anzeigen' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Passwort im Klartext anzeigen' })).toBeInTheDocument();
  });
});

describe('e-mail confirmation', () => {
  it('calls the API once even under StrictMode, toasts and goes to /', async () => {
    const calls = stubApi((call) =>
      call.path === '/v1/confirm/email/code/c-1' ? new Response(null, { status: 204 }) : undefined,
    );
    const { router } = renderRoutes(routes, '/user/emailConfirm/c-1');
    expect(await screen.findByText('Ihre E-Mail-Adresse wurde bestätigt.')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(calls.filter((call) => call.path.startsWith('/v1/confirm/email'))).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
  });

  it('warns in German when the code is invalid and offers the way to the login', async () => {
    const calls = stubApi(() => jsonResponse(400, { status: 400, code: 'CODE_INVALID', message: 'Code ungültig' }));
    const { router } = renderRoutes(routes, '/user/emailConfirm/old');
    expect(await screen.findByText(/bereits verwendet/)).toBeInTheDocument();
    expect(screen.getAllByText('Die E-Mail-Adresse konnte nicht bestätigt werden.').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/user/emailConfirm/old');
    expect(calls).toHaveLength(1);
  });
});

describe('password reset request', () => {
  it('requires a valid e-mail address in German', async () => {
    const calls = stubApi();
    renderRoutes(routes, '/forgotten');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/), 'nicht-gültig');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['accepted', () => jsonResponse(202, { accepted: true })],
    ['refused', () => jsonResponse(429, { status: 429, code: 'RATE_LIMITED', message: 'Zu viele Versuche.' })],
  ])('shows the same note when the request is %s', async (_case, answer) => {
    const calls = stubApi(answer);
    renderRoutes(routes, '/forgotten');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^E-Mail-Adresse/), 'Max.Mustermann@example.com');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    const note =
      'Falls ein Konto mit dieser E-Mail-Adresse besteht, senden wir Ihnen einen Link zum Zurücksetzen des Passworts.';
    await waitFor(() => {
      expect(screen.getAllByText(note).length).toBeGreaterThanOrEqual(2);
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/confirm/password/reset/mail/max.mustermann%40example.com',
    });
  });
});
