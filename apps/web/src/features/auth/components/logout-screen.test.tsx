import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getAuthData, setAuthData } from '../../../lib/auth-store';
import { stubApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { LogoutScreen } from './logout-screen';

const routes = [
  { path: '/logout', element: <LogoutScreen /> },
  { path: '/', element: <h1>Start</h1> },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('revokes the refresh token, clears the session, toasts and goes to /', async () => {
    setAuthData({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const calls = stubApi((call) =>
      call.path === '/v1/auth/logout' ? new Response(null, { status: 204 }) : undefined,
    );
    const { router } = renderRoutes(routes, '/logout');

    expect(await screen.findByRole('heading', { name: 'Start' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getAuthData()).toBeNull();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/v1/auth/logout',
        body: { refreshToken: 'refresh-1' },
        authorization: 'Bearer access-1',
      },
    ]);
    expect(await screen.findByText('Erfolgreich abgemeldet')).toBeInTheDocument();
  });

  it('signs out locally even when the server is unreachable', async () => {
    setAuthData({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoutes(routes, '/logout');
    await waitFor(() => {
      expect(getAuthData()).toBeNull();
    });
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeInTheDocument();
  });
});
