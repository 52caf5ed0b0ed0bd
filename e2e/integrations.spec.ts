import { expect, test } from './support/test.js';

import { DEMO_HR } from './support/demo-accounts.js';
import { todayInBerlin } from './support/journeys.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';

/**
 * The employer's own systems (ADR 0057, 0059–0061): HR makes an API key on the Integrationen page, the
 * payroll system fetches the month's CSV with it and is refused the people list; revoked, the key is
 * refused at once. A visitor whose address has no company sign-in is told so in German.
 */

test('HR makes an API key for the payroll system, which downloads the CSV and nothing more', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Lohnsystem ${Date.now().toString(36)}`;
  const month = todayInBerlin().slice(0, 7);
  await signIn(page, DEMO_HR);
  await page.goto('/employer');
  await page.getByRole('link', { name: 'Integrationen' }).first().click();
  await expect(page).toHaveURL(/\/employer\/integrations$/);
  await expect(page.getByRole('heading', { name: 'Integrationen', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
  await checkScreen(page, 'employer integrations');

  const form = page.getByRole('form', { name: 'Neuen Schlüssel erstellen' });
  await form.getByRole('textbox', { name: /Name/ }).fill(name);
  await form.getByRole('checkbox', { name: 'Lohnabrechnungsdaten lesen' }).check();
  await form.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  const secret = page.getByTestId('secret-once');
  await expect(secret).toContainText('lk_');
  const key = (await secret.textContent())?.trim() ?? '';
  await checkScreen(page, 'employer integrations, a key shown once');

  const asKey = { headers: { authorization: `Bearer ${key}` } };
  const csv = await page.request.get(`/v1/tenant/payroll/${month}.csv`, asKey);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await page.request.get('/v1/tenant/employees', asKey)).status()).toBe(403);

  await page.getByRole('button', { name: 'Ich habe ihn gesichert' }).click();
  await expect(secret).toHaveCount(0);
  await page.getByRole('button', { name: `Schlüssel „${name}“ widerrufen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Schlüssel widerrufen?' });
  await dialog.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(page.getByRole('button', { name: `Schlüssel „${name}“ widerrufen` })).toHaveCount(0);
  expect((await page.request.get(`/v1/tenant/payroll/${month}.csv`, asKey)).status()).toBe(401);
});

test('an address without a company sign-in is told so, and the password sign-in is one click away', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mit Firmenkonto anmelden' }).click();
  await expect(page).toHaveURL(/\/login\/sso$/);
  await checkScreen(page, 'company sign-in');
  await page.getByLabel(/Geschäftliche E-Mail-Adresse/).fill('jemand@ohne-sso.example');
  await page.getByRole('button', { name: 'Weiter zum Firmenkonto' }).click();
  await expect(page).toHaveURL(/\/login\/sso\?error=unavailable$/);
  await expect(page.getByRole('alert')).toContainText('nicht eingerichtet');
  await checkScreen(page, 'company sign-in, refused');
  await page.getByRole('link', { name: 'Mit Passwort anmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
