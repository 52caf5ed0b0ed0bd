import fs from 'node:fs';

import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';

import { DEMO_HR, DEMO_PROVIDER, DEMO_REGISTER_CODE } from './support/demo-accounts.js';
import { approveOrder, handOver, orderAndSign, todayInBerlin } from './support/journeys.js';
import { mailLink } from './support/mailbox.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';

/**
 * The employer portal end to end: HR sets a subsidy and a list-price cap, a new employee of the demo
 * employer sees lower rates and no car above the cap, orders, HR approves (countersigned contract),
 * the provider hands the car over, and this month's payroll CSV carries the personnel number and the
 * figures. The demo employer's policy is put back as it was, whatever happens.
 */

const SUBSIDY_EUR = 50;
const MAX_LIST_PRICE_EUR = 60_000;

type Row = Record<string, string>;


interface Policy {
  employerSubsidy: { kind: string; value: number };
  maxListPriceEur: number | null;
  maxMonthlyGrossRateEur: number | null;
  allowedBrands: string[];
  minGrossAfterConversionEur: number;
  deductionStart: string;
  approval: string;
}

interface Summary {
  id: string;
  brand: string;
  model: string;
  listPrice: number;
  yourLeaseFrom: number | null;
}

interface OrderAnswer {
  leasePackage: { totalMonthlyGrossCostEur: number };
  taxResult: { salarySacrificeData: { employerContribution: number } } | null;
  documents: { name: string }[];
}

const normalise = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
/** Whole euros shown on a card ("412 € mtl." → 412, "42.290 €" → 42290). */
const euros = (text: string | null) => Number(normalise(text).replace(/[^\d]/g, ''));
const cents = (eur: number) => Math.round(eur * 100);
const amount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
/** "1234,56" → 123456. */
const centsOfDecimalComma = (text: string | undefined) => {
  expect(text ?? '').toMatch(/^\d+,\d{2}$/);
  return Number((text ?? '').replace(',', ''));
};

async function rateOf(card: Locator): Promise<number> {
  return euros(await card.getByTestId('net-rate').textContent());
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The bearer token the web app keeps for the signed-in user. */
async function accessToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('authData'));
  const token = raw ? (JSON.parse(raw) as { accessToken?: string }).accessToken : undefined;
  if (!token) throw new Error('not signed in');
  return token;
}

