import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppProviders } from '../../../app/providers';
import { createTestI18n } from '../../../test/i18n';
import { CONSENT_KEY, loadSiteConfig, resetConsentForTest } from '../consent-store';
import type * as PageViews from '../page-views';
import { loadAnalyticsScript, resetPageViewsForTest } from '../page-views';
import { ConsentSettingsLink } from './consent-settings-link';
import { ConsentBoot } from './consent-boot';
import { PAGE_VIEW_SETTLE_MS } from './consent-host';

// The script element itself is checked in page-views.test.ts; here only whether it is asked for.
vi.mock('../page-views', async (original) => ({
  ...(await original<typeof PageViews>()),
  loadAnalyticsScript: vi.fn(),
}));

const ANALYTICS = {
  scriptUrl: 'https://stats.example.com/js/script.manual.js',
  site: 'leasing.example.com',
  host: 'stats.example.com',
};

function serve(analytics: typeof ANALYTICS | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ analytics }), { headers: { 'content-type': 'application/json' } })),
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/search', element: <ConsentSettingsLink /> },
      { path: '/order/:orderId', element: <ConsentSettingsLink /> },
    ],
    { initialEntries: ['/search'] },
  );
  render(
    <AppProviders i18n={createTestI18n()} env="test">
      <ConsentBoot router={router} />
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const pageViews = () => (window.plausible?.q ?? []).map((call) => (call[1] as { u: string }).u);

describe('consent to page analytics', () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetConsentForTest();
    resetPageViewsForTest();
    vi.mocked(loadAnalyticsScript).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks nothing and loads nothing where the installation has no analytics', async () => {
    serve(null);
    renderApp();
    // The same request the host made: once it has its answer, the host has decided.
    await act(() => loadSiteConfig());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Datenschutz-Einstellungen' })).toBeNull();
    expect(loadAnalyticsScript).not.toHaveBeenCalled();
  });

  it('loads nothing before a choice and nothing after a no, which is as easy as a yes', async () => {
    serve(ANALYTICS);
    renderApp();
    const banner = await screen.findByRole('dialog', { name: 'Dürfen wir Seitenaufrufe zählen?' });
    expect(banner).toHaveTextContent('stats.example.com');
    expect(screen.getByRole('button', { name: 'Akzeptieren' })).toBeInTheDocument();
    expect(loadAnalyticsScript).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? '{}')).toMatchObject({ analytics: false });
    expect(loadAnalyticsScript).not.toHaveBeenCalled();
    expect(pageViews()).toEqual([]);
  });

  it('after a yes in the settings reached from the footer, reports each page by its route', async () => {
    serve(ANALYTICS);
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ analytics: false, decidedAt: '2026-11-01T10:00:00Z' }));
    resetConsentForTest();
    const router = renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Datenschutz-Einstellungen' }));
    const statistics = await screen.findByRole('switch', { name: /Statistik/ });
    expect(statistics).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Dürfen wir Seitenaufrufe zählen?' })).toHaveFocus();
    await userEvent.click(statistics);
    await userEvent.click(screen.getByRole('button', { name: 'Auswahl speichern' }));
    expect(loadAnalyticsScript).toHaveBeenCalledWith(ANALYTICS);
    await vi.waitFor(() => expect(pageViews()).toEqual([`${window.location.origin}/search`]));
    // A page left at once is not counted; the one the visitor stays on is, by its route.
    await act(() => router.navigate('/order/1'));
    await act(() => router.navigate('/order/4711?tab=documents'));
    await vi.waitFor(() =>
      expect(pageViews()).toEqual([`${window.location.origin}/search`, `${window.location.origin}/order/:orderId`]),
    );
    await new Promise((resolve) => setTimeout(resolve, PAGE_VIEW_SETTLE_MS * 2));
    expect(pageViews()).toHaveLength(2);
  });
});
