import type { Page } from '@playwright/test';

/**
 * Holds every script of the app until the returned function is called: the page is then what a phone on
 * a slow line shows before its scripts (a prerendered page, docs/decisions/0023-prerendered-sign-in.md).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
