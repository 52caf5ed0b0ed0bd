import { DEMO_PROVIDER } from './support/demo-accounts.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn, totpCode } from './support/sign-in.js';
import { expect, test } from './support/test.js';

test('the provider admin needs the code from the authenticator after the password', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel(/E-Mail|Benutzername/)).toBeVisible();
  await checkScreen(page, 'login');
  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_PROVIDER.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(DEMO_PROVIDER.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

  // The password alone gives no session: the code screen, and a wrong code is refused in German.
  const codeField = page.getByLabel(/^Code aus der App/);
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  const good = await totpCode(DEMO_PROVIDER.email);
  await codeField.fill(good === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByText(/Der Code ist nicht gültig oder abgelaufen/)).toBeVisible();
  await checkScreen(page, 'login, wrong code from the app');
  expect(await page.evaluate(() => window.localStorage.getItem('authData'))).toBeNull();

  await codeField.fill(good);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  // The provider's admin lands on the back office's dashboard (ADR 0062).
  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('authData'))).toContain('accessToken');
});

test('a second sign-in of the same admin uses a fresh code', async ({ page }) => {
  await signIn(page, DEMO_PROVIDER);
  await page.getByRole('link', { name: 'Abmelden' }).first().click();
  await expect(page).toHaveURL(/\/login/);
});
