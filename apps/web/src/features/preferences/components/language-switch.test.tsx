import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearAuthData, setAuthData } from '../../../lib/auth-store';
import { formatAmount, formatDate, formatDeliveryTime, setDisplayLocale } from '../../../lib/format';
import { LANGUAGE_STORAGE_KEY, storedLanguage } from '../../../lib/language';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { SiteShell } from '../../../app/layouts/site-shell';

const renderShell = (signedIn: boolean) =>
  renderRoutes(withQueryClient([{ path: '*', element: <SiteShell signedIn={signedIn}>Inhalt</SiteShell> }]), '/search');

describe('the language switch', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    clearAuthData();
    setDisplayLocale('de-DE');
    document.documentElement.lang = 'de';
    vi.unstubAllGlobals();
  });

  it('offers English in English, switches texts, formats and the document language, and remembers it here', async () => {
    stubApi();
    renderShell(false);
    expect(screen.getByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
    const toEnglish = screen.getByRole('button', { name: 'English' });
    expect(toEnglish).toHaveAttribute('lang', 'en');
    fireEvent.click(toEnglish);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('lang', 'de');
    expect(document.documentElement.lang).toBe('en');
    expect(storedLanguage()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(formatAmount(1234.5)).toBe('€1,234.50');
    expect(formatDate('2026-03-05T12:00:00Z')).toBe('05/03/2026');
    expect(formatDeliveryTime(2, 4, 'card')).toBe('2 - 4 weeks');
  });

  it('keeps the choice on the account when signed in', async () => {
    setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
    const calls = stubApi((call) =>
      call.path === '/v1/user/language' ? new Response(null, { status: 204 }) : undefined,
    );
    renderShell(true);
    await screen.findByTestId('current-user');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/v1/user/language')).toMatchObject({
        method: 'PUT',
        body: { language: 'en' },
      }),
    );
  });

  it("follows the account's language after signing in on another browser", async () => {
    setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
    // The main navigation shows from lg (1200 px) on (ADR 0062); below it the links fold into the burger.
    (
      window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
    ).happyDOM.setViewport({ width: 1280, height: 800 });
    stubApi((call) => (call.path === '/v1/me' ? jsonResponse(200, { ...ME, language: 'en' }) : undefined));
    renderShell(true);
    expect(await screen.findByRole('link', { name: 'Car search' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