async function api<T>(page: Page, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The policy's own fields, as `PUT /v1/tenant/policy` takes them. */
function policyBody(answer: Policy): Policy {
  return {
    employerSubsidy: answer.employerSubsidy,
    maxListPriceEur: answer.maxListPriceEur,
    maxMonthlyGrossRateEur: answer.maxMonthlyGrossRateEur,
    allowedBrands: answer.allowedBrands,
    minGrossAfterConversionEur: answer.minGrossAfterConversionEur,
    deductionStart: answer.deductionStart,
    approval: answer.approval,
  };
}

test('HR sets a subsidy and a price cap, the employee orders under them and payroll exports the lease', async ({
  browser,
}) => {
  // Three people, two simulator cases and a download: minutes on a busy machine.
  test.setTimeout(420_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const employeeEmail = `erika.zuschuss.${id}@beispiel.example`;
  const employeePassword = 'Sonnige-Allee-2026';
  const lastName = 'Zuschuss';
  const personnelNumber = `P-${id.toUpperCase()}`;

  const employee = await newPage(browser);
  const hr = await newPage(browser);
  const provider = await newPage(browser);
  // Filled once HR has read the policy; the `finally` puts it back.
  const original: { policy?: Policy } = {};

  try {
    await test.step('a new employee registers with the demo code and enters the profile with a personnel number', async () => {
      await employee.goto('/register');
      await employee.getByLabel(/Registrierungscode/).fill(DEMO_REGISTER_CODE);
      await employee.getByRole('button', { name: 'Weiter' }).click();
      await expect(employee).toHaveURL(new RegExp(`/register/${DEMO_REGISTER_CODE}$`));
      await employee.getByLabel(/^Vorname/).fill('Erika');
      await employee.getByLabel(/^Nachname/).fill(lastName);
      await employee.getByLabel(/^E-Mail-Adresse/).fill(employeeEmail);
      await employee.getByLabel(/^Passwort\s*\*?$/).fill(employeePassword);
      await employee.getByLabel(/^Passwort wiederholen/).fill(employeePassword);
      await employee.getByRole('button', { name: 'Registrieren' }).click();
      await expect(employee).toHaveURL(/\/check-email$/);
      await employee.goto(await mailLink(employee.request, employeeEmail, /Bitte bestätigen Sie Ihre E-Mail-Adresse/));
      await expect(employee.getByText('Ihre E-Mail-Adresse wurde bestätigt.')).toBeVisible();
      await signIn(employee, { email: employeeEmail, password: employeePassword });

      await employee.goto('/profile/salary');
      await employee.getByLabel(/^Straße/).fill('Sonnenstraße');
      await employee.getByLabel(/^Hausnummer/).fill('7');
      await employee.getByLabel(/^PLZ/).fill('10115');
      await employee.getByLabel(/^Ort/).fill('Berlin');
      await employee.getByLabel(/^Bundesland\s*\*?$/).selectOption('BN');
      await employee.getByLabel(/^Geburtsort/).fill('Leipzig');
      await employee.getByLabel(/^Personalnummer/).fill(personnelNumber);
      await employee.getByLabel(/^Bundesland der Beschäftigung/).selectOption('BN');
      await employee.getByLabel(/^Geburtsdatum/).fill('03.09.1988');
      await employee.getByLabel(/^Bruttomonatsgehalt/).fill('5200');
      await employee.getByLabel(/^Steuerklasse/).selectOption('1');
      await employee.getByLabel(/^Entfernung Wohnung/).fill('15');
      await employee.getByLabel(/^Arbeitstage im Büro/).fill('12');
      await employee.getByRole('button', { name: 'Angaben speichern' }).click();
      await expect(employee.getByText('Gespeichert', { exact: true })).toBeVisible();
    });

    const ev3Card = () =>
      employee
        .getByTestId('vehicle-card')
        .filter({ has: employee.getByRole('link', { name: 'Kia EV3', exact: true }) });
    let cardRateBefore = 0;
    let searchBefore: Summary[] = [];
    await test.step('the employee sees personal rates, including a car above 60,000 EUR', async () => {
      await employee.goto('/search?brands=Kia');
      await expect(ev3Card().getByTestId('rate-label')).toHaveText('Ihre Nettorate');
      cardRateBefore = await rateOf(ev3Card());
      expect(cardRateBefore).toBeGreaterThan(0);

      await employee.goto('/search');
      await expect(employee.getByTestId('result-count')).toBeVisible();
      const listPrices = (await employee.getByTestId('vehicle-card').getByTestId('list-price').allTextContents()).map(
        euros,
      );
      expect(Math.max(...listPrices)).toBeGreaterThan(MAX_LIST_PRICE_EUR);

      searchBefore = await api<Summary[]>(employee, 'GET', '/v1/search');
      expect(searchBefore.every((car) => car.yourLeaseFrom !== null)).toBe(true);
      // Without the cap the catalogue offers dearer cars: the cap below has something to remove.
      expect(searchBefore.some((car) => car.listPrice > MAX_LIST_PRICE_EUR)).toBe(true);
    });

    await test.step('HR sets a fixed subsidy of 50 EUR and a list-price cap of 60,000 EUR', async () => {
      await signIn(hr, DEMO_HR);
      const before = policyBody(await api<Policy>(hr, 'GET', '/v1/tenant/policy'));
      original.policy = before;

      await hr.getByRole('link', { name: 'Arbeitgeberportal' }).first().click();
      await expect(hr).toHaveURL(/\/employer$/);
      await expect(hr.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(hr.getByTestId('overview-trend-months-chart')).toBeVisible();
      await checkScreen(hr, 'employer overview');
      await hr.getByRole('link', { name: 'Richtlinie', exact: true }).click();
      await expect(hr).toHaveURL(/\/employer\/policy$/);
      await expect(hr.getByRole('heading', { level: 1, name: 'Richtlinie' })).toBeVisible();
      await hr.getByLabel(/^Zuschuss/).selectOption({ label: 'Fester Betrag je Monat' });
      await hr.getByLabel(/^Betrag je Monat/).fill('50');
      await hr.getByLabel(/^Höchster Listenpreis/).fill('60000');
      await hr.getByLabel(/^Höchster Listenpreis/).blur();
      await expect(hr.getByLabel(/^Höchster Listenpreis/)).toHaveValue('60.000 €');
      await checkScreen(hr, 'employer policy, edited');
      await hr.getByRole('button', { name: 'Richtlinie speichern' }).click();
      await expect(hr.getByText(/^Richtlinie gespeichert \(Fassung \d+\)$/)).toBeVisible();

      const saved = await api<Policy>(hr, 'GET', '/v1/tenant/policy');
      expect(saved.employerSubsidy).toEqual({ kind: 'FIXED_EUR', value: SUBSIDY_EUR });
      expect(saved.maxListPriceEur).toBe(MAX_LIST_PRICE_EUR);
      // Nothing else changed.
      expect({ ...policyBody(saved), employerSubsidy: null, maxListPriceEur: null }).toEqual({
        ...before,
        employerSubsidy: null,
        maxListPriceEur: null,
      });
    });

    await test.step("the employee's rates drop and no car above the cap is offered", async () => {
      await employee.goto('/search?brands=Kia');
      await expect(ev3Card().getByTestId('rate-label')).toHaveText('Ihre Nettorate');
      await expect.poll(async () => rateOf(ev3Card()), { timeout: 15_000 }).toBeLessThan(cardRateBefore);

      await employee.goto('/search');
      const cards = employee.getByTestId('vehicle-card');
      await expect(employee.getByTestId('result-count')).toBeVisible();
      const listPrices = (await cards.getByTestId('list-price').allTextContents()).map(euros);
      expect(listPrices.length).toBeGreaterThan(0);
      expect(Math.max(...listPrices)).toBeLessThanOrEqual(MAX_LIST_PRICE_EUR);

      const searchAfter = await api<Summary[]>(employee, 'GET', '/v1/search');
      expect(searchAfter.length).toBe(listPrices.length);
      expect(searchAfter.filter((car) => car.listPrice > MAX_LIST_PRICE_EUR)).toEqual([]);
      // Every car under the cap is still offered, each at a lower personal rate.
      const before = new Map(searchBefore.map((car) => [car.id, car]));
      expect(searchAfter.map((car) => car.id).sort()).toEqual(
        searchBefore
          .filter((car) => car.listPrice <= MAX_LIST_PRICE_EUR)
          .map((car) => car.id)
          .sort(),
      );
      for (const car of searchAfter) {
        expect(car.yourLeaseFrom, `${car.brand} ${car.model}`).toBeLessThan(before.get(car.id)?.yourLeaseFrom ?? 0);
      }
    });

    let orderId = '';
    await test.step('the employee orders the Kia EV3, confirms and signs', async () => {
      await employee.goto('/search?brands=Kia');
      await ev3Card().getByRole('link', { name: 'Kia EV3', exact: true }).click();
      await expect(employee).toHaveURL(/\/vehicle\//);
      orderId = await orderAndSign(employee);
    });

    await test.step('HR approves and the countersigned contract is among the documents', async () => {
      await approveOrder(hr, orderId, personnelNumber);

      await employee.goto('/profile/orders');
      const card = employee.getByTestId('order-card').filter({ hasText: `Bestellung ${orderId}` });
      await expect(card.getByTestId('latest-document')).toContainText('gegengezeichnet');
      const order = await api<OrderAnswer>(employee, 'GET', `/v1/order/${orderId}`);
      expect(order.documents.filter((document) => document.name.includes('gegengezeichnet'))).toHaveLength(1);
    });

    const handoverDate = todayInBerlin();
    await test.step('the provider orders the car from the manufacturer and records the handover today', async () => {
      await signIn(provider, DEMO_PROVIDER);
      await handOver(provider, orderId, handoverDate);
    });

    await test.step("HR downloads this month's payroll CSV with the personnel number and the figures", async () => {
      const order = await api<OrderAnswer>(employee, 'GET', `/v1/order/${orderId}`);
      const grossRateCents = cents(order.leasePackage.totalMonthlyGrossCostEur);
      expect(order.taxResult?.salarySacrificeData.employerContribution).toBe(SUBSIDY_EUR);
      const expectedConversionCents = grossRateCents - cents(SUBSIDY_EUR);
      const month = handoverDate.slice(0, 7);

      await hr.getByRole('link', { name: 'Arbeitgeberportal' }).first().click();
      await hr.getByRole('link', { name: 'Entgeltabrechnung', exact: true }).click();
      await expect(hr).toHaveURL(new RegExp(`/employer/payroll/${month}$`));
      const tableRow = hr.getByTestId('payroll-row').filter({ hasText: personnelNumber });
      await expect(tableRow).toHaveCount(1);
      await expect(tableRow).toContainText(`Erika ${lastName}`);
      await expect(tableRow).toContainText(`Nr. ${orderId}`);
      await expect(tableRow).toContainText('Zuschuss 50,00');
      await checkScreen(hr, 'employer payroll');

      const [download] = await Promise.all([
        hr.waitForEvent('download'),
        hr.getByRole('button', { name: 'CSV (Excel) herunterladen' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`Gehaltsumwandlung-${month}.csv`);
      const text = fs.readFileSync((await download.path()) ?? '', 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = parse(text, { columns: true, delimiter: ';', bom: true }) as Row[];
      const mine = rows.filter((row) => row['Personalnummer'] === personnelNumber);
      expect(mine).toHaveLength(1);
      const row = mine[0] as Row;
      expect(row['Name']).toBe(`Erika ${lastName}`);
      expect(row['Bestellung']).toBe(orderId);
      expect(row['Monat']).toBe(month);
      expect(row['Änderung']).toBe('NEU');
      expect(centsOfDecimalComma(row['Arbeitgeberzuschuss EUR'])).toBe(cents(SUBSIDY_EUR));
      expect(centsOfDecimalComma(row['Bruttoumwandlung EUR'])).toBe(expectedConversionCents);
      expect(centsOfDecimalComma(row['Geldwerter Vorteil Privatnutzung EUR'])).toBeGreaterThan(0);
      expect(centsOfDecimalComma(row['Geldwerter Vorteil Arbeitsweg EUR'])).toBeGreaterThan(0);

      // The screen shows the same conversion as the file.
      const shown = normalise(await tableRow.locator('td').nth(2).textContent());
      expect(shown).toContain(normalise(amount.format(expectedConversionCents / 100)));
    });

    await test.step("HR's overview charts the last twelve months; its table has this month's payroll totals", async () => {
      const month = handoverDate.slice(0, 7);
      await hr.goto('/employer');
      const months = hr.getByTestId('overview-trend-months');
      await expect(months.getByRole('img', { name: /^Diagramm: Bruttoumwandlung/ })).toBeVisible();
      await expect(months.locator('.recharts-surface').first()).toBeVisible();
      // A month still being computed comes with a later answer (the page asks again).
      await expect(hr.getByTestId('overview-trend-pending')).toHaveCount(0, { timeout: 30_000 });
      await expect(hr.getByTestId('overview-uptake-text')).toContainText('Personen nehmen teil');
      await months.getByRole('button', { name: 'Als Tabelle anzeigen' }).click();
      const table = hr.getByTestId('overview-trend-table');
      await expect(table).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(13);
      const payroll = await api<{ totals: { grossConversionEur: number; employerContributionEur: number } }>(
        hr,
        'GET',
        `/v1/tenant/payroll/${month}`,
      );
      const current = table.getByRole('row').last();
      await expect(current.getByRole('link')).toHaveAttribute('href', `/employer/payroll/${month}`);
      const cells = normalise(await current.textContent());
      expect(cells).toContain(normalise(amount.format(payroll.totals.grossConversionEur)));
      expect(cells).toContain(normalise(amount.format(payroll.totals.employerContributionEur)));
      await checkScreen(hr, 'employer overview, trend as a table');
    });
  } finally {
    if (original.policy) {
      const restored = await api<Policy>(hr, 'PUT', '/v1/tenant/policy', original.policy);
      expect(policyBody(restored)).toEqual(original.policy);
    }
    await Promise.all([employee.context().close(), hr.context().close(), provider.context().close()]);
  }
});

