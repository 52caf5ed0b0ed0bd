import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getAuthData, setAuthData } from '../lib/auth-store';
import { stubApi } from '../test/fake-api';
import { createTestI18n } from '../test/i18n';
import { jsonResponse } from '../test/memory-storage';
import { AppRouter } from './app-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <AppProviders i18n={createTestI18n()} env="test">
      <AppRouter router={createAppRouter()} />
    </AppProviders>,
  );
}

const unauthenticated = jsonResponse(401, { status: 401, code: 'UNAUTHENTICATED', message: 'Token expired' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app wiring of the API client', { timeout: 30_000 }, () => {
  it('goes to /login with the current page when the refresh fails, and says why', async () => {
    setAuthData({ accessToken: 'expired', refreshToken: 'revoked' });
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(401, { status: 401, code: 'UNAUTHENTICATED', message: 'x' });
      if (call.path === '/v1/auth/refreshToken') return unauthenticated;
      return undefined;
    });
    renderApp('/faq?x=1');

    expect(await screen.findByRole('heading', { name: 'Anmelden' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login?callbackPath=%2Ffaq%3Fx%3D1');
    expect(getAuthData()).toBeNull();
    expect(calls.filter((call) => call.path === '/v1/auth/refreshToken')).toHaveLength(1);
    expect(
      await screen.findByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'),
    ).toBeInTheDocument();
  });

  it('replays with the new token when the refresh succeeds and stays on the page', async () => {
    setAuthData({ accessToken: 'expired', refreshToken: 'refresh-1' });
    stubApi((call) => {
      if (call.path === '/v1/auth/refreshToken') {
        return jsonResponse(200, { authenticated: true, accessToken: 'fresh', refreshToken: 'refresh-2' });
      }
      if (call.path === '/v1/me' && call.authorization !== 'Bearer fresh') return unauthenticated;
      return undefined;
    });
    renderApp('/search');

    expect(await screen.findByText('Max Mustermann', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/search');
    expect(getAuthData()).toEqual({ accessToken: 'fresh', refreshToken: 'refresh-2' });
  });

  it('goes to /login on 403', async () => {
    setAuthData({ accessToken: 'a', refreshToken: 'r' });
    stubApi((call) =>
      call.path === '/v1/me' ? jsonResponse(403, { status: 403, code: 'FORBIDDEN', message: 'Forbidden' }) : undefined,
    );
    renderApp('/search');
    await waitFor(
      () => {
        expect(window.location.pathname).toBe('/login');
      },
      { timeout: 10_000 },
    );
    expect(window.location.search).toBe('?callbackPath=%2Fsearch');
  });
});
