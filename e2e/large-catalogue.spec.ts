import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { startAppServer, type AppServer } from './support/app-server.js';
import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { signIn } from './support/sign-in.js';

/**
 * Search with 1,000 vehicles (DEMO_CATALOG_SIZE): the first view builds one page of cards, more come
 * while scrolling or with the button, a filter narrows and clearing restores it. Interaction to Next
 * Paint is measured by the web-vitals library inside the page and printed (target < 200 ms; measured on
 * a quiet machine, see README).
 */
const CATALOGUE_SIZE = 1000;
const INP_TARGET_MS = 200;
const webVitalsScript = path.resolve(import.meta.dirname, '../node_modules/web-vitals/dist/web-vitals.iife.js');

declare global {
  interface Window {
    webVitals: {
      onINP(
        report: (metric: { value: number }) => void,
        options: { reportAllChanges: boolean; durationThreshold: number },
      ): void;
    };
    inpReports: number[];
    slowEvents: string[];
  }
}

async function recordInp(page: Page): Promise<void> {
  // The library's browser build declares a top-level `var`; init scripts run in a function of their own.
  await page.addInitScript({ content: `${fs.readFileSync(webVitalsScript, 'utf8')}\nwindow.webVitals = webVitals;` });
  await page.addInitScript(() => {
    window.inpReports = [];
    window.slowEvents = [];
    // What each slow interaction was, for the failure message.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        const target = entry.target as HTMLElement | null;
        const label = target?.getAttribute('aria-label') ?? target?.textContent?.trim().slice(0, 40) ?? '';
        window.slowEvents.push(
          `${entry.name} ${String(Math.round(entry.duration))} ms on ${target?.tagName ?? '?'} "${label}"`,
        );
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    // Every interaction from one frame (16 ms) on, not only the slow ones: a figure, not just a pass.
    window.webVitals.onINP((metric) => window.inpReports.push(metric.value), {
      reportAllChanges: true,
      durationThreshold: 16,
    });
  });
}

/** The page's INP so far: web-vitals reports each new worst interaction. */
async function inpSoFar(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...window.inpReports));
}

test.describe('a catalogue of 1,000 vehicles', () => {
  // A second app seeds 1,000 vehicles first.
  test.describe.configure({ timeout: 240_000 });
  let app: AppServer;
  test.beforeAll(async () => {
    // The hook's own time: the describe's timeout is the tests'.
    test.setTimeout(240_000);
    app = await startAppServer({ DEMO_CATALOG_SIZE: String(CATALOGUE_SIZE) });
  });
  test.afterAll(async () => {
    await app.close();
  });

  test('scrolls in pages, filters and clears, and prints the INP', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: app.baseURL });
    const page = await context.newPage();
    await recordInp(page);
    await signIn(page, DEMO_EMPLOYEE);
    // The search page's own figure: a fresh load, signed in, without the sign-in's interactions.
    await page.goto('/search');
    const cards = page.getByTestId('vehicle-card');
    await expect(page.getByTestId('result-count')).toHaveText('1.000 Fahrzeuge gefunden');
    await expect(cards).toHaveCount(48);

    // Scrolling down brings more pages before the end of the list is reached.
    for (let step = 0; step < 12; step++) await page.mouse.wheel(0, 1500);
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(96);
    // The button does the same for a keyboard.
    const before = await cards.count();
    await page.getByTestId('more-results').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(before + 48);
    await expect(page).toHaveURL(/\/search$/);
    await page.evaluate(() => window.scrollTo(0, 0));

    // Filter by one brand and then clear the filter: each is a click the page must answer quickly.
    await page.getByRole('button', { name: /^Marke/ }).click();
    await page.getByRole('checkbox', { name: 'Kia' }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Filtern' }).click();
    await expect(page).toHaveURL(/brands=Kia$/);
    // The address changes before the router's render in a transition has replaced the cards: wait for it.
    await expect.poll(async () => [...new Set(await cards.locator('h2 span').allTextContents())]).toEqual(['Kia']);
    await page.getByRole('button', { name: 'Zurücksetzen' }).first().click();
    await expect(page.getByTestId('result-count')).toHaveText('1.000 Fahrzeuge gefunden');
    await expect(cards).toHaveCount(48);

    const inp = await inpSoFar(page);
    console.log(
      `search with ${String(CATALOGUE_SIZE)} vehicles: INP ${inp.toFixed(0)} ms (target < ${String(INP_TARGET_MS)} ms)`,
    );
    test
      .info()
      .annotations.push({ type: 'INP', description: `${inp.toFixed(0)} ms with ${String(CATALOGUE_SIZE)} vehicles` });
    expect(inp).toBeGreaterThan(0);
    // Printed, not asserted: a speed target is a benchmark's figure, and on a busy machine every click
    // is slower, ours or not. The slowest interactions are listed with the figure when it is missed.
    if (inp >= INP_TARGET_MS) console.log((await page.evaluate(() => window.slowEvents)).join('\n'));
    await context.close();
  });
});
