import fs from 'node:fs';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { DEMO_HR, DEMO_PROVIDER } from './support/demo-accounts.js';
import { firstVehicle } from './support/demo-vehicle.js';
import { registerEmployee, saveProfile } from './support/employees.js';
import { approveOrder, handOver, orderAndSign, todayInBerlin } from './support/journeys.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';

/**
 * The provider bills: a new employee's car is handed over today, the provider enters its own billing
 * data and the demo employer's, invoices this month (one e-invoice for Muster GmbH, its line naming
 * the person), opens it and downloads the XRechnung; HR finds the same invoice in its portal.
 */

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  return context.newPage();
}

const monthLabel = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

test('the provider invoices the month: an XRechnung per employer, which HR downloads', async ({ browser }) => {
  test.setTimeout(420_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const lastName = `Rechnung${id.slice(-5)}`;
  const employee = await newPage(browser);
  const hr = await newPage(browser);
  const provider = await newPage(browser);
  const today = todayInBerlin();

  try {
    const account = await registerEmployee(employee, { firstName: 'Rena', lastName, emailPrefix: `e2e.rechnung.${id}` });
    await saveProfile(employee, account, { address: { firstName: 'Rena', lastName } });
    let orderId = '';
    await test.step('a car of the demo employer is handed over today', async () => {
      await signIn(employee, account);
      const vehicle = await firstVehicle(employee);
      await employee.goto(`/vehicle/${vehicle.id}`);
      orderId = await orderAndSign(employee);
      await signIn(hr, DEMO_HR);
      await approveOrder(hr, orderId);
      await signIn(provider, DEMO_PROVIDER);
      await handOver(provider, orderId, today);
    });

    await test.step("the provider enters its billing data and the employer's", async () => {
      await provider.getByRole('link', { name: 'Back-Office' }).first().click();
      await provider.getByRole('link', { name: 'Rechnungen' }).first().click();
      await expect(provider).toHaveURL(/\/provider\/invoices$/);
      // Saving the profile again on a retried journey changes nothing: it is filled in every time.
      await provider.goto('/provider/invoices/profile');
      await expect(provider.getByRole('heading', { name: 'Rechnungsstellerdaten', level: 1 })).toBeVisible();
      {
        const form = provider.getByRole('main');
        await form.getByLabel('Firmierung').fill('E-Auto-Leasing Service GmbH');
        await form.getByLabel('Straße').fill('Invalidenstraße');
        await form.getByLabel('Hausnummer').fill('12');
        await form.getByLabel('Postleitzahl').fill('10115');
        await form.getByLabel('Ort').fill('Berlin');
        await form.getByLabel('USt-IdNr.').fill('DE123456789');
        await form.getByLabel('IBAN').fill('DE02 1203 0000 0000 2020 52');
        await form.getByLabel(/^Name/).fill('Forderungsmanagement');
        await form.getByLabel('Telefon').fill('+49 30 1234567');
        await form.getByLabel('E-Mail-Adresse').fill('rechnung@e-auto-leasing.example');
        await form.getByLabel('Präfix der Rechnungsnummern').fill('RE');
        await form.getByLabel(/^Zahlungsziel in Tagen/).fill('14');
        await form.getByLabel(/^Erlöskonto/).fill('8400');
        await form.getByLabel(/^Debitorenkonto/).fill('10000');
        await form.getByLabel('Beraternummer').fill('1001');
        await form.getByLabel('Mandantennummer').fill('1');
        await form.getByRole('button', { name: 'Rechnungsstellerdaten speichern' }).click();
        // A wrong check digit is named in German at the field.
        await expect(form.getByText('Die IBAN ist ungültig (Länge oder Prüfziffer).')).toBeVisible();
        await checkScreen(provider, 'provider billing profile, field error');
        await form.getByLabel('IBAN').fill('DE02 1203 0000 0000 2020 51');
        await form.getByRole('button', { name: 'Rechnungsstellerdaten speichern' }).click();
        await expect(provider.getByText('Rechnungsstellerdaten gespeichert', { exact: true })).toBeVisible();
      }
      await provider.goto('/provider/tenants');
      await provider.getByRole('link', { name: 'Muster GmbH' }).first().click();
      const billing = provider.getByRole('region', { name: 'Rechnungsdaten' }).or(provider.locator('form', { hasText: 'Rechnungsdaten speichern' }));
      await billing.getByLabel('Rechnungs-E-Mail-Adresse').fill('buchhaltung@muster.example');
      await billing.getByRole('button', { name: 'Rechnungsdaten speichern' }).click();
      await expect(provider.getByText('Rechnungsdaten gespeichert', { exact: true })).toBeVisible();
      await checkScreen(provider, 'provider employer with billing data');
    });

    let number = '';
    await test.step('the provider runs this month and opens the invoice', async () => {
      await provider.getByRole('link', { name: 'Rechnungen' }).first().click();
      await provider.getByRole('combobox', { name: 'Abrechnungsmonat' }).click();
      await provider.getByRole('option', { name: monthLabel(today) }).click();
      await provider.getByRole('button', { name: 'Rechnungslauf starten' }).click();
      await provider.getByRole('button', { name: 'Rechnungen ausstellen' }).click();
      const result = provider.getByText(`Ergebnis für ${monthLabel(today)}`);
      await expect(result).toBeVisible({ timeout: 60_000 });
      await checkScreen(provider, 'provider invoice run result');
      const row = provider.getByRole('row', { name: /Muster GmbH/ }).filter({ hasText: /RE-\d{4}-\d{6}/ }).first();
      await expect(row).toBeVisible();
      number = /RE-\d{4}-\d{6}/.exec((await row.textContent()) ?? '')?.[0] ?? '';
      expect(number).not.toBe('');
      await provider.getByRole('button', { name: `${number} öffnen` }).first().click();
      const drawer = provider.getByRole('dialog');
      await expect(drawer.getByText(new RegExp(`Rena ${lastName}`))).toBeVisible();
      await checkScreen(provider, 'provider invoice detail');
      const download = provider.waitForEvent('download');
      await drawer.getByRole('button', { name: 'XML herunterladen' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${number}.xml`);
      const xml = fs.readFileSync(await file.path(), 'utf8');
      expect(xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
      expect(xml).toContain(`<cbc:ID>${number}</cbc:ID>`);
    });

    await test.step('HR finds the invoice in the employer portal', async () => {
      await hr.goto('/employer/invoices');
      await expect(hr.getByText(number).first()).toBeVisible();
      await expect(hr.getByText('buchhaltung@muster.example').first()).toBeVisible();
      await checkScreen(hr, 'employer invoices');
      await hr.getByRole('button', { name: `${number} öffnen` }).first().click();
      const download = hr.waitForEvent('download');
      await hr.getByRole('dialog').getByRole('button', { name: 'PDF herunterladen' }).click();
      expect((await download).suggestedFilename()).toBe(`${number}.pdf`);
    });
  } finally {
    await Promise.all([employee.context().close(), hr.context().close(), provider.context().close()]);
  }
});
