import { expect, test, type Page } from '@playwright/test';

import { checkScreens, expectNoFindings, type Screen } from './support/axe.js';
import { DEMO_EMPLOYEE, DEMO_HR, DEMO_PROVIDER, DEMO_REGISTER_CODE } from './support/demo-accounts.js';
import { registerEmployee, saveProfile } from './support/employees.js';
import { placeOrder } from './support/journeys.js';
import { signIn } from './support/sign-in.js';

/**
 * axe (WCAG 2.1 A and AA) on the main screens, each in the light and the dark colour scheme and at a
 * desktop and a phone width. A violation fails with the screen, the rule, its impact and the selectors.
 * See docs/decisions/0019-accessibility-checks.md.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** The form's messages in red must be legible too: send it empty and wait for the first one. */
async function sendEmptyForm(page: Page) {
  await page.locator('main form button[type="submit"]').first().click();
  await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
}

test('the sign-in and registration screens pass axe', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  const findings = await checkScreens(page, [
    { name: 'login', path: '/login', ready: heading },
    { name: 'login, empty form sent', path: '/login', ready: heading, prepare: sendEmptyForm },
    { name: 'register code', path: '/register', ready: heading },
    { name: 'register', path: `/register/${DEMO_REGISTER_CODE}`, ready: heading },
    { name: 'register, empty form sent', path: `/register/${DEMO_REGISTER_CODE}`, ready: heading, prepare: sendEmptyForm },
  ]);
  expectNoFindings(findings);
});

test("the employee's search, with the filter and the navigation open, passes axe", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_EMPLOYEE);
  const screens: Screen[] = [
    { name: 'search', path: '/search', ready: (p) => p.getByTestId('vehicle-card').first() },
    {
      name: 'search, brand filter open',
      path: '/search',
      ready: (p) => p.getByTestId('vehicle-card').first(),
      // A bar above the results on a desktop, a drawer on a phone.
      prepare: async (p, viewport) => {
        let filters = p.locator('body');
        if (viewport.name === 'phone') {
          await p.getByRole('button', { name: /^Filter/ }).click();
          filters = p.getByRole('dialog', { name: 'Filter' });
          await expect(filters).toBeVisible();
        }
        await filters.getByRole('button', { name: /^Marke/ }).click();
        await expect(p.getByRole('group', { name: 'Marke' }).getByRole('checkbox').first()).toBeVisible();
      },
    },
    {
      name: 'search, navigation open',
      path: '/search',
      ready: (p) => p.getByTestId('vehicle-card').first(),
      // The navigation folds away below the md breakpoint only.
      only: 'phone',
      prepare: async (p) => {
        await p.getByRole('button', { name: 'Navigation öffnen' }).click();
        await expect(p.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
      },
    },
  ];
  expectNoFindings(await checkScreens(page, screens));
});

test("the employee's vehicle and salary screens pass axe", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_EMPLOYEE);
  const firstCard = page.getByTestId('vehicle-card').first().getByRole('link').first();
  await expect(firstCard).toBeVisible();
  const vehiclePath = new URL((await firstCard.getAttribute('href')) ?? '', page.url()).pathname;
  const screens: Screen[] = [
    { name: 'vehicle', path: vehiclePath, ready: (p) => p.getByTestId('tax-table') },
    { name: 'salary profile', path: '/profile/salary', ready: (p) => p.getByRole('button', { name: /speichern/i }) },
  ];
  expectNoFindings(await checkScreens(page, screens));
});

test("an employee's order list and order workflow pass axe", async ({ page }) => {
  test.setTimeout(180_000);
  // A new employee with salary data, so the order screens show an order of their own.
  const user = await registerEmployee(page, { firstName: 'Anna', lastName: 'Barrierefrei', emailPrefix: 'e2e.a11y' });
  await saveProfile(page, user, { address: { title: 'ms', firstName: 'Anna', lastName: 'Barrierefrei' } });
  await signIn(page, user);
  await page.getByTestId('vehicle-card').first().getByRole('link').first().click();
  const workflowPath = `/order/${await placeOrder(page)}/workflow`;
  const screens: Screen[] = [
    {
      name: 'order list',
      path: '/profile/orders',
      ready: (p) => p.getByRole('link', { name: /Bestellung|\d+/ }).first(),
    },
    { name: 'order workflow, summary', path: workflowPath, ready: (p) => p.getByTestId('order-tax-table') },
  ];
  expectNoFindings(await checkScreens(page, screens));
});

test("the employer's overview passes axe", async ({ page }) => {
  // A sign-in with the second factor may wait up to 30 s for a fresh code.
  test.setTimeout(120_000);
  await signIn(page, DEMO_HR, { landing: /\/(search|employer)/ });
  expectNoFindings(await checkScreens(page, [{ name: 'employer overview', path: '/employer', ready: heading }]));
});

test("the provider's order pipeline and price list pass axe", async ({ page }) => {
  // A sign-in with the second factor may wait up to 30 s for a fresh code.
  test.setTimeout(150_000);
  await signIn(page, DEMO_PROVIDER, { landing: /\/(search|provider)/ });
  const screens: Screen[] = [
    { name: 'provider pipeline', path: '/provider/orders', ready: heading },
    // Its file field shows a placeholder as text.
    { name: 'provider price list', path: '/provider/price-list', ready: heading },
  ];
  expectNoFindings(await checkScreens(page, screens));
});
