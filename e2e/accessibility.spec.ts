import { expect, test, type Page } from '@playwright/test';

import { checkScreens, expectNoFindings, type Screen } from './support/axe.js';
import { DEMO_TOTP_SECRET, signIn } from './support/sign-in.js';

/**
 * axe (WCAG 2.1 A and AA) on the main screens, each in the light and the dark colour scheme and at a
 * desktop and a phone width. A violation fails with the screen, the rule, its impact and the selectors.
 * See docs/decisions/0018-accessibility-checks.md.
 */

const DEMO_PASSWORD = 'Demo-Passwort-1';
const EMPLOYEE = 'max.mustermann@example.com';
const HR = 'personal@example.com';
const PROVIDER = 'admin@example.com';

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** A new employee of the demo employer with salary data, so the order screens have an order of their own. */
async function employeeWithSalary(page: Page) {
  const email = `e2e.a11y.${String(Date.now())}@example.com`;
  const password = 'Sicheres-Passwort-9';
  const register = await page.request.post('/v1/auth/register/DEMO2026', {
    data: { firstName: 'Anna', lastName: 'Barrierefrei', email, password, confirmPassword: password },
  });
  expect(register.ok()).toBe(true);
  const mailbox = (await (await page.request.get('/dev/mailbox.json')).json()) as { to: string; links: string[] }[];
  const code = new URL(mailbox.find((mail) => mail.to === email)?.links[0] ?? '').pathname.split('/').pop() ?? '';
  expect((await page.request.post(`/v1/confirm/email/code/${code}`)).ok()).toBe(true);
  const login = await page.request.post('/v1/auth/login', { data: { username: email, password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const saved = await page.request.put('/v1/user/info', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      addressDto: {
        title: 'ms',
        firstName: 'Anna',
        lastName: 'Barrierefrei',
        street: 'Lindenallee',
        streetNumber: '3',
        postcode: '50667',
        place: 'Köln',
        state: 'NW',
        placeOfBirth: 'Bonn',
        employeeId: null,
      },
      salaryInfo: {
        federalState: 'NW',
        dateOfBirth: '1988-03-12',
        grossMonthlySalaryEur: 4500,
        taxClass: 1,
        spouseFactor: null,
        taxAllowance: 0,
        children: false,
        childrenUnder25: 0,
        childrenAllowances: 0,
        pensionInsurance: true,
        unemploymentInsurance: true,
        churchTax: false,
        akb: false,
        healthInsurance: 'STATUTORY',
        basicRateHealthInsurance: 14.6,
        additionalAmountHealthInsurance: 2.5,
        arbeitgeberzuschuss: null,
        beitragPkv: null,
        beitragPv: null,
        basisbeitragSteuerrelevant: null,
        companyPensionPlan: 0,
        arrivalKilometers: 0,
        arrivalNumber: 0,
        salaryConversions: [],
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { email, password };
}

test('the sign-in and registration screens pass axe', async ({ page }) => {
  await page.goto('/login');
  const findings = await checkScreens(page, [
    { name: 'login', path: '/login', ready: heading },
    { name: 'register', path: '/register', ready: heading },
  ]);
  expectNoFindings(findings);
});

test("the employee's search, vehicle and salary screens pass axe", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, EMPLOYEE, DEMO_PASSWORD);
  const firstCard = page.getByTestId('vehicle-card').first().getByRole('link').first();
  await expect(firstCard).toBeVisible();
  const vehiclePath = new URL((await firstCard.getAttribute('href')) ?? '', page.url()).pathname;
  const screens: Screen[] = [
    { name: 'search', path: '/search', ready: (p) => p.getByTestId('vehicle-card').first() },
    { name: 'vehicle', path: vehiclePath, ready: (p) => p.getByTestId('tax-table') },
    { name: 'salary profile', path: '/profile/salary', ready: (p) => p.getByRole('button', { name: /speichern/i }) },
  ];
  expectNoFindings(await checkScreens(page, screens));
});

test("an employee's order list and order workflow pass axe", async ({ page }) => {
  test.setTimeout(120_000);
  const user = await employeeWithSalary(page);
  await signIn(page, user.email, user.password);
  await page.getByTestId('vehicle-card').first().getByRole('link').first().click();
  const orderButton = page.getByRole('button', { name: 'Jetzt bestellen' });
  await expect(orderButton).toBeEnabled();
  await orderButton.click();
  await expect(page).toHaveURL(/\/order\/\d+\/workflow$/);
  const workflowPath = new URL(page.url()).pathname;
  const screens: Screen[] = [
    { name: 'order list', path: '/profile/orders', ready: (p) => p.getByRole('link', { name: /Bestellung|\d+/ }).first() },
    { name: 'order workflow', path: workflowPath, ready: (p) => p.getByTestId('order-tax-table') },
  ];
  expectNoFindings(await checkScreens(page, screens));
});

test("the employer's overview passes axe", async ({ page }) => {
  await signIn(page, HR, DEMO_PASSWORD, { totpSecret: DEMO_TOTP_SECRET, landing: /\/(search|employer)/ });
  expectNoFindings(await checkScreens(page, [{ name: 'employer overview', path: '/employer', ready: heading }]));
});

test("the provider's order pipeline passes axe", async ({ page }) => {
  await signIn(page, PROVIDER, DEMO_PASSWORD, { totpSecret: DEMO_TOTP_SECRET, landing: /\/(search|provider)/ });
  expectNoFindings(await checkScreens(page, [{ name: 'provider pipeline', path: '/provider/orders', ready: heading }]));
});
