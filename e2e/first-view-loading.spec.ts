import type { Page } from '@playwright/test';

import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { holdScripts } from './support/hold-scripts.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

// How a signed-in first view loads (docs/decisions/0022-main-thread-on-a-phone.md): its page names the
// route's scripts, starts its texts before the scripts run, and the route starts its data with its
// code. Whatever is started early, the app must take it over, not ask a second time.

/** Every request of the page from now on, by path and query. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    paths.push(`${url.pathname}${url.search}`);
  });
  return paths;
}

const count = (paths: string[], path: string) => paths.filter((seen) => seen === path).length;

test("a signed-in first view comes with its route's scripts and fetches its texts and data once", async ({ page }) => {
  await signIn(page, DEMO_EMPLOYEE);

  const html = await (await page.request.get('/search')).text();
  expect(html).toContain('data-translations="translation catalog"');
  // Named for after the first paint of the page as it shows before the data (ADR 0023).
  expect(html).toMatch(
    /<script defer src="\/after-first-paint\.js" [^>]*data-preload="[^"]*\/assets\/first-view-[\w-]+\.js/,
  );
  const vehicleHtml = await (await page.request.get('/vehicle/any')).text();
  expect(vehicleHtml).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/first-view-[\w-]+\.js">/);

  const paths = recordRequests(page);
  await page.goto('/search?brands=Tesla');
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await checkScreen(page, 'search, filtered by brand');
  expect(count(paths, '/locales/de/translation.json')).toBe(1);
  expect(count(paths, '/locales/de/catalog.json')).toBe(1);
  expect(count(paths, '/v1/search?manufacturerIds=Tesla')).toBe(1);
  expect(count(paths, '/v1/me')).toBe(1);

  const vehiclePath = await page.getByTestId('vehicle-card').first().getByRole('link').first().getAttribute('href');
  expect(vehiclePath).toMatch(/^\/vehicle\//);
  paths.length = 0;
  await page.goto(vehiclePath ?? '/');
  await expect(page.getByTestId('tax-table')).toBeVisible();
  await checkScreen(page, 'vehicle');
  expect(count(paths, `/v1${vehiclePath ?? ''}`)).toBe(1);
  expect(count(paths, '/v1/me')).toBe(1);
  expect(count(paths, '/locales/de/catalog.json')).toBe(1);

  paths.length = 0;
  await page.goto('/profile/salary');
  await expect(page.locator('main form button[type="submit"]')).toBeVisible();
  await checkScreen(page, 'profile, salary data');
  expect(count(paths, '/v1/user/info')).toBe(1);
  expect(count(paths, '/v1/user/user-info-config')).toBe(1);
  expect(count(paths, '/v1/me')).toBe(1);
  expect(count(paths, '/locales/de/profile.json')).toBe(1);
});

test("a signed-in first view's data is asked for before its scripts have run, and not again by the app", async ({
  page,
}) => {
  await signIn(page, DEMO_EMPLOYEE);
  const first = ['/v1/me', '/v1/search', '/v1/search/manufacturers', '/v1/search/models'];
  const html = await (await page.request.get('/search')).text();
  expect(html).toContain(`data-first-requests="${first.join(' ')}"`);

  const paths = recordRequests(page);
  const release = await holdScripts(page);
  await page.goto('/search');
  // The scripts are held: only the head script can have asked.
  await expect.poll(() => first.every((path) => paths.includes(path))).toBe(true);
  release();
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  for (const path of first) expect(count(paths, path), path).toBe(1);

  // A filtered search asks for other cards: the head script leaves it to the app.
  paths.length = 0;
  await page.unrouteAll();
  await page.goto('/search?brands=Tesla');
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  expect(count(paths, '/v1/search')).toBe(0);
  expect(count(paths, '/v1/search?manufacturerIds=Tesla')).toBe(1);
});

test('a browser that chose English starts the English texts and their German fallback, each once', async ({ page }) => {
  await signIn(page, DEMO_EMPLOYEE);
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  const paths = recordRequests(page);
  await page.goto('/profile/salary');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main form button[type="submit"]')).toBeVisible();
  await checkScreen(page, 'profile, salary data, English');
  for (const language of ['en', 'de']) {
    for (const namespace of ['translation', 'profile']) {
      expect(count(paths, `/locales/${language}/${namespace}.json`), `${language}/${namespace}`).toBe(1);
    }
  }
});
