import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { setAuthData } from '../../lib/auth-store';
import { ME, stubApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/memory-storage';
import { withQueryClient } from '../../test/query';
import { renderRoutes } from '../../test/render';
import { SiteShell } from './site-shell';

const renderShell = () =>
  renderRoutes(withQueryClient([{ path: '*', element: <SiteShell signedIn>page</SiteShell> }]), '/search');

const navLinks = async () => {
  const nav = screen.getAllByRole('navigation', { name: 'Hauptnavigation' })[0]!;
  await screen.findByTestId('current-user');
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

describe('main navigation by role', () => {
  beforeEach(() => {
    setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
  });

  it('shows employees the search, profile, FAQ and logout', async () => {
    stubApi();
    renderShell();
    expect(await navLinks()).toEqual([
      ['Fahrzeugsuche', '/search'],
      ['Profil', '/profile'],
      ['FAQ', '/faq'],
      ['Abmelden', '/logout'],
    ]);
  });

  it.each([
    ['TENANT_ADMIN', 'Freigaben'],
    ['PROVIDER_ADMIN', 'Bestellungen verwalten'],
  ] as const)('adds the order administration for %s', async (role, label) => {
    stubApi((call) => (call.path === '/v1/me' ? jsonResponse(200, { ...ME, role }) : undefined));
    renderShell();
    await screen.findByRole('link', { name: label });
    expect(await navLinks()).toEqual([
      ['Fahrzeugsuche', '/search'],
      // Tenant admins also reach their employer portal.
      ...(role === 'TENANT_ADMIN' ? [['Arbeitgeberportal', '/employer']] : []),
      // Provider admins also reach their back office.
      ...(role === 'PROVIDER_ADMIN' ? [['Back-Office', '/provider']] : []),
      [label, '/admin/orders'],
      ['Profil', '/profile'],
      ['FAQ', '/faq'],
      ['Abmelden', '/logout'],
    ]);
  });
});
