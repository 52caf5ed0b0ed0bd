import type { Page } from '@playwright/test';

import { axeFindings, expectNoFindings, rememberColorScheme, SCHEMES, VIEWPORTS } from './support/axe.js';
import { holdScripts } from './support/hold-scripts.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

/**
 * /search and /profile/salary arrive with the page as it shows before the person's data, which paints
 * before the scripts (docs/decisions/0023-prerendered-sign-in.md). These journeys hold the scripts back,
 * so the page is what a phone on a slow line shows first: it must pass axe, be shown only to a visitor
 * with a session, and give way to the app's page.
 */

const EMPLOYEE = { email: 'max.mustermann@example.com', password: 'Demo-Passwort-1' };

const snapshotOf = (page: Page) => page.locator('[data-prerendered]');

const PAGES = [
  { path: '/search', heading: 'Fahrzeugsuche', ready: (page: Page) => page.getByTestId('vehicle-card').first() },
  {
    path: '/profile/salary',
    heading: 'Persönliche Daten und Gehalt',
    ready: (page: Page) => page.locator('main form button[type="submit"]'),
  },
] as const;

test('a signed-in page shows before its scripts, passes axe in both schemes at both widths, and gives way to the app', async ({
  page,
}) => {
  await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
  const release = await holdScripts(page);
  const findings = [];
  for (const { path, heading } of PAGES) {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const scheme of SCHEMES) {
        await rememberColorScheme(page, scheme);
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await expect(snapshotOf(page).getByRole('heading', { level: 1, name: heading })).toBeVisible();
        findings.push(
          ...(await axeFindings(page, `prerendered ${path} (${scheme}, ${viewport.name} ${viewport.width}px)`)),
        );
      }
    }
  }
  expectNoFindings(findings);

  release();
  for (const { path, ready } of PAGES) {
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await expect(snapshotOf(page)).toHaveCount(0);
    await checkScreen(page, `${path} after the prerendered page`);
  }
});

test('a visitor without a session never sees a signed-in page and is sent to sign in', async ({ page }) => {
  const release = await holdScripts(page);
  for (const { path } of PAGES) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(snapshotOf(page)).toBeHidden();
    await expect(page.getByRole('navigation').first()).toBeHidden();
  }
  release();
  await page.goto('/profile/salary');
  await expect(page).toHaveURL(/\/login\?callbackPath=%2Fprofile%2Fsalary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
});

test('a filtered search does not show the unfiltered page first', async ({ page }) => {
  await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
  const release = await holdScripts(page);
  await page.goto('/search?brands=Tesla', { waitUntil: 'domcontentloaded' });
  await expect(snapshotOf(page)).toBeHidden();
  release();
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await expect(page.getByTestId('vehicle-card').filter({ hasNotText: 'Tesla' })).toHaveCount(0);
});
