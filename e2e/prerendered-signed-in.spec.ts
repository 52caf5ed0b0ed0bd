import type { Locator, Page } from '@playwright/test';

import { axeFindings, expectNoFindings, rememberColorScheme, SCHEMES, VIEWPORTS } from './support/axe.js';
import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { firstVehicle } from './support/demo-vehicle.js';
import { holdScripts } from './support/hold-scripts.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

/**
 * /search, /profile/salary and the vehicle page arrive with the page as it shows before the person's
 * data, which paints before the scripts (docs/decisions/0023-prerendered-sign-in.md); the vehicle page's
 * has the vehicle's first picture in it, filled in by the server. These journeys hold the scripts back,
 * so the page is what a phone on a slow line shows first: it must pass axe, be shown only to a visitor
 * with a session, and give way to the app's page.
 */

const snapshotOf = (page: Page) => page.locator('[data-prerendered]');

interface PrerenderedPage {
  path: string;
  /** What the page before its data shows. */
  shown: (page: Page) => Locator;
  /** What the app's page shows once its data is there. */
  ready: (page: Page) => Locator;
}

function pages(vehicle: { id: string; firstPicture: string }): PrerenderedPage[] {
  return [
    {
      path: '/search',
      shown: (page) => snapshotOf(page).getByRole('heading', { level: 1, name: 'Fahrzeugsuche' }),
      ready: (page) => page.getByTestId('vehicle-card').first(),
    },
    {
      path: '/profile/salary',
      shown: (page) => snapshotOf(page).getByRole('heading', { level: 1, name: 'Persönliche Daten und Gehalt' }),
      ready: (page) => page.locator('main form button[type="submit"]'),
    },
    {
      path: `/vehicle/${vehicle.id}`,
      shown: (page) => snapshotOf(page).locator(`img[src="${vehicle.firstPicture}"]`),
      ready: (page) => page.getByRole('button', { name: 'Jetzt bestellen' }),
    },
  ];
}

test('a signed-in page shows before its scripts, passes axe in both schemes at both widths, and gives way to the app', async ({
  page,
}) => {
  await signIn(page, DEMO_EMPLOYEE);
  const prerendered = pages(await firstVehicle(page));
  const release = await holdScripts(page);
  const findings = [];
  for (const { path, shown } of prerendered) {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const scheme of SCHEMES) {
        await rememberColorScheme(page, scheme);
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await expect(shown(page)).toBeVisible();
        findings.push(
          ...(await axeFindings(page, `prerendered ${path} (${scheme}, ${viewport.name} ${viewport.width}px)`)),
        );
      }
    }
  }
  expectNoFindings(findings);

  release();
  for (const { path, ready } of prerendered) {
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await expect(snapshotOf(page)).toHaveCount(0);
    await checkScreen(page, `${path} after the prerendered page`);
  }
});

test('the picture in the vehicle page before its data is loaded, at the size the gallery shows it', async ({
  page,
}) => {
  await signIn(page, DEMO_EMPLOYEE);
  const vehicle = await firstVehicle(page);
  const release = await holdScripts(page);
  await page.goto(`/vehicle/${vehicle.id}`, { waitUntil: 'domcontentloaded' });
  const early = snapshotOf(page).locator('img');
  await expect(early).toHaveAttribute('src', vehicle.firstPicture);
  await expect.poll(() => early.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const before = await early.boundingBox();

  release();
  await expect(page.getByRole('button', { name: 'Jetzt bestellen' })).toBeVisible();
  const gallery = page.locator(`main section img[src="${vehicle.firstPicture}"]`).first();
  const after = await gallery.boundingBox();
  // Where and as large as before, to half a pixel: the largest paint stays the early one, and nothing moves.
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(after?.[side], side).toBeCloseTo(before?.[side] ?? Number.NaN, 0);
  }
});

test('a visitor without a session never sees a signed-in page and is sent to sign in', async ({ browser, page }) => {
  const signedIn = await browser.newPage();
  await signIn(signedIn, DEMO_EMPLOYEE);
  const prerendered = pages(await firstVehicle(signedIn));
  await signedIn.close();
  const release = await holdScripts(page);
  for (const { path } of prerendered) {
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
  await signIn(page, DEMO_EMPLOYEE);
  const release = await holdScripts(page);
  await page.goto('/search?brands=Tesla', { waitUntil: 'domcontentloaded' });
  await expect(snapshotOf(page)).toBeHidden();
  release();
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await expect(page.getByTestId('vehicle-card').filter({ hasNotText: 'Tesla' })).toHaveCount(0);
});
