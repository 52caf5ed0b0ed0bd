import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { checkScreen } from './support/screen-checks.js';
import { expect, test } from './support/test.js';

test('a visitor is sent to login, signs in, uses the shell and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await checkScreen(page, 'login');

  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_EMPLOYEE.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(DEMO_EMPLOYEE.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { name: 'Fahrzeugsuche' })).toBeVisible();
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await checkScreen(page, 'search');

  const html = page.locator('html');
  const schemeBefore = await html.getAttribute('data-mantine-color-scheme');
  await page.getByRole('button', { name: 'Farbschema wechseln' }).click();
  await expect(html).not.toHaveAttribute('data-mantine-color-scheme', schemeBefore ?? '');
  // The choice survives a reload.
  const schemeAfter = await html.getAttribute('data-mantine-color-scheme');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', schemeAfter ?? '');

  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  const firstSection = page.getByRole('button', { name: 'Allgemeines' });
  await expect(firstSection).toHaveAttribute('aria-expanded', 'true');
  await checkScreen(page, 'faq');

  await page.getByRole('link', { name: 'Abmelden' }).click();
  await expect(page.getByText('Erfolgreich abgemeldet')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => window.localStorage.getItem('authData'))).toBeNull();
});

test('a deep link survives the login through callbackPath', async ({ page }) => {
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/login\?callbackPath=%2Ffaq/);
  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_EMPLOYEE.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(DEMO_EMPLOYEE.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/faq$/);
});

test('a wrong password shows the German message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_EMPLOYEE.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill('falsch-falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText(/Benutzername oder Passwort/)).toBeVisible();
  await checkScreen(page, 'login, wrong password');
  await expect(page).toHaveURL(/\/login/);
});

test('unknown pages show the German 404 page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/E-Mail|Benutzername/).fill(DEMO_EMPLOYEE.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(DEMO_EMPLOYEE.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.goto('/gibt-es-nicht');
  await expect(page.getByText('Seite nicht gefunden')).toBeVisible();
  await checkScreen(page, 'page not found');
});
