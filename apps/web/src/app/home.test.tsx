import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../lib/auth-store';
import { ME, stubApi } from '../test/fake-api';
import { jsonResponse } from '../test/memory-storage';
import { renderRoutes } from '../test/render';
import { homePathOf } from './home';
import { appRoutes } from './router';

const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("each role's home (ADR 0062)", () => {
  it('is the employer portal for HR, the back office for the provider, the search for everyone else', () => {
    expect(homePathOf('TENANT_ADMIN')).toBe('/employer');
    expect(homePathOf('PROVIDER_ADMIN')).toBe('/provider');
    expect(homePathOf('EMPLOYEE')).toBe('/search');
    expect(homePathOf(undefined)).toBe('/search');
  });

  it.each([
    ['TENANT_ADMIN', '/employer'],
    ['PROVIDER_ADMIN', '/provider'],
    ['EMPLOYEE', '/search'],
  ] as const)('is where / leads a signed-in %s', async (role, home) => {
    setAuthData(TOKENS);
    const calls = stubApi((call) => (call.path === '/v1/me' ? jsonResponse(200, { ...ME, role }) : undefined));
    const { router } = renderRoutes(appRoutes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe(home), { timeout: 5_000 });
    // The navigation finds the answer in the cache: who is signed in is asked once.
    expect(calls.filter((call) => call.path === '/v1/me')).toHaveLength(1);
  });

  it('is where a sign-in without a callbackPath lands; a callbackPath still wins', async () => {
    stubApi((call) => {
      if (call.path === '/v1/auth/login') return jsonResponse(200, { authenticated: true, ...TOKENS });
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
      return undefined;
    });
    const signIn = async (path: string) => {
      const view = renderRoutes(appRoutes, path);
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(/Benutzername/, {}, { timeout: 5_000 }), 'hr@example.com');
      await user.type(screen.getByLabelText(/^Passwort/), 'Demo-Passwort-1');
      await user.click(screen.getByRole('button', { name: 'Anmelden' }));
      return view.router;
    };
    const router = await signIn('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer'), { timeout: 5_000 });
    router.dispose();
    // A new page, signed out, with a deep link.
    window.localStorage.clear();
    const deep = await signIn('/login?callbackPath=%2Ffaq');
    await waitFor(() => expect(deep.state.location.pathname).toBe('/faq'), { timeout: 5_000 });
  });

  it("is where the second factor's step lands the provider's admin", async () => {
    stubApi((call) => {
      if (call.path === '/v1/auth/login')
        return jsonResponse(200, { authenticated: false, mfaRequired: true, mfaToken: 'mfa-1' });
      if (call.path === '/v1/auth/mfa') return jsonResponse(200, { authenticated: true, ...TOKENS });
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      return undefined;
    });
    const { router } = renderRoutes(appRoutes, '/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Benutzername/, {}, { timeout: 5_000 }), 'provider@example.com');
    await user.type(screen.getByLabelText(/^Passwort/), 'Demo-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await user.type(await screen.findByLabelText(/^Code aus der App/), '123456');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider'), { timeout: 5_000 });
  });

  it('falls back to the search when /v1/me cannot say who is signed in', async () => {
    setAuthData(TOKENS);
    stubApi((call) =>
      call.path === '/v1/me' ? jsonResponse(500, { status: 500, code: 'INTERNAL', message: 'x' }) : undefined,
    );
    const { router } = renderRoutes(appRoutes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'), { timeout: 10_000 });
  });
});
