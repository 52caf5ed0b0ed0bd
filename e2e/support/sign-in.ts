import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';

import { DEMO_TOTP_SECRET, type Account } from './demo-accounts.js';
import { checkScreen } from './screen-checks.js';

const STEP_MS = 30_000;
/** A step this close to its end is left: its code could reach the server after a newer step's code. */
const STEP_END_MARGIN_MS = 5_000;
/**
 * The server accepts each 30-second step once per account, and only steps newer than the last it took:
 * each sign-in claims its step for the account with a file only one process can create, in the run's
 * data folder, so two workers (or a retry in a new worker) never send the same step.
 */
const stepsDir = path.join(process.env['E2E_DATA_DIR'] ?? os.tmpdir(), 'totp-steps');

function claimStep(account: string, step: number): boolean {
  fs.mkdirSync(stepsDir, { recursive: true });
  try {
    fs.writeFileSync(path.join(stepsDir, `${account}-${String(step)}`), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** A current TOTP code for `account`, waiting for the next step when this one was already spent. */
export async function totpCode(account: string, secret = DEMO_TOTP_SECRET): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / STEP_MS);
    const nextStep = (step + 1) * STEP_MS;
    if (nextStep - now > STEP_END_MARGIN_MS && claimStep(account, step)) {
      return generateSync({ secret, epoch: Math.floor(now / 1000) });
    }
    await new Promise((resolve) => setTimeout(resolve, nextStep - now + 200));
  }
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
 * Signs in through the login form. An account with a `totpSecret` has a second factor: the code screen
 * follows the password and takes a code from the authenticator (here: computed). The sign-in lands on
 * the role's home (`account.home`, the search by default) unless `landing` says otherwise. The sign-in
 * form and a landing on the search are checked with axe (once per run).
 */
export async function signIn(
  page: Page,
  account: Account,
  options: {
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
  await page.getByLabel(/E-Mail|Benutzername/).fill(account.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(account.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  if (account.totpSecret) {
    const codeField = page.getByLabel(/^Code aus der App/);
    await expect(codeField).toBeVisible();
    await checkScreen(page, 'login, code from the app');
    await codeField.fill(await totpCode(account.email, account.totpSecret));
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  }
  await expect(page).toHaveURL(options.landing ?? account.home ?? /\/search$/);
  const landed = new URL(page.url()).pathname;
  if (landed === '/search') {
    await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
    await checkScreen(page, 'search');
  } else if (landed in HOME_SCREENS) {
    // An admin's home: the employer portal's overview or the back office's dashboard (ADR 0062).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkScreen(page, HOME_SCREENS[landed] ?? landed);
  }
}

/** The admins' homes as the journeys that open them name their check (employer.spec, provider.spec). */
const HOME_SCREENS: Record<string, string> = { '/employer': 'employer overview', '/provider': 'provider overview' };
