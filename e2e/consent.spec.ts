import { expect, test, type Browser, type Page } from '@playwright/test';

import { startAnalyticsHost, type AnalyticsHost } from './support/analytics-host.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { axeFindings, rememberColorScheme, SCHEMES, VIEWPORTS } from './support/axe.js';
import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { signIn } from './support/sign-in.js';

/**
 * Page analytics only with consent (docs/decisions/0021): without ANALYTICS_SCRIPT_URL nothing is asked
 * and nothing loaded; with it, nothing reaches the analytics host before a yes, a no is as easy as a yes,
 * the choice can be changed from the footer, and page views name routes, never ids or codes.
 */
function scriptSources(csp: string, directive: string): string[] {
  const part = csp.split(';').find((p) => p.trim().startsWith(`${directive} `)) ?? '';
  return part.trim().split(/\s+/).slice(1);
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'Dürfen wir Seitenaufrufe zählen?' });
const footerSettings = (page: Page) => page.getByRole('button', { name: 'Datenschutz-Einstellungen' });

test('without an analytics host, no banner, no script and no extra CSP source', async ({ page }) => {
  const siteConfig = page.waitForResponse('**/v1/site-config');
  const response = await page.goto('/login');
  expect((await (await siteConfig).json()) as unknown).toEqual({ analytics: null });
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(footerSettings(page)).toHaveCount(0);
  await expect(page.locator('script[data-testid="analytics-script"]')).toHaveCount(0);
  const csp = (await response?.headerValue('content-security-policy')) ?? '';
  expect(scriptSources(csp, 'script-src')).toEqual(["'self'"]);
  expect(scriptSources(csp, 'connect-src')).toEqual(["'self'"]);
});

test.describe('with an analytics host', () => {
  // A second app with its own embedded database starts first, and axe runs at four settings.
  test.describe.configure({ timeout: 180_000 });
  let analytics: AnalyticsHost;
  let app: AppServer;

  test.beforeAll(async () => {
    // A second app starts in up to two minutes on a busy machine (the other worker's journeys run meanwhile).
    test.setTimeout(150_000);
    analytics = await startAnalyticsHost();
    app = await startAppServer({ ANALYTICS_SCRIPT_URL: analytics.scriptUrl });
  });
  test.afterAll(async () => {
    await app.close();
    await analytics.close();
  });

  const newPage = async (browser: Browser) => (await browser.newContext({ baseURL: app.baseURL })).newPage();

  test('the CSP lets in that one origin, for scripts and page views only', async ({ request }) => {
    const csp = (await request.get(`${app.baseURL}/login`)).headers()['content-security-policy'] ?? '';
    expect(scriptSources(csp, 'script-src')).toEqual(["'self'", analytics.origin]);
    expect(scriptSources(csp, 'connect-src')).toEqual(["'self'", analytics.origin]);
    expect(scriptSources(csp, 'default-src')).toEqual(["'self'"]);
  });

  test('nothing reaches the host before a yes; a no is one click and holds', async ({ browser }) => {
    const page = await newPage(browser);
    await page.goto('/login');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText(new URL(analytics.origin).host);
    // Equal weight: both are filled buttons side by side.
    const accept = banner(page).getByRole('button', { name: 'Akzeptieren' });
    const reject = banner(page).getByRole('button', { name: 'Ablehnen' });
    expect(await reject.getAttribute('data-variant')).toBe(await accept.getAttribute('data-variant'));
    await reject.click();
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(analytics.requests).toEqual([]);
    await page.context().close();
  });

  test('a yes from the footer counts routes, and a withdrawal stops it at once', async ({ browser }) => {
    const page = await newPage(browser);
    await page.goto('/login');
    await banner(page).getByRole('button', { name: 'Ablehnen' }).click();

    await footerSettings(page).click();
    await expect(banner(page).getByRole('heading')).toBeFocused();
    await banner(page)
      .getByRole('switch', { name: /Statistik/ })
      .check({ force: true });
    await banner(page).getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect.poll(() => analytics.pageViews()).toEqual([`${app.baseURL}/login`]);
    await expect(page.locator('script[data-testid="analytics-script"]')).toHaveCount(1);

    // Signing in opens /login anew: a second view of it, counted once it has been on the screen for a
    // moment (a page left at once was only passed through), so the form waits for that report.
    await signIn(page, DEMO_EMPLOYEE, {
      onForm: () => expect.poll(() => analytics.pageViews()).toEqual([`${app.baseURL}/login`, `${app.baseURL}/login`]),
    });
    await page.getByTestId('vehicle-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/vehicle\//);
    // / hands on to /search at once and is not counted.
    await expect
      .poll(() => analytics.pageViews())
      .toEqual([
        `${app.baseURL}/login`,
        `${app.baseURL}/login`,
        `${app.baseURL}/search`,
        `${app.baseURL}/vehicle/:vehicleId`,
      ]);

    await footerSettings(page).click();
    await banner(page)
      .getByRole('switch', { name: /Statistik/ })
      .uncheck({ force: true });
    await Promise.all([
      page.waitForEvent('load'),
      banner(page).getByRole('button', { name: 'Auswahl speichern' }).click(),
    ]);
    await expect(page.locator('script[data-testid="analytics-script"]')).toHaveCount(0);
    const counted = analytics.requests.length;
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.waitForLoadState('networkidle');
    expect(analytics.requests).toHaveLength(counted);
    await page.context().close();
  });

  test('the banner passes axe in both schemes at both widths, and the keyboard reaches it first', async ({
    browser,
  }) => {
    const page = await newPage(browser);
    await page.goto('/login');
    const findings = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const scheme of SCHEMES) {
        await rememberColorScheme(page, scheme);
        await page.reload();
        await expect(banner(page)).toBeVisible();
        for (const label of ['Einstellungen', 'Ablehnen', 'Akzeptieren']) {
          const box = await banner(page).getByRole('button', { name: label }).boundingBox();
          expect(box?.width, `${label} at ${String(viewport.width)} px`).toBeGreaterThan(40);
        }
        findings.push(...(await axeFindings(page, `consent banner (${scheme}, ${viewport.name})`)));
      }
    }
    expect(findings).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: 'Einstellungen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(banner(page)).toHaveCount(0);
    await page.context().close();
  });
});
