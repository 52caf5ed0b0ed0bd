import { expect, test, type Browser, type Page } from '@playwright/test';

import { firstVehicle } from './support/demo-vehicle.js';
import { registerEmployee, saveProfile } from './support/employees.js';
import { checkScreen } from './support/screen-checks.js';
import { DEMO_TOTP_SECRET, signIn } from './support/sign-in.js';

/**
 * Life during a lease: a new employee of the demo employer orders a car, HR approves and the provider
 * hands it over today; HR then records parental leave from the first of next month for three months.
 * Next month's payroll shows the lease paused with nothing converted, this month's row is not paused,
 * and the person sees the absence and who pays the rate on the order page.
 */

const HR = 'personal@example.com';
const PROVIDER = 'admin@example.com';
const DEMO_PASSWORD = 'Demo-Passwort-1';

const normalise = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Today in German time (`YYYY-MM-DD`). */
const todayInBerlin = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The month `offset` months after the one of `isoDate` (`YYYY-MM`). */
function monthAfter(isoDate: string, offset: number): string {
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${String(Math.floor(index / 12))}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last day of month `YYYY-MM` (`YYYY-MM-DD`). */
function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** "05.01.2027" for `2027-01-05`. */
const germanDate = (iso: string) => iso.split('-').reverse().join('.');

test('HR records parental leave for a person with an active lease: payroll pauses and the person sees who pays', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const lastName = `Elternzeit${id.slice(-5)}`;
  const name = `Emma ${lastName}`;

  const employee = await newPage(browser);
  const hr = await newPage(browser);
  const provider = await newPage(browser);

  try {
    const account = await registerEmployee(employee, { firstName: 'Emma', lastName, emailPrefix: `e2e.abwesenheit.${id}` });
    await saveProfile(employee, account, { address: { firstName: 'Emma', lastName } });

    let orderId = '';
    await test.step('the employee orders a car, confirms and signs', async () => {
      await signIn(employee, account.email, account.password);
      const vehicle = await firstVehicle(employee);
      await employee.goto(`/vehicle/${vehicle.id}`);
      const orderButton = employee.getByRole('button', { name: 'Jetzt bestellen' });
      await expect(orderButton).toBeEnabled();
      await orderButton.click();
      await expect(employee).toHaveURL(/\/order\/\d+\/workflow$/);
      orderId = /\/order\/(\d+)\/workflow$/.exec(employee.url())?.[1] ?? '';
      expect(orderId).not.toBe('');

      await expect(employee.getByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' })).toBeVisible();
      await employee.getByRole('checkbox', { name: /Zusammenfassung geprüft/ }).check();
      await employee.getByRole('button', { name: 'Akzeptieren und fortfahren' }).click();
      await expect(employee.getByRole('heading', { name: 'Überlassungsvertrag prüfen' })).toBeVisible();
      await employee.getByRole('button', { name: 'Weiter' }).click();
      await expect(employee.getByRole('heading', { name: 'Führerscheinprüfung' })).toBeVisible();
      const identContinue = employee.getByTestId('ident-continue');
      await completeAtProvider(employee);
      await expect(identContinue).toBeEnabled({ timeout: 20_000 });
      await identContinue.click();
      await expect(employee.getByRole('heading', { name: /qualifizierte elektronische Signatur/ })).toBeVisible();
      await signAtTrustService(employee);
      await expect(employee.getByRole('heading', { name: 'Herzlichen Glückwunsch!' })).toBeVisible({
        timeout: 20_000,
      });
    });

    await test.step('HR approves the order', async () => {
      await signIn(hr, HR, DEMO_PASSWORD, { totpSecret: DEMO_TOTP_SECRET });
      await hr.getByRole('link', { name: 'Freigaben' }).first().click();
      await expect(hr).toHaveURL(/\/admin\/orders$/);
      const row = hr.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
      await expect(row).toContainText('Wartet auf Freigabe des Arbeitgebers');
      await row.getByRole('button', { name: 'Freigeben' }).click();
      await expect(hr.getByText(`Bestellung ${orderId} freigegeben`)).toBeVisible();
    });

    const handoverDate = todayInBerlin();
    await test.step('the provider records the handover today: the lease is active', async () => {
      await signIn(provider, PROVIDER, DEMO_PASSWORD, { totpSecret: DEMO_TOTP_SECRET });
      await provider.getByRole('link', { name: 'Bestellungen verwalten' }).first().click();
      const row = provider.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
      await row.getByRole('button', { name: 'Fahrzeug beim Hersteller bestellt' }).click();
      await expect(row).toContainText('Übergabe offen');
      await row.getByRole('button', { name: 'Übergeben' }).click();
      const dialog = provider.getByRole('dialog');
      await dialog.getByLabel(/Übergabedatum/).fill(handoverDate);
      await dialog.getByRole('button', { name: 'Übergeben' }).click();
      await expect(provider.getByText(`Bestellung ${orderId}: Übergabe erfasst`)).toBeVisible();
    });

    const thisMonth = handoverDate.slice(0, 7);
    const leaveFrom = `${monthAfter(handoverDate, 1)}-01`;
    const leaveTo = lastDayOf(monthAfter(handoverDate, 3));
    await test.step('HR records parental leave from next month for three months in the people list', async () => {
      await hr.goto(`/employer/employees?q=${encodeURIComponent(lastName)}`);
      const row = hr.getByTestId('employee-row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: `Abwesenheiten von ${name}` }).click();
      const dialog = hr.getByRole('dialog', { name: `Abwesenheiten von ${name}` });
      await expect(dialog.getByText('Keine Abwesenheiten eingetragen.')).toBeVisible();
      const form = dialog.getByRole('form', { name: 'Neue Abwesenheit' });
      await form.getByLabel(/^Art/).selectOption({ label: 'Elternzeit' });
      await form.getByLabel(/^Beginn/).fill(leaveFrom);
      await form.getByLabel(/^Ende/).fill(leaveTo);
      await checkScreen(hr, 'employer absences dialog');
      await form.getByRole('button', { name: 'Abwesenheit eintragen' }).click();
      await expect(hr.getByText(`Abwesenheit von ${name} eingetragen.`)).toBeVisible();
      await expect(dialog.getByText(`Elternzeit: ${germanDate(leaveFrom)} – ${germanDate(leaveTo)}`)).toBeVisible();
      await expect(dialog.getByText('Beschäftigte Person zahlt')).toBeVisible();
      await hr.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step("next month's payroll shows the lease paused with nothing converted; this month's is not", async () => {
      const nextMonth = monthAfter(handoverDate, 1);
      await hr.goto(`/employer/payroll/${nextMonth}`);
      const paused = hr.getByTestId('payroll-row').filter({ hasText: `Nr. ${orderId}` });
      await expect(paused).toHaveCount(1);
      await expect(paused.getByTestId(`paused-${orderId}`)).toHaveText('Pausiert');
      const days = lastDayOf(nextMonth).slice(8);
      await expect(paused).toContainText(`Elternzeit: ${String(Number(days))} von ${String(Number(days))} Tagen`);
      await expect(paused).toContainText('Beschäftigte Person zahlt');
      // Nothing converted in a fully paused month.
      expect(normalise(await paused.locator('td').nth(2).textContent())).toMatch(/^0,00 €/);
      await checkScreen(hr, 'employer payroll, paused');

      await hr.goto(`/employer/payroll/${thisMonth}`);
      const active = hr.getByTestId('payroll-row').filter({ hasText: `Nr. ${orderId}` });
      await expect(active).toHaveCount(1);
      await expect(active).toContainText(name);
      await expect(active.getByTestId(`paused-${orderId}`)).toHaveCount(0);
    });

    await test.step('the person sees the parental leave and who pays on the order page', async () => {
      await employee.goto(`/order/${orderId}/workflow`);
      const card = employee.getByTestId('absence-card');
      await expect(card).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Abwesenheit ohne Gehalt' })).toBeVisible();
      await expect(card).toContainText(`Elternzeit: ${germanDate(leaveFrom)} bis ${germanDate(leaveTo)}`);
      await expect(card).toContainText('In dieser Zeit zahlen Sie die Rate selbst aus Ihrem Nettoeinkommen.');
      await checkScreen(employee, 'order page with an absence');
    });
  } finally {
    await Promise.all([employee.context().close(), hr.context().close(), provider.context().close()]);
  }
});

/** The signature: the trust service's page in a new tab, its one-time code typed in, "Jetzt signieren". */
async function signAtTrustService(page: Page): Promise<void> {
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Identifikation starten' }).click();
  const service = await popup;
  await service.waitForLoadState();
  const code = (await service.getByTestId('one-time-code').textContent()) ?? '';
  await service.getByLabel('Einmalcode').fill(code.trim());
  await service.getByRole('button', { name: 'Jetzt signieren' }).click();
  await expect(service).toHaveURL(/\/order\/\d+\/workflow/, { timeout: 30_000 });
  await service.close();
}

/** Clicks "Identifikation starten", completes the case in the simulator tab and closes it. */
async function completeAtProvider(page: Page): Promise<void> {
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Identifikation starten' }).click();
  const simulator = await popup;
  await simulator.waitForLoadState();
  await simulator.getByRole('button', { name: 'Erfolgreich abschließen' }).click();
  await expect(simulator.getByText(/Sie können dieses Fenster schließen|abgeschlossen/).first()).toBeVisible();
  await simulator.close();
}
