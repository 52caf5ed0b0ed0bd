import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearAuthData, setAuthData } from '../lib/auth-store';
import { stubApi } from '../test/fake-api';
import { renderRoutes } from '../test/render';
import { RequireAuth } from './require-auth';
import { appRoutes } from './router';

const guardedRoutes = [
  { path: '/login', element: <h1>Login page</h1> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/', element: <h1>Start</h1> },
      { path: '/profile/orders', element: <h1>Orders</h1> },
    ],
  },
];

const currentUrl = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

const setViewportWidth = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });

afterEach(() => {
  vi.unstubAllGlobals();
  setViewportWidth(1024);
});

describe('auth guard of the main layout', () => {
  it('sends a visitor without auth data to /login with path and query in callbackPath', async () => {
    const { router } = renderRoutes(guardedRoutes, '/profile/orders?sort=desc');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?callbackPath=%2Fprofile%2Forders%3Fsort%3Ddesc');
  });

  it('leaves callbackPath out for the path /', async () => {
    const { router } = renderRoutes(guardedRoutes, '/');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login');
  });

  it('lets a user with auth data through', async () => {
    setAuthData({ accessToken: 'a', refreshToken: 'r' });
    renderRoutes(guardedRoutes, '/profile/orders');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });

  it('redirects as soon as the session ends on a guarded page', async () => {
    setAuthData({ accessToken: 'a', refreshToken: 'r' });
    const { router } = renderRoutes(guardedRoutes, '/profile/orders');
    await screen.findByRole('heading', { name: 'Orders' });
    act(() => {
      clearAuthData();
    });
    await waitFor(() => {
      expect(currentUrl(router)).toBe('/login?callbackPath=%2Fprofile%2Forders');
    });
  });
});

describe('app route table', () => {
  it('sends a visitor from / to the login form, without a callbackPath (spec 2.2; ADR 0062)', async () => {
    stubApi();
    const { router } = renderRoutes(appRoutes, '/');
    expect(await screen.findByRole('heading', { name: 'Anmelden' }, { timeout: 3000 })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login');
  });

  it('shows the search page in the main layout with navigation, user name and footer', async () => {
    setAuthData({ accessToken: 'a', refreshToken: 'r' });
    // The navigation shows from lg (1200 px) on; happy-dom evaluates the media query (ADR 0062).
    setViewportWidth(1280);
    stubApi();
    renderRoutes(appRoutes, '/search');
    expect(await screen.findByRole('heading', { name: 'Fahrzeugsuche' }, { timeout: 3000 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(nav).toBeInTheDocument();
    for (const name of ['Fahrzeugsuche', 'Profil', 'FAQ', 'Abmelden']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Farbschema wechseln' })).toBeInTheDocument();
    expect(await screen.findByText('Max Mustermann')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2023 E-Auto-Leasing');
    expect(screen.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    expect(screen.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('redirects /profile to /profile/salary with the pill tabs', async () => {
    setAuthData({ accessToken: 'a', refreshToken: 'r' });
    stubApi();
    const { router } = renderRoutes(appRoutes, '/profile');
    expect(
      await screen.findByRole('heading', { name: 'Persönliche Daten und Gehalt' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/salary');
    const sections = screen.getByRole('navigation', { name: 'Profilbereiche' });
    expect(within(sections).getByRole('link', { name: 'Persönliche Daten' })).toHaveAttribute('aria-current', 'page');
    expect(within(sections).getByRole('link', { name: 'Bestellungen' })).toHaveAttribute('href', '/profile/orders');
    expect(within(sections).getByRole('link', { name: 'Bestellungen' })).not.toHaveAttribute('aria-current');
  });

  it('shows the German 404 page for unknown paths', async () => {
    stubApi();
    renderRoutes(appRoutes, '/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });
});
