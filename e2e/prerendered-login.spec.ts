import type { Page } from '@playwright/test';

import { axeFindings, expectNoFindings, rememberColorScheme, SCHEMES, VIEWPORTS } from './support/axe.js';
import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { holdScripts } from './support/hold-scripts.js';
import { checkScreen } from './support/screen-checks.js';
import { expect, test } from './support/test.js';

/**
 * /login arrives prerendered and paints before its scripts (docs/decisions/0023-prerendered-sign-in.md).
 * These journeys hold the scripts back, so the page is what a phone on a slow line shows first: it must
 * pass axe, keep the password out of any address, and hand what the visitor did over to the app.
 */

const USERNAME = /E-Mail|Benutzername/;
const PASSWORD = /^Passwort\s*\*?$/;

/** Any request whose address carries the password (what a native submission of the form would send). */
function watchForPassword(page: Page): string[] {
  const leaked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(encodeURIComponent(DEMO_EMPLOYEE.password))) leaked.push(request.url());
  });
  return leaked;
}

const snapshotOf = (page: Page) => page.locator('[data-prerendered]');

/** /login as a slow line shows it first, watched for the password in any address. */
async function openWithScriptsHeld(page: Page) {
  const release = await holdScripts(page);
  const leaked = watchForPassword(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  return { release, leaked, snapshot: snapshotOf(page) };
}

test('the sign-in page shows before its scripts and passes axe in both schemes at both widths', async ({ page }) => {
  await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const findings = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const scheme of SCHEMES) {
      await rememberColorScheme(page, scheme);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(snapshotOf(page).getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      findings.push(
        ...(await axeFindings(page, `prerendered /login (${scheme}, ${viewport.name} ${viewport.width}px)`)),
      );
    }
  }
  expectNoFindings(findings);
});

test('what is typed before the scripts arrive stays, with the focus, and the app signs in with it', async ({
  page,
}) => {
  const { release, leaked, snapshot } = await openWithScriptsHeld(page);
  await snapshot.getByLabel(USERNAME).click();
  await page.keyboard.type(DEMO_EMPLOYEE.email);
  await snapshot.getByLabel(PASSWORD).click();
  await page.keyboard.type(DEMO_EMPLOYEE.password.slice(0, 5));

  release();
  await expect(snapshot).toHaveCount(0);
  // The app's own fields now hold the text, and the caret is where it was: typing goes on.
  await expect(page.getByLabel(USERNAME)).toHaveValue(DEMO_EMPLOYEE.email);
  await expect(page.getByLabel(PASSWORD)).toBeFocused();
  await page.keyboard.type(DEMO_EMPLOYEE.password.slice(5));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await checkScreen(page, 'search');
  expect(leaked).toEqual([]);
});

test('a sign-in sent before the scripts arrive is held, never sent by the browser, and sent by the app', async ({
  page,
}) => {
  const { release, leaked, snapshot } = await openWithScriptsHeld(page);
  await snapshot.getByLabel(USERNAME).fill(DEMO_EMPLOYEE.email);
  await snapshot.getByLabel(PASSWORD).fill(DEMO_EMPLOYEE.password);
  await page.keyboard.press('Enter');
  await snapshot.getByRole('button', { name: 'Anmelden' }).click();

  await expect(snapshot).toHaveCount(1);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login');
  release();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  expect(leaked).toEqual([]);
});

test('without scripts the form shows, and sending it puts the password into no address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const leaked = watchForPassword(page);
    await page.goto('/login');
    const snapshot = snapshotOf(page);
    await expect(snapshot.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    // Mantine's colours hang on the scheme attribute, which the page carries without the head script too.
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await snapshot.getByLabel(USERNAME).fill(DEMO_EMPLOYEE.email);
    await snapshot.getByLabel(PASSWORD).fill(DEMO_EMPLOYEE.password);
    await Promise.all([page.waitForEvent('requestfinished'), page.keyboard.press('Enter')]);
    expect(leaked).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a browser that chose English never sees the German snapshot', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(snapshotOf(page)).toBeHidden();
  await expect(page.getByText('Anmelden').first()).toBeHidden();

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await checkScreen(page, 'login (English)');
});
