import { expect, test, type Browser, type Page } from '@playwright/test';

import { DEMO_HR, DEMO_PROVIDER } from './support/demo-accounts.js';
import { firstVehicle } from './support/demo-vehicle.js';
import { registerEmployee, saveProfile } from './support/employees.js';
import { approveOrder, handOver, orderAndSign, todayInBerlin, typeDay } from './support/journeys.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';

/**
 * The end of a lease: a new employee of the demo employer orders a car, HR approves, the provider
 * hands it over today ("Leasing aktiv"). The provider then records the car's return in the back
 * office: the form names each missing or wrong entry in German, the valid return answers the
 * settlement. Before that the employee reports a damage with a photo on the order page and the
 * provider finds it in the claims queue. The order shows "Leasing beendet", the employee opens the final statement (a PDF among
 * the order's documents), and HR's payroll of this month carries the settlement on the lease's row.
 */

/** A 1×1 PNG: a photo the server decodes and re-encodes like any other. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The calendar day after `isoDate`. */
function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test('the provider records the return of a running lease: "Leasing beendet", final statement and payroll', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const lastName = `Rueckgabe${id.slice(-5)}`;
  const name = `Rita ${lastName}`;

  const employee = await newPage(browser);
  const hr = await newPage(browser);
  const provider = await newPage(browser);

  try {
    const account = await registerEmployee(employee, {
      firstName: 'Rita',
      lastName,
      emailPrefix: `e2e.rueckgabe.${id}`,
    });
    await saveProfile(employee, account, { address: { firstName: 'Rita', lastName } });

    let orderId = '';
    await test.step('the employee orders a car, confirms and signs', async () => {
      await signIn(employee, account);
      const vehicle = await firstVehicle(employee);
      await employee.goto(`/vehicle/${vehicle.id}`);
      orderId = await orderAndSign(employee);
    });

    await test.step('HR approves the order', async () => {
      await signIn(hr, DEMO_HR);
      await approveOrder(hr, orderId);
    });

    const today = todayInBerlin();
    await test.step('the provider hands the car over today: "Leasing aktiv"', async () => {
      await signIn(provider, DEMO_PROVIDER);
      await handOver(provider, orderId, today);
    });

    await test.step('the employee reports a damage with a photo; the provider finds it in the queue', async () => {
      await employee.goto(`/order/${orderId}/workflow`);
      const card = employee.getByTestId('claims-card');
      await expect(card).toContainText('Zu diesem Fahrzeug ist kein Schaden gemeldet.');
      await card.getByRole('button', { name: 'Schaden melden' }).click();
      const form = employee.getByRole('dialog', { name: 'Schaden melden' });
      await form.getByRole('button', { name: 'Meldung senden' }).click();
      await expect(form.getByText(/Bitte/).first()).toBeVisible();
      await typeDay(form.getByLabel('Datum'), today);
      await form.getByLabel('Uhrzeit').fill('00:01');
      await form.getByLabel(/^Ort/).fill('Parkplatz Marktstraße 5, München');
      await form.getByLabel(/^Beschreibung/).fill('Beim Einparken die Stoßstange an einem Poller gestreift.');
      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: 'stossstange.png', mimeType: 'image/png', buffer: PHOTO });
      await form.getByRole('button', { name: 'Meldung senden' }).click();
      await expect(form).toBeHidden();
      const row = card.getByTestId('claim-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Gemeldet');
      await expect(row.getByRole('img')).toHaveCount(1);
      const number = ((await row.textContent()) ?? '').match(/S-\d{4}-\d{6}/)?.[0] ?? '';
      expect(number).not.toBe('');

      await provider.goto('/provider/claims');
      await provider.getByLabel('Suche').fill(number);
      const queued = provider.getByTestId('claim-queue-row');
      await expect(queued).toHaveCount(1);
      await expect(queued).toContainText(name);
      await checkScreen(provider, 'provider claims queue');
    });

    const pipelineRow = () => provider.getByTestId('pipeline-row').filter({ hasText: `Nr. ${orderId}` });
    await test.step('the provider records the return in the back office; the form names what is wrong', async () => {
      await provider.goto('/provider/orders');
      await provider.getByLabel('Suche').fill(orderId);
      await expect(pipelineRow()).toHaveCount(1);
      await expect(pipelineRow()).toContainText('Übergabe – Leasing aktiv');
      await pipelineRow()
        .getByRole('button', { name: `Details zu Bestellung Nr. ${orderId}` })
        .click();
      const drawer = provider.getByRole('dialog', { name: `Bestellung Nr. ${orderId}` });
      const form = drawer.getByTestId('return-form');
      const record = form.getByRole('button', { name: 'Rückgabe erfassen' });

      await record.click();
      await expect(form.getByText('Bitte geben Sie das Rückgabedatum an.')).toBeVisible();
      await expect(form.getByText('Bitte geben Sie den Kilometerstand an.')).toBeVisible();

      await typeDay(form.getByLabel(/Rückgabedatum/), dayAfter(today));
      await form.getByLabel(/Kilometerstand/).fill('1250');
      await form.getByRole('button', { name: 'Schaden hinzufügen' }).click();
      await record.click();
      await expect(form.getByText('Die Rückgabe kann nicht in der Zukunft liegen.')).toBeVisible();
      await expect(form.getByText('Bitte beschreiben Sie den Schaden.')).toBeVisible();
      await expect(form.getByText('Bitte geben Sie die Kosten des Schadens an (0 € oder mehr).')).toBeVisible();
      await expect(form.getByText('Bitte geben Sie den Kilometerstand an.')).toHaveCount(0);
      await checkScreen(provider, 'provider return form with field errors');

      await typeDay(form.getByLabel(/Rückgabedatum/), today);
      await form.getByLabel(/^Schaden/).fill('Kratzer Heckklappe');
      await form.getByLabel(/Kosten/).fill('150');
      await record.click();
      const settlement = drawer.getByTestId('settlement');
      await expect(settlement).toContainText('Rückgabe erfasst');
      // A day's drive: fewer kilometres than the contract, refunded as the package's rules say; the
      // damage is charged in full, so the total is at most the 150 € of the damage.
      await expect(settlement).toContainText('150,00 €');
      await expect(settlement.getByTestId('settlement-total')).toHaveText(/^-?[\d.]+,\d{2}\s€$/);
      await provider.keyboard.press('Escape');
      await expect(pipelineRow()).toContainText('Leasing beendet');
    });

    await test.step('the employee sees "Leasing beendet" and opens the final statement PDF', async () => {
      await employee.goto(`/order/${orderId}/workflow`);
      await expect(employee.getByRole('heading', { name: 'Leasing beendet' })).toBeVisible();
      const open = employee.getByTestId('final-statement');
      await expect(open).toHaveText('Schlussabrechnung öffnen');
      const pdf = employee.waitForResponse((r) => /\/v1\/order\/\d+\/contract\/[^/]+$/.test(new URL(r.url()).pathname));
      const tab = employee.context().waitForEvent('page');
      await open.click();
      const response = await pdf;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/pdf');
      expect((await tab).url()).toMatch(/^blob:/);
      // The same document fetched again with the page's own credentials: Chromium keeps no body for a
      // response the page consumed into a blob, so the bytes are checked on a second request.
      const again = await employee.request.get(response.url(), { headers: await response.request().allHeaders() });
      expect(again.status()).toBe(200);
      expect((await again.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await checkScreen(employee, 'order page, lease ended');

      await employee.goto('/profile/orders');
      const card = employee.getByTestId('order-card').filter({ hasText: `Bestellung ${orderId}` });
      await expect(card.getByTestId('order-status')).toHaveText('Leasing beendet');
    });

    await test.step("HR's payroll of this month carries the settlement on the lease's row", async () => {
      await hr.goto(`/employer/payroll/${today.slice(0, 7)}`);
      const row = hr.getByTestId('payroll-row').filter({ hasText: `Nr. ${orderId}` });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(name);
      await expect(row.getByTestId(`payroll-status-${orderId}`)).toHaveText('Beendet');
      await expect(row.getByTestId(`payroll-settlement-${orderId}`)).toContainText(/[\d.]+,\d{2}\s€/);
      await expect(hr.getByTestId('payroll-settlement-total')).toBeVisible();
    });
  } finally {
    await Promise.all([employee.context().close(), hr.context().close(), provider.context().close()]);
  }
});
