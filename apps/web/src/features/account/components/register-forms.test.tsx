import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { Component as RegisterCodeRoute } from '../../../app/routes/register-code';
import { RegisterCodeForm } from './register-code-form';

const routes = withQueryClient([
  { path: '/register', element: <RegisterCodeForm /> },
  { path: '/register/:registerCode', element: <RegisterCodeRoute /> },
  { path: '/check-email', element: <h1>Check</h1> },
  { path: '/login', element: <h1>Login</h1> },
]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration code form', () => {
  it('requires the code in German and goes on to /register/{code}', async () => {
    stubApi();
    const { router } = renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Dieses Feld ist erforderlich.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Registrierungscode/), ' DEMO2026 ');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/register/DEMO2026');
    });
    expect(await screen.findByText('Registrierungscode: DEMO2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
  });
});

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = {
    firstName: 'Erika',
    lastName: 'Musterfrau',
    email: 'Erika@Example.com',
    employeeId: '',
    password: 'lange-sichere-phrase',
    confirmPassword: 'lange-sichere-phrase',
    ...overrides,
  };
  await user.selectOptions(screen.getByLabelText('Anrede'), 'Frau');
  await user.type(screen.getByLabelText(/^Vorname/), values.firstName);
  await user.type(screen.getByLabelText(/^Nachname/), values.lastName);
  await user.type(screen.getByLabelText(/^E-Mail-Adresse/), values.email);
  if (values.employeeId) await user.type(screen.getByLabelText(/^Personalnummer/), values.employeeId);
  await user.type(screen.getByLabelText(/^Passwort\s*\*?$/), values.password);
  await user.type(screen.getByLabelText(/^Passwort wiederholen/), values.confirmPassword);
}

describe('registration form', () => {
  it('shows every rule in German and sends nothing while the form is invalid', async () => {
    const calls = stubApi();
    renderRoutes(routes, '/register/DEMO2026');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^E-Mail-Adresse/), 'keine-adresse');
    await user.type(screen.getByLabelText(/^Passwort\s*\*?$/), 'kurz');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'anders');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    expect(await screen.findAllByText('Dieses Feld ist erforderlich.')).toHaveLength(2);
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(screen.queryByText(/required|must|valid email/i)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('registers with the code from the URL and goes to /check-email', async () => {
    const calls = stubApi((call) =>
      call.path === '/v1/auth/register/DEMO2026'
        ? jsonResponse(202, { authenticated: false, emailConfirmationRequired: true })
        : undefined,
    );
    const { router } = renderRoutes(routes, '/register/DEMO2026');
    const user = userEvent.setup();
    await screen.findByLabelText(/^Vorname/);
    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    expect(await screen.findByRole('heading', { name: 'Check' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/check-email');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/auth/register/DEMO2026',
      body: {
        title: 'ms',
        firstName: 'Erika',
        lastName: 'Musterfrau',
        email: 'erika@example.com',
        employeeId: null,
        password: 'lange-sichere-phrase',
        confirmPassword: 'lange-sichere-phrase',
        // The interface language goes with the registration: the account and its mails keep it.
        language: 'de',
      },
    });
  });

  it('toasts the long German text when the code is refused', async () => {
    stubApi(() =>
      jsonResponse(400, { status: 400, code: 'REGISTRATION_FAILED', message: 'Registrierung fehlgeschlagen' }),
    );
    const { router } = renderRoutes(routes, '/register/FALSCH');
    const user = userEvent.setup();
    await screen.findByLabelText(/^Vorname/);
    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    expect(
      await screen.findByText(
        /Die Registrierung war leider nicht erfolgreich\. Möglicherweise ist der Registrierungscode falsch/,
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/FALSCH');
  });

  it('shows the server field errors under the fields', async () => {
    stubApi(() =>
      jsonResponse(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Die Anfrage enthält ungültige Felder.',
        errors: [{ field: 'password', message: 'Password is too common' }],
      }),
    );
    renderRoutes(routes, '/register/DEMO2026');
    const user = userEvent.setup();
    await screen.findByLabelText(/^Vorname/);
    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(
      await screen.findByText('Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Passwort\s*\*?$/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('toasts in German when rate limited', async () => {
    stubApi(() => jsonResponse(429, { status: 429, code: 'RATE_LIMITED', message: 'Zu viele Versuche.' }));
    renderRoutes(routes, '/register/DEMO2026');
    const user = userEvent.setup();
    await screen.findByLabelText(/^Vorname/);
    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText(/Zu viele Versuche\. Bitte warten Sie einen Moment/)).toBeInTheDocument();
  });

  it('says that no code is present when the code is blank', async () => {
    stubApi();
    renderRoutes(routes, '/register/%20');
    expect(await screen.findByText('Es wurde kein Registrierungscode angegeben.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Vorname/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrierungscode eingeben' })).toHaveAttribute('href', '/register');
  });

  it('has keyboard-reachable show/hide toggles with German labels on both password fields', async () => {
    stubApi();
    renderRoutes(routes, '/register/DEMO2026');
    const password = await screen.findByLabelText(/^Passwort\s*\*?$/);
    const toggle = screen.getByRole('button', { name: 'Passwort im Klartext anzeigen' });
    expect(screen.getByRole('button', { name: 'Passwortwiederholung im Klartext anzeigen' })).toBeInTheDocument();
    expect(toggle).not.toHaveAttribute('tabindex', '-1');
    toggle.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
  });
});
