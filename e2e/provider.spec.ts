import fs from 'node:fs';

import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { generateSync } from 'otplib';

import { DEMO_PROVIDER } from './support/demo-accounts.js';
import { mailLink } from './support/mailbox.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';

/**
 * The provider's back office end to end: a new employer with its HR admin, that admin's first sign-in
 * (password from the mail, second factor), an employee registering with the new code, and a price list
 * edited as CSV whose changes reach the employee's personal rates the moment it is published; the new
 * trim gets two photos dropped at once, after which it no longer counts among the cars on the placeholder.
 */

type Row = Record<string, string>;

/** A 1×1 PNG: a photo the server decodes and re-encodes like any other. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const normalise = (value: string | null) => (value ?? '').replace(/\u00a0/g, ' ').trim();
/** The euros of a card's net rate ("412 € mtl." → 412). */
async function rateOf(card: Locator): Promise<number> {
  const text = normalise(await card.getByTestId('net-rate').textContent());
  return Number(text.replace(/[^\d]/g, ''));
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('the provider onboards an employer and publishes a price list the employee sees at once', async ({ browser }) => {
  test.setTimeout(300_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const hrEmail = `hanna.reuter.${id}@beispiel.example`;
  const hrPassword = 'Beispiel-Personal-2026';
  const employeeEmail = `erika.beispiel.${id}@beispiel.example`;
  const employeePassword = 'Sonnige-Allee-2026';
  const trim = `Beispiel Edition ${id}`;
  let registerCode = '';

  const provider = await newPage(browser);
  const hr = await newPage(browser);
  const employee = await newPage(browser);

  await test.step('the provider creates "Beispiel AG" with its HR admin', async () => {
    await signIn(provider, DEMO_PROVIDER);
    await provider.getByRole('link', { name: 'Back-Office' }).first().click();
    await expect(provider.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    // The charts (ADR 0063), each a named picture with its figures as a table.
    const orders = provider.getByTestId('dashboard-orders-by-month');
    await expect(orders.getByRole('img', { name: /^Diagramm: Bestellungen je Monat/ })).toBeVisible();
    await expect(orders.locator('.recharts-surface').first()).toBeVisible();
    await expect(provider.getByTestId('dashboard-open-by-days').locator('.recharts-surface').first()).toBeVisible();
    await checkScreen(provider, 'provider overview');
    await orders.getByRole('button', { name: 'Als Tabelle anzeigen' }).click();
    const table = provider.getByTestId('dashboard-orders-table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(13);
    await provider.getByTestId('dashboard-deliveries').getByRole('button', { name: 'Als Tabelle anzeigen' }).click();
    await expect(provider.getByTestId('dashboard-deliveries-table')).toBeVisible();
    await checkScreen(provider, 'provider overview, charts as tables');
    await provider.getByRole('link', { name: 'Arbeitgeber', exact: true }).click();
    await provider.getByRole('button', { name: 'Arbeitgeber anlegen' }).click();
    const dialog = provider.getByRole('dialog', { name: 'Arbeitgeber anlegen' });
    await dialog.getByLabel(/^Name/).fill('Beispiel AG');
    await dialog.getByLabel(/^Straße/).fill('Hauptstraße');
    await dialog.getByLabel(/^Hausnummer/).fill('5');
    await dialog.getByLabel(/^Postleitzahl/).fill('10115');
    await dialog.getByLabel(/^Ort/).fill('Berlin');
    await dialog.getByLabel(/^Kontakt-E-Mail/).fill(`kontakt.${id}@beispiel.example`);
    await dialog.getByLabel(/^Vorname/).fill('Hanna');
    await dialog.getByLabel(/^Nachname/).fill('Reuter');
    await dialog.getByLabel(/^E-Mail-Adresse/).fill(hrEmail);
    await checkScreen(provider, 'provider employers, new employer dialog');
    await dialog.getByRole('button', { name: 'Anlegen und einladen' }).click();

    await expect(provider.getByRole('heading', { level: 1, name: 'Beispiel AG' })).toBeVisible();
    await expect(provider.getByText('Eingeladen')).toBeVisible();
    await checkScreen(provider, 'provider employer');
    registerCode = normalise(await provider.getByTestId('register-code').first().textContent());
    expect(registerCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  });

  await test.step('the HR admin sets a password from the mail, enrols the second factor and sees no other employer', async () => {
    await hr.goto(await mailLink(hr.request, hrEmail, /Beispiel AG/));
    await expect(hr.getByRole('heading', { name: 'Willkommen – Passwort festlegen' })).toBeVisible();
    await checkScreen(hr, 'invitation, set password');
    await hr.getByLabel(/^Neues Passwort/).fill(hrPassword);
    await hr.getByLabel(/^Passwort wiederholen/).fill(hrPassword);
    await hr.getByRole('button', { name: 'Passwort speichern' }).click();

    // Accepting the invitation goes on to the second factor's enrolment: the link proved the mailbox.
    await expect(hr).toHaveURL(/\/profile\/security$/);
    await expect(hr.getByText(/Ihr Passwort ist gespeichert/)).toBeVisible();
    await checkScreen(hr, 'invitation, enrolment');
    await hr.getByLabel(/^Aktuelles Passwort/).fill(hrPassword);
    await hr.getByRole('button', { name: 'Einrichtung starten' }).click();
    const secret = normalise(await hr.locator('code').first().textContent()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await hr
      .getByLabel(/^Sechsstelliger Code aus der App/)
      .fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await hr.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
    await expect(hr.getByText('Ihre Wiederherstellungscodes').first()).toBeVisible();
    await checkScreen(hr, 'security, recovery codes');
    await hr.getByRole('button', { name: 'Weiter' }).click();
    // HR's home is the employer portal's overview (ADR 0062), here of an employer without people yet.
    await expect(hr).toHaveURL(/\/employer$/);
    await expect(hr.getByRole('heading', { level: 1 })).toBeVisible();
    await checkScreen(hr, 'employer overview, a new employer');

    // Tenant admin of Beispiel AG only: the demo employer's orders are not theirs.
    await hr.goto('/admin/orders');
    await expect(hr.getByRole('heading', { level: 1, name: 'Freigaben' })).toBeVisible();
    await expect(hr.getByTestId('admin-order-row')).toHaveCount(0);
    await hr.goto('/provider/tenants');
    await expect(hr.getByTestId('no-permission')).toBeVisible();
    await checkScreen(hr, 'no permission');
  });

  await test.step('an employee registers with the new code, completes the profile and sees cars', async () => {
    await employee.goto('/register');
    await employee.getByLabel(/Registrierungscode/).fill(registerCode);
    await employee.getByRole('button', { name: 'Weiter' }).click();
    await employee.getByLabel(/^Vorname/).fill('Erika');
    await employee.getByLabel(/^Nachname/).fill('Beispiel');
    await employee.getByLabel(/^E-Mail-Adresse/).fill(employeeEmail);
    await employee.getByLabel(/^Passwort\s*\*?$/).fill(employeePassword);
    await employee.getByLabel(/^Passwort wiederholen/).fill(employeePassword);
    await employee.getByRole('button', { name: 'Registrieren' }).click();
    await expect(employee).toHaveURL(/\/check-email$/);
    await employee.goto(await mailLink(employee.request, employeeEmail, /Bitte bestätigen Sie Ihre E-Mail-Adresse/));
    await expect(employee.getByText('Ihre E-Mail-Adresse wurde bestätigt.')).toBeVisible();
    await signIn(employee, { email: employeeEmail, password: employeePassword });
    await expect(employee.getByTestId('vehicle-card').first()).toBeVisible();

    await employee.goto('/profile/salary');
    await employee.getByLabel(/^Straße/).fill('Sonnenstraße');
    await employee.getByLabel(/^Hausnummer/).fill('7');
    await employee.getByLabel(/^PLZ/).fill('10115');
    await employee.getByLabel(/^Ort/).fill('Berlin');
    await employee.getByLabel(/^Bundesland\s*\*?$/).selectOption('BN');
    await employee.getByLabel(/^Geburtsort/).fill('Leipzig');
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
      .filter({ has: employee.getByRole('link', { name: 'Kia EV3', exact: true }) })
      .filter({ hasNotText: trim });
  let rateBefore = 0;
  await test.step('the employee sees personal net rates', async () => {
    await employee.goto('/search?brands=Kia');
    await expect(ev3Card().first().getByTestId('rate-label')).toHaveText('Ihre Nettorate');
    rateBefore = await rateOf(ev3Card().first());
    expect(rateBefore).toBeGreaterThan(0);
  });

  await test.step('the provider raises one price and adds a trim level by CSV, previews and publishes', async () => {
    await provider.getByRole('link', { name: 'Preisliste' }).click();
    const [download] = await Promise.all([
      provider.waitForEvent('download'),
      provider.getByRole('button', { name: 'Als CSV exportieren' }).click(),
    ]);
    const exported = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(exported.startsWith('\uFEFF')).toBe(true);
    const rows = parse(exported, { columns: true, delimiter: ';', bom: true }) as Row[];
    const ev3 = rows.filter((r) => r['brand'] === 'Kia' && r['model'] === 'EV3');
    const vehicleId = ev3[0]?.['vehicleId'];
    const own = ev3.filter((r) => r['vehicleId'] === vehicleId);
    const cheapest = [...own].sort(
      (a, b) => Number(a['totalMonthlyGrossCostEur']) - Number(b['totalMonthlyGrossCostEur']),
    )[0] as Row;
    const raised = (Number(cheapest['totalMonthlyGrossCostEur']) + 80).toFixed(2);
    const newTrim = own.map((r) => ({
      ...r,
      vehicleId: '',
      packageId: '',
      trimLevel: trim,
      listPriceGrossEur: '47990.00',
    }));
    const edited = [...rows.map((r) => (r === cheapest ? { ...r, totalMonthlyGrossCostEur: raised } : r)), ...newTrim];

    await provider.locator('input[type="file"]').setInputFiles({
      name: 'preisliste-bearbeitet.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(stringify(edited, { header: true, delimiter: ';', bom: true })),
    });
    await provider.getByRole('button', { name: 'Vorschau erstellen' }).click();
    await expect(provider.getByTestId('preview-changed')).toHaveText('1 geändert');
    await expect(provider.getByTestId('preview-added')).toHaveText(`${newTrim.length} neue Pakete`);
    await expect(provider.getByTestId('preview-errors')).toHaveText('0 Fehler');
    await expect(provider.getByTestId('preview-changed-row')).toContainText(
      `totalMonthlyGrossCostEur: ${cheapest['totalMonthlyGrossCostEur'] ?? ''} → ${raised}`,
    );
    await checkScreen(provider, 'provider price list, preview');
    // Nothing is live before publishing.
    await employee.reload();
    await expect(ev3Card().first()).toBeVisible();
    expect(await rateOf(ev3Card().first())).toBe(rateBefore);

    await provider.getByRole('button', { name: 'Veröffentlichen' }).click();
    await provider.getByRole('dialog').getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect(provider.getByText(/Preisliste veröffentlicht \(Version \d+\)/)).toBeVisible();
    await expect(provider.getByTestId('price-list-version').first()).toContainText('preisliste-bearbeitet.csv');
  });

  await test.step('the provider drops two photos of the new trim at once; its placeholder marking goes', async () => {
    await provider.getByRole('link', { name: 'Fotos' }).click();
    await expect(provider.getByRole('heading', { level: 1, name: 'Fahrzeugfotos' })).toBeVisible();
    await expect(provider.getByTestId('placeholder-count')).toHaveText(/^[\d.]+ Fahrzeuge? ohne Foto$/);
    await provider.getByRole('switch', { name: 'Nur Fahrzeuge mit Platzhalter' }).check();
    const field = provider.getByRole('combobox', { name: 'Fahrzeug' });
    await field.fill(trim);
    const option = provider.getByRole('option', { name: new RegExp(trim) });
    await expect(option.getByText('Platzhalter')).toBeVisible();
    await option.click();
    await expect(provider.getByTestId('placeholder-note')).toBeVisible();

    // Dropped together, as from a file manager: one drop event carrying both files.
    const dataTransfer = await provider.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      for (const name of ['vorne.png', 'seite.png']) transfer.items.add(new File([bytes], name, { type: 'image/png' }));
      return transfer;
    }, PHOTO.toString('base64'));
    await provider.getByTestId('photo-dropzone').dispatchEvent('drop', { dataTransfer });
    const uploads = provider.getByTestId('photo-upload');
    await expect(uploads).toHaveCount(2);
    await expect(uploads.filter({ hasText: 'vorne.png' })).toHaveAttribute('data-status', 'done');
    await expect(uploads.filter({ hasText: 'seite.png' })).toHaveAttribute('data-status', 'done');
    await expect(provider.getByTestId('photo-upload-summary')).toHaveText('Fertig: 2, abgelehnt: 0');
    await expect(provider.getByTestId('vehicle-photo')).toHaveCount(2);
    await expect(provider.getByTestId('placeholder-note')).toHaveCount(0);
    await checkScreen(provider, 'provider photos, two uploaded');
    // The vehicle list no longer marks the car (the filter keeps the chosen one listed).
    await field.click();
    const uploaded = provider.getByRole('option', { name: new RegExp(`${trim} \\(2 Fotos\\)`) });
    await expect(uploaded).toBeVisible();
    await expect(uploaded.getByText('Platzhalter')).toHaveCount(0);
    await provider.keyboard.press('Escape');
  });

  await test.step("the employee's search shows the new price and the new trim with personal rates", async () => {
    await employee.goto('/search?brands=Kia');
    await expect.poll(async () => rateOf(ev3Card().first()), { timeout: 15_000 }).toBeGreaterThan(rateBefore);
    const added = employee.getByTestId('vehicle-card').filter({ hasText: trim });
    await expect(added).toHaveCount(1);
    await expect(added.getByTestId('rate-label')).toHaveText('Ihre Nettorate');
    expect(await rateOf(added)).toBeGreaterThan(0);
  });

  await Promise.all([provider.context().close(), hr.context().close(), employee.context().close()]);
});
