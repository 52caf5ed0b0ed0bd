import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { setAuthData } from '../../lib/auth-store';
import { ME, stubApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/memory-storage';
import { withQueryClient } from '../../test/query';
import { renderRoutes } from '../../test/render';
import { navOf } from './main-nav';
import { SiteShell } from './site-shell';

const renderShell = () =>
  renderRoutes(withQueryClient([{ path: '*', element: <SiteShell signedIn>page</SiteShell> }]), '/search');

describe('"Mein Auto" in the navigation', () => {
  beforeEach(() => {
    setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
    // The main navigation shows from lg (1200 px) on (ADR 0062); happy-dom evaluates the media query.
    (
      window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
    ).happyDOM.setViewport({ width: 1280, height: 800 });
  });

  it('is there for someone with a running lease, after the search', async () => {
    stubApi((call) => (call.path === '/v1/me' ? jsonResponse(200, { ...ME, activeLeaseOrderId: 42 }) : undefined));
    renderShell();
    await screen.findByTestId('current-user');
    const nav = screen.getAllByRole('navigation', { name: 'Hauptnavigation' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Fahrzeugsuche', '/search'],
      ['Mein Auto', '/my-car'],
      ['Profil', '/profile'],
      ['FAQ', '/faq'],
      ['Abmelden', '/logout'],
    ]);
  });

  it('is not there without one', async () => {
    stubApi((call) => (call.path === '/v1/me' ? jsonResponse(200, { ...ME, activeLeaseOrderId: null }) : undefined));
    renderShell();
    await screen.findByTestId('current-user');
    expect(screen.queryByRole('link', { name: 'Mein Auto' })).not.toBeInTheDocument();
  });

  it('goes under "Mehr" for an admin who has a car', () => {
    expect(navOf('TENANT_ADMIN', { myCar: true }).more.map((item) => item.to)).toEqual([
      '/search',
      '/my-car',
      '/profile',
      '/faq',
    ]);
    expect(navOf('EMPLOYEE').shown.map((item) => item.to)).toEqual(['/search', '/profile', '/faq']);
  });
});
