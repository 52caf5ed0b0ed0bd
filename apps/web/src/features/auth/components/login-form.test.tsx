import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getAuthData, setAuthData } from '../../../lib/auth-store';
import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { renderRoutes } from '../../../test/render';
import { LoginForm } from './login-form';

const routes = [
  { path: '/login', element: <LoginForm /> },
  { path: '/', element: <h1>Start</h1> },
  { path: '/order/:orderId/workflow', element: <h1>Workflow</h1> },
  { path: '/forgotten', element: <h1>Forgotten</h1> },
  { path: '/register', element: <h1>Register</h1> },
];

const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' };

async function fillAndSubmit(username = 'max.mustermann@example.com', password = 'Demo-Passwort-1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Benutzername/), username);
  await user.type(screen.getByLabelText(/^Passwort/), password);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('shows the required-field messages in German, never in English', async () => {
    const calls = stubApi();
    renderRoutes(routes, '/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByText('Bitte geben Sie Ihren Benutzernamen ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(screen.queryByText(/is required/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Benutzername/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('signs in, stores the tokens and goes to a safe callbackPath', async () => {
    const calls = stubApi((call) =>
      call.path === '/v1/auth/login' ? jsonResponse(200, { authenticated: true, ...TOKENS }) : undefined,
    );
    const { router } = renderRoutes(routes, '/login?callbackPath=%2Forder%2F7%2Fworkflow');
    await screen.findByRole('button', { name: 'Anmelden' });
    await fillAndSubmit();

    expect(await screen.findByRole('heading', { name: 'Workflow' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order/7/workflow');
    expect(getAuthData()).toEqual(TOKENS);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/auth/login',
      body: { username: 'max.mustermann@example.com', password: 'Demo-Passwort-1' },
    });
  });

  it('ignores an unsafe callbackPath and goes to /', async () => {
    stubApi((call) =>
      call.path === '/v1/auth/login' ? jsonResponse(200, { authenticated: true, ...TOKENS }) : undefined,
    );
    const { router } = renderRoutes(routes, '/login?callbackPath=%2F%2Fevil.example%2F');
    await screen.findByRole('button', { name: 'Anmelden' });
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('clears stale auth data first and sends no old token', async () => {
    setAuthData({ accessToken: 'stale', refreshToken: 'stale' });
    const calls = stubApi(() => jsonResponse(200, { authenticated: false }));
    renderRoutes(routes, '/login');
    await screen.findByRole('button', { name: 'Anmelden' });
    await fillAndSubmit();
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.authorization).toBeNull();
    expect(getAuthData()).toBeNull();
  });

  it('toasts in German when the credentials are wrong and stores nothing', async () => {
    stubApi(() => jsonResponse(200, { authenticated: false }));
    const { router } = renderRoutes(routes, '/login');
    await screen.findByRole('button', { name: 'Anmelden' });
    await fillAndSubmit('max.mustermann@example.com', 'falsch');
    expect(await screen.findByText('Benutzername oder Passwort ist falsch.')).toBeInTheDocument();
    expect(getAuthData()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('toasts in German when the request fails', async () => {
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoutes(routes, '/login');
    await screen.findByRole('button', { name: 'Anmelden' });
    await fillAndSubmit();
    expect(
      await screen.findByText('Bei der Anmeldung ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.'),
    ).toBeInTheDocument();
    expect(getAuthData()).toBeNull();
  });

  it('shows and hides the password with a keyboard-reachable toggle', async () => {
    stubApi();
    renderRoutes(routes, '/login');
    const password = await screen.findByLabelText(/^Passwort/);
    const toggle = screen.getByRole('button', { name: 'Eingabe im Klartext anzeigen' });
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).not.toHaveAttribute('tabindex', '-1');
    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
  });

  it('links to the password reset and the registration', async () => {
    stubApi();
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forgotten');
    expect(screen.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/register');
  });
});
