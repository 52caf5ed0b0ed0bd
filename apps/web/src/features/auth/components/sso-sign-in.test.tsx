import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { getAuthData } from '../../../lib/auth-store';
import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { renderRoutes } from '../../../test/render';
import { LoginForm } from './login-form';
import { SsoSignIn } from './sso-sign-in';

const routes = [
  { path: '/login', element: <LoginForm /> },
  { path: '/login/sso', element: <SsoSignIn /> },
  { path: '/', element: <h1>Start</h1> },
  { path: '/order/:orderId', element: <h1>Bestellung</h1> },
  { path: '/forgotten', element: <h1>Forgotten</h1> },
  { path: '/register', element: <h1>Register</h1> },
];

const TOKENS = { accessToken: 'access-sso', refreshToken: 'refresh-sso' };

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sign-in with the company account', () => {
  it('sends the browser to the start with the work address and keeps the page to return to', async () => {
    stubApi();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const user = userEvent.setup();
    renderRoutes(routes, '/login/sso?callbackPath=%2Forder%2F7');
    await user.click(await screen.findByRole('button', { name: 'Weiter zum Firmenkonto' }));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Geschäftliche E-Mail-Adresse/), 'erika@muster-gmbh.de');
    await user.click(screen.getByRole('button', { name: 'Weiter zum Firmenkonto' }));
    expect(assign).toHaveBeenCalledWith('/v1/auth/sso/start?email=erika%40muster-gmbh.de');
    expect(sessionStorage.getItem('sso.callbackPath')).toBe('/order/7');
  });

  it('exchanges the one-time code once, takes it out of the address and goes back where the person came from', async () => {
    sessionStorage.setItem('sso.callbackPath', '/order/7');
    const calls = stubApi((call) =>
      call.path === '/v1/auth/sso/exchange' ? jsonResponse(200, { authenticated: true, ...TOKENS }) : undefined,
    );
    const { router } = renderRoutes(routes, '/login/sso?code=one-time-code');
    expect(await screen.findByRole('heading', { name: 'Bestellung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order/7');
    expect(getAuthData()).toEqual(TOKENS);
    const exchanges = calls.filter((c) => c.path === '/v1/auth/sso/exchange');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ code: 'one-time-code' });
    expect(sessionStorage.getItem('sso.callbackPath')).toBeNull();
  });

  it('asks for the second factor when the exchange says so', async () => {
    stubApi((call) =>
      call.path === '/v1/auth/sso/exchange'
        ? jsonResponse(200, { authenticated: false, mfaRequired: true, mfaToken: 'mfa-token' })
        : undefined,
    );
    renderRoutes(routes, '/login/sso?code=one-time-code');
    expect(await screen.findByRole('heading', { name: 'Bestätigungscode' })).toBeInTheDocument();
    expect(getAuthData()).toBeNull();
  });

  it('says in German why a sign-in was refused, and a used code asks to start again', async () => {
    stubApi((call) =>
      call.path === '/v1/auth/sso/exchange'
        ? jsonResponse(400, { status: 400, code: 'VALIDATION_FAILED', message: 'Ungültig' })
        : undefined,
    );
    const first = renderRoutes(routes, '/login/sso?error=email_unverified');
    expect(await screen.findByText(/Ihr Firmenkonto bestätigt Ihre E-Mail-Adresse nicht/)).toBeInTheDocument();
    first.unmount();
    renderRoutes(routes, '/login/sso?code=used-code');
    expect(await screen.findByText(/Die Anmeldung ist abgelaufen/)).toBeInTheDocument();
    expect(getAuthData()).toBeNull();
  });

  it('the password form points to the company account when the employer requires it', async () => {
    stubApi((call) =>
      call.path === '/v1/auth/login'
        ? jsonResponse(403, {
            status: 403,
            code: 'FORBIDDEN',
            message: 'Ihr Arbeitgeber verlangt die Anmeldung mit dem Firmenkonto.',
            errors: [{ field: 'username', message: 'ssoRequired' }],
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText(/Benutzername/), 'erika@muster-gmbh.de');
    await user.type(screen.getByLabelText(/^Passwort/), 'Irgendein-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ihr Arbeitgeber verlangt die Anmeldung mit dem Firmenkonto.');
    await user.click(screen.getAllByRole('link', { name: 'Mit Firmenkonto anmelden' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Weiter zum Firmenkonto' })).toBeInTheDocument());
  });
});
