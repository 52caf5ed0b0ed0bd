import { expect, test, type Browser, type Page } from '@playwright/test';

import { DEMO_HR, DEMO_PROVIDER } from './support/demo-accounts.js';
import { firstVehicle } from './support/demo-vehicle.js';
import { registerEmployee, saveProfile } from './support/employees.js';
import { approveOrder, handOver, orderAndSign, todayInBerlin, typeDay } from './support/journeys.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';

/**
 * Life during a lease: a new employee of the demo employer orders a car, HR approves and the provider
 * hands it over today; HR then records parental leave from the first of next month for three months.
 * Next month's payroll shows the lease paused with nothing converted, this month's row is not paused,
 * and the person sees the absence and who pays the rate on the order page.
 */

const normalise = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

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
    const account = await registerEmployee(employee, {
      firstName: 'Emma',
      lastName,
      emailPrefix: `e2e.abwesenheit.${id}`,
    });
    await saveProfile(employee, account, { address: { firstName: 'Emma', lastName } });

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

    const handoverDate = todayInBerlin();
    await test.step('the provider records the handover today: the lease is active', async () => {
      await signIn(provider, DEMO_PROVIDER);
      await handOver(provider, orderId, handoverDate);
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
      await typeDay(form.getByLabel(/^Beginn/), leaveFrom);
      await typeDay(form.getByLabel(/^Ende/), leaveTo);
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

    await test.step('the person reports the odometer on the order page', async () => {
      const card = employee.getByTestId('mileage-card');
      await expect(card.getByRole('heading', { name: 'Kilometerstand' })).toBeVisible();
      await card.getByLabel('Kilometerstand').fill('120');
      await typeDay(card.getByLabel('Abgelesen am'), handoverDate);
      await card.getByRole('button', { name: 'Kilometerstand melden' }).click();
      await expect(card.getByTestId('mileage-readings')).toContainText('120 km');
      // Below the reading just made: refused at the field, in German.
      await card.getByLabel('Kilometerstand').fill('100');
      await card.getByRole('button', { name: 'Kilometerstand melden' }).click();
      await expect(card.getByText('Der Kilometerstand liegt unter einem früheren Stand.')).toBeVisible();
      await checkScreen(employee, 'order page, odometer refused');
    });

    await test.step('the person names an additional driver: refused at 17, accepted at 30', async () => {
      const card = employee.getByTestId('drivers-card');
      await card.getByRole('button', { name: 'Zusatzfahrer hinzufügen' }).click();
      const dialog = employee.getByRole('dialog', { name: 'Zusatzfahrer hinzufügen' });
      const year = Number(handoverDate.slice(0, 4));
      await dialog.getByLabel(/^Vorname/).fill('Kim');
      await dialog.getByLabel(/^Nachname/).fill('Meyer');
      await dialog.getByLabel(/^E-Mail-Adresse/).fill(`kim.${orderId}@example.com`);
      await typeDay(dialog.getByLabel(/^Geburtsdatum/), `${String(year - 17)}-01-01`);
      await typeDay(dialog.getByLabel(/^Führerschein ausgestellt am/), `${String(year - 3)}-01-01`);
      await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(dialog.getByText('Zusatzfahrer müssen mindestens 18 Jahre alt sein.')).toBeVisible();
      await checkScreen(employee, 'order page, additional driver refused');
      await typeDay(dialog.getByLabel(/^Geburtsdatum/), `${String(year - 30)}-01-01`);
      await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByTestId('driver-row')).toContainText('Kim Meyer');
      await expect(card.getByTestId('driver-row')).toContainText('Prüfung offen');
    });

    await test.step('the person asks for a larger kilometre package; the provider approves it from next month', async () => {
      const card = employee.getByTestId('package-change-card');
      await expect(card.getByRole('heading', { name: 'Kilometerpaket' })).toBeVisible();
      const larger = card.getByRole('radio').first();
      await larger.check();
      await expect(card.getByTestId('package-change-consequence')).toContainText('ab dem Folgemonat');
      await card.getByRole('button', { name: 'Paketwechsel anfragen' }).click();
      await employee
        .getByRole('dialog', { name: 'Paketwechsel anfragen' })
        .getByRole('button', { name: 'Verbindlich anfragen' })
        .click();
      await expect(card.getByTestId('package-change-state')).toContainText('Angefragt am');
      await checkScreen(employee, 'order page, package change requested');

      await provider.goto('/provider/package-changes');
      const row = provider.getByTestId('package-change-row').filter({ hasText: `Nr. ${orderId}` });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(name);
      await checkScreen(provider, 'provider package changes');
      await row.getByRole('button', { name: `Paketwechsel von ${name} genehmigen` }).click();
      await provider
        .getByRole('dialog', { name: 'Bitte bestätigen' })
        .getByRole('button', { name: 'Genehmigen' })
        .click();
      await expect(row).toContainText('Genehmigt');

      await employee.reload();
      await expect(employee.getByTestId('package-change-state')).toContainText('Genehmigt ab');
      await expect(employee.getByTestId('package-change-state')).toContainText('Nachtrag');
    });
  } finally {
    await Promise.all([employee.context().close(), hr.context().close(), provider.context().close()]);
  }
});
