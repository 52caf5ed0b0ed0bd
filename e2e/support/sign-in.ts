import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';

import { checkScreen } from './screen-checks.js';

/** The second factor of the demo admins (demo data only; printed in the README). */
export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

const STEP_MS = 30_000;
/**
 * The server accepts each 30-second step once per account: remember which step each account used, in
 * the run's data folder so a retry in a new worker knows it too.
 */
const stepsFile = path.join(process.env['E2E_DATA_DIR'] ?? os.tmpdir(), 'totp-steps-used.json');

function readSteps(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(stepsFile, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** A current TOTP code for `account`, waiting for the next step when this one was already spent. */
export async function totpCode(account: string, secret = DEMO_TOTP_SECRET): Promise<string> {
  const used = readSteps();
  let step = Math.floor(Date.now() / STEP_MS);
  if ((used[account] ?? -1) >= step) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - Date.now() + 200));
    step = Math.floor(Date.now() / STEP_MS);
  }
  fs.writeFileSync(stepsFile, JSON.stringify({ ...used, [account]: step }));
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/**
 * Waits until the app has rendered over the prerendered /login (docs/decisions/0023-prerendered-sign-in.md),
 * for journeys that check focus and styles: an element of the snapshot can be replaced while it is read.
 * The snapshot itself is walked in e2e/prerendered-login.spec.ts.
 */
export async function appHasTakenOver(page: Page): Promise<void> {
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
}

/**
 * Signs in through the login form. With `totpSecret` the account has a second factor: the code
 * screen follows the password and takes a code from the authenticator (here: computed). The sign-in
 * form and a landing on the search are checked with axe (once per run).
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  options: {
    totpSecret?: string;
    landing?: RegExp;
    /** Awaited once the form shows, before it is filled in (a journey waiting for what the page reports). */
    onForm?: () => Promise<void>;
  } = {},
): Promise<void> {
  await page.goto('/login');
  await appHasTakenOver(page);
  await expect(page.getByLabel(/E-Mail|Benutzername/)).toBeVisible();
  await checkScreen(page, 'login');
  await options.onForm?.();
  await page.getByLabel(/E-Mail|Benutzername/).fill(username);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  if (options.totpSecret) {
    const codeField = page.getByLabel(/^Code aus der App/);
    await expect(codeField).toBeVisible();
    await checkScreen(page, 'login, code from the app');
    await codeField.fill(await totpCode(username, options.totpSecret));
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  }
  await expect(page).toHaveURL(options.landing ?? /\/search$/);
  if (new URL(page.url()).pathname === '/search') {
    await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
    await checkScreen(page, 'search');
  }
}
