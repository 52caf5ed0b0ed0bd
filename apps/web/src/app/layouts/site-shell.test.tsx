import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setAuthData } from '../../lib/auth-store';
import { ME, stubApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/memory-storage';
import { withQueryClient } from '../../test/query';
import { renderRoutes } from '../../test/render';
import { SiteShell } from './site-shell';

/**
 * happy-dom evaluates Mantine's hiddenFrom/visibleFrom media queries against its viewport: the main
 * navigation shows from lg (1200 px) on (ADR 0062).
 */
function setViewportWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });
}

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
    setViewportWidth(1280);
  });
  afterEach(() => {
    setViewportWidth(1024);
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
    ['TENANT_ADMIN', 'Arbeitgeberportal', '/employer', 'Freigaben', '/admin/orders'],
    ['PROVIDER_ADMIN', 'Back-Office', '/provider', 'Bestellungen', '/provider/orders'],
  ] as const)(
    'leads %s with its home and its orders, the search, profile and FAQ under "Mehr"',
    async (role, home, path, orders, ordersPath) => {
      stubApi((call) => (call.path === '/v1/me' ? jsonResponse(200, { ...ME, role }) : undefined));
      renderShell();
      await screen.findByRole('link', { name: orders });
      expect(await navLinks()).toEqual([
        [home, path],
        [orders, ordersPath],
        ['Abmelden', '/logout'],
      ]);
      const nav = within(screen.getAllByRole('navigation', { name: 'Hauptnavigation' })[0]!);
      // Its code comes with the admin's first page; a disabled stand-in holds its place until then.
      await waitFor(() => expect(nav.getByRole('button', { name: 'Mehr' })).toBeEnabled());
      const more = nav.getByRole('button', { name: 'Mehr' });
      expect(more).toHaveAttribute('aria-expanded', 'false');
      const user = userEvent.setup();
      await user.click(more);
      expect(more).toHaveAttribute('aria-expanded', 'true');
      expect(nav.getByRole('link', { name: 'Fahrzeugsuche' })).toHaveAttribute('href', '/search');
      expect(nav.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile');
      expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
      await user.keyboard('{Escape}');
      expect(more).toHaveAttribute('aria-expanded', 'false');
      expect(more).toHaveFocus();
      expect(nav.queryByRole('link', { name: 'Profil' })).not.toBeInTheDocument();
    },
  );

  it('closes "Mehr" when one of its links is followed, and marks it while one of its pages is open', async () => {
    stubApi((call) => (call.path === '/v1/me' ? jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' }) : undefined));
    const { router } = renderShell();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mehr' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Mehr' }));
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(router.state.location.pathname).toBe('/faq');
    const more = screen.getByRole('button', { name: 'Mehr' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('data-current');
  });

  it('keeps the word mark on one line', async () => {
    stubApi();
    renderShell();
    const mark = await screen.findByText('E-Auto-Leasing');
    expect(mark).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
