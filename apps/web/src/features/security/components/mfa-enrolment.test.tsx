import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Component as SecurityRoute } from '../../../app/routes/profile-security';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

const MFA_REQUIRED = { enabled: false, required: true, graceEndsAt: null };
const SECRET = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:,' };

/** The server's side of step 1: the password alone mails a code; with the right code comes the secret. */
function stubEnrolment() {
  return stubApi((call: RecordedCall) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/user/mfa') return jsonResponse(200, MFA_REQUIRED);
    if (call.path === '/v1/user/mfa/setup') {
      const body = call.body as { password: string; mailCode?: string };
      if (!body.mailCode) return jsonResponse(202, { mailCodeSent: true });
      if (body.mailCode === '12345678') return jsonResponse(200, SECRET);
      return jsonResponse(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Der Code aus der E-Mail ist nicht gültig.',
        errors: [{ field: 'mailCode', message: 'invalid' }],
      });
    }
    return undefined;
  });
}

const setupCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v1/user/mfa/setup').map((c) => c.body);

function renderAt(state?: object) {
  const view = renderRoutes(
    withQueryClient([
      { path: '/start', element: <p>Start</p> },
      { path: '/profile/security', element: <SecurityRoute /> },
    ]),
    '/start',
  );
  void view.router.navigate('/profile/security', state ? { state } : {});
  return view;
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('enrolling the second factor on /profile/security', () => {
  it('mails a code for the password, and shows the secret only for that code', async () => {
    const calls = stubEnrolment();
    const user = userEvent.setup();
    renderAt();
    const password = await screen.findByLabelText(/Aktuelles Passwort/, { selector: 'input', exact: false });
    await user.type(password, 'Mein-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Code per E-Mail senden' }));

    const mailCode = await screen.findByLabelText(/Achtstelliger Code aus der E-Mail/);
    expect(screen.getByText(/Wir haben Ihnen einen Code an Ihre E-Mail-Adresse gesendet/)).toBeInTheDocument();
    await user.type(mailCode, '87654321');
    await user.click(screen.getByRole('button', { name: 'Einrichtung starten' }));
    expect(await screen.findByText(/Der Code aus der E-Mail ist nicht gültig/)).toBeInTheDocument();

    await user.clear(mailCode);
    await user.type(mailCode, '12345678');
    await user.click(screen.getByRole('button', { name: 'Einrichtung starten' }));
    expect(await screen.findByAltText('QR-Code für die Authenticator-App')).toBeInTheDocument();
    expect(setupCalls(calls)).toEqual([
      { password: 'Mein-Passwort-1' },
      { password: 'Mein-Passwort-1', mailCode: '87654321' },
      { password: 'Mein-Passwort-1', mailCode: '12345678' },
    ]);
  });

  it('starts at once with the code an accepted invitation handed over, without another mail', async () => {
    const calls = stubEnrolment();
    const user = userEvent.setup();
    renderAt({ mfaEnrolmentCode: '12345678' });
    expect(await screen.findByText(/Ihr Passwort ist gespeichert/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Aktuelles Passwort/, { selector: 'input' }), 'Mein-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Einrichtung starten' }));
    expect(await screen.findByAltText('QR-Code für die Authenticator-App')).toBeInTheDocument();
    await waitFor(() => expect(setupCalls(calls)).toEqual([{ password: 'Mein-Passwort-1', mailCode: '12345678' }]));
  });
});
