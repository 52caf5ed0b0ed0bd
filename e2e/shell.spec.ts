import type { Page } from '@playwright/test';

import { DEMO_EMPLOYEE, DEMO_HR, DEMO_PROVIDER, type Account } from './support/demo-accounts.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

test('a visitor is sent to login, signs in, uses the shell and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await checkScreen(page, 'login');

  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_EMPLOYEE.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(DEMO_EMPLOYEE.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { name: 'Fahrzeugsuche' })).toBeVisible();
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await checkScreen(page, 'search');

  const html = page.locator('html');
  const schemeBefore = await html.getAttribute('data-mantine-color-scheme');
  await page.getByRole('button', { name: 'Farbschema wechseln' }).click();
  await expect(html).not.toHaveAttribute('data-mantine-color-scheme', schemeBefore ?? '');
  // The choice survives a reload.
  const schemeAfter = await html.getAttribute('data-mantine-color-scheme');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', schemeAfter ?? '');

  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  const firstSection = page.getByRole('button', { name: 'Allgemeines' });
  await expect(firstSection).toHaveAttribute('aria-expanded', 'true');
  await checkScreen(page, 'faq');

  await page.getByRole('link', { name: 'Abmelden' }).click();
  await expect(page.getByText('Erfolgreich abgemeldet')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => window.localStorage.getItem('authData'))).toBeNull();
});

test('a deep link survives the login through callbackPath', async ({ page }) => {
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/login\?callbackPath=%2Ffaq/);
  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_EMPLOYEE.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(DEMO_EMPLOYEE.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/faq$/);
});

test('a wrong password shows the German message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_EMPLOYEE.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill('falsch-falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText(/Benutzername oder Passwort/)).toBeVisible();
  await checkScreen(page, 'login, wrong password');
  await expect(page).toHaveURL(/\/login/);
});

test('unknown pages show the German 404 page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_EMPLOYEE.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(DEMO_EMPLOYEE.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.goto('/gibt-es-nicht');
  await expect(page.getByText('Seite nicht gefunden')).toBeVisible();
  await checkScreen(page, 'page not found');
});

/**
 * Where the header's parts lie: the word mark, each entry of the main navigation and the group at its
 * end (the person, language, colour scheme). One line means the word mark is one line high, the entries
 * share one top and one height, and nothing overlaps or leaves the screen.
 */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    const brand = header?.querySelector<HTMLElement>('a[href="/"]');
    const mark = brand?.querySelector<HTMLElement>('[data-word-mark]');
    const nav = header?.querySelector<HTMLElement>('nav');
    const end = nav?.nextElementSibling;
    if (!header || !brand || !mark || !nav || !end) throw new Error('header parts not found');
    const entries = [...nav.querySelectorAll<HTMLElement>('a, button')].map((entry) => entry.getBoundingClientRect());
    const box = (element: Element) => element.getBoundingClientRect();
    return {
      markHeight: box(mark).height,
      markFontSize: Number.parseFloat(getComputedStyle(mark).fontSize),
      tops: entries.map((entry) => Math.round(entry.top)),
      heights: entries.map((entry) => Math.round(entry.height)),
      brandRight: box(brand).right,
      navLeft: Math.min(...entries.map((entry) => entry.left)),
      navRight: Math.max(...entries.map((entry) => entry.right)),
      endLeft: box(end).left,
      endRight: box(end).right,
      headerHeight: box(header).height,
      pageWidth: document.documentElement.scrollWidth,
      screenWidth: window.innerWidth,
    };
  });
}

async function expectHeaderOnOneLine(page: Page, where: string): Promise<void> {
  const figures = await headerLayout(page);
  const message = `${where}: ${JSON.stringify(figures)}`;
  expect(figures.markHeight, message).toBeLessThan(figures.markFontSize * 1.5);
  expect(new Set(figures.tops).size, message).toBe(1);
  expect(Math.max(...figures.heights), message).toBeLessThan(44);
  expect(figures.brandRight, message).toBeLessThanOrEqual(figures.navLeft);
  expect(figures.navRight, message).toBeLessThanOrEqual(figures.endLeft);
  expect(figures.endRight, message).toBeLessThanOrEqual(figures.screenWidth);
  expect(figures.headerHeight, message).toBeLessThanOrEqual(65);
  expect(figures.pageWidth, message).toBeLessThanOrEqual(figures.screenWidth);
}

/**
 * The header at 1280 and 1440 px, in German and then in English: the account's language is answered
 * as English by the browser's stand-in for `/v1/me` (the shared demo account keeps German).
 */
async function expectHeaderFits(page: Page, englishNav: string): Promise<void> {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expectHeaderOnOneLine(page, `German, ${String(width)} px`);
  }
  await page.route('**/v1/me', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), language: 'en' } });
  });
  await page.reload();
  await expect(page.getByRole('link', { name: englishNav }).first()).toBeVisible();
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expectHeaderOnOneLine(page, `English, ${String(width)} px`);
  }
  await page.unroute('**/v1/me');
  await page.evaluate(() => window.localStorage.setItem('language', 'de'));
}

for (const [who, account, home, heading, englishNav] of [
  ['HR', DEMO_HR, /\/employer$/, 'Arbeitgeberportal', 'Employer portal'],
  ["the provider's admin", DEMO_PROVIDER, /\/provider$/, 'Übersicht', 'Back office'],
] as [string, Account, RegExp, string, string][]) {
  test(`${who} lands on the role's home after signing in; the header stays one line`, async ({ page }) => {
    // A sign-in with the second factor may wait up to 30 s for a fresh code.
    test.setTimeout(120_000);
    await signIn(page, account, { landing: home });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The brand link leads home too.
    await page.goto('/faq');
    await page.getByRole('link', { name: 'E-Auto-Leasing – zur Startseite' }).click();
    await expect(page).toHaveURL(home);

    // What does not fit is under "Mehr".
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('button', { name: 'Mehr' }).click();
    await expect(nav.getByRole('link', { name: 'Fahrzeugsuche' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Profil' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await checkScreen(page, `${who === 'HR' ? 'employer' : 'provider'} overview, "Mehr" open`);
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Profil' })).toHaveCount(0);

    await expectHeaderFits(page, englishNav);
  });
}
