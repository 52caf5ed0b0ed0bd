import { type Locator } from '@playwright/test';

import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { registerEmployee } from './support/employees.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

const normalise = (value: string | null) => (value ?? '').replace(/\u00a0/g, ' ').trim();
const textOf = async (locator: Locator) => normalise(await locator.textContent());

test('the employee filters by two brands, configures a package and reaches the order button', async ({ page }) => {
  await signIn(page, DEMO_EMPLOYEE);
  const cards = page.getByTestId('vehicle-card');
  await expect(cards.first()).toBeVisible();
  const allCount = await cards.count();

  // Brand filter: Kia and Volkswagen.
  await page.getByRole('button', { name: /^Marke/ }).click();
  await page.getByRole('checkbox', { name: 'Kia' }).check();
  await page.getByRole('checkbox', { name: 'Volkswagen' }).check();
  await page.keyboard.press('Escape');
  // The model list follows the brands.
  await page.getByRole('button', { name: /^Modell/ }).click();
  const models = page.getByRole('group', { name: 'Modell' }).getByRole('checkbox');
  await expect(models.first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Modell' }).getByRole('checkbox', { name: 'EV3' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Modell' }).getByRole('checkbox', { name: 'ID.3' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Modell' }).getByRole('checkbox', { name: 'i4' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Filtern' }).click();

  await expect(page).toHaveURL(/\/search\?brands=Kia,Volkswagen$/);
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(allCount);
  for (const brand of await cards.locator('h2 span').allTextContents()) {
    expect(['Kia', 'Volkswagen']).toContain(brand);
  }
  await checkScreen(page, 'search, filtered');
  // The demo employee has salary data: every card shows the own net rate.
  await expect(cards.getByTestId('rate-label').filter({ hasText: 'geschätzte' })).toHaveCount(0);
  await expect(cards.first().getByTestId('rate-label')).toHaveText('Ihre Nettorate');
  await expect(cards.first()).toContainText('0 g CO₂/km');

  // Open the Kia EV3 with the keyboard.
  await page.getByRole('link', { name: 'Kia EV3' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/vehicle\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'EV3' })).toBeVisible();
  await expect(page.getByText('Symbolbild').first()).toBeVisible();

  const netRate = page.getByTestId('price-preview').getByTestId('net-rate');
  const taxNetRate = page.getByTestId('tax-row-netRate').getByRole('cell').nth(1);
  await expect(page.getByTestId('price-preview').getByTestId('rate-label')).toHaveText('Ihre Nettorate');
  await expect(page.getByTestId('tax-table')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Lohnsteuer' })).toBeVisible();
  await expect(page.getByTestId('money-flow')).toContainText('Nettoauszahlung vorher');
  await checkScreen(page, 'vehicle');

  // The preselected package is the cheapest: 48 months, 10,000 km, all-season.
  await expect(page.getByLabel('Laufzeit')).toHaveValue('48');
  await expect(page.getByLabel('Kilometer pro Jahr')).toHaveValue('10000');
  const rates: string[] = [await textOf(netRate)];
  const taxRates: string[] = [await textOf(taxNetRate)];

  const expectUpdate = async () => {
    await expect(netRate).not.toHaveText(rates.at(-1) ?? '');
    rates.push(await textOf(netRate));
    await expect(taxNetRate).not.toHaveText(taxRates.at(-1) ?? '');
    taxRates.push(await textOf(taxNetRate));
    // The tax table's net rate is the same figure as the preview's, in cents.
    const preview = Number((rates.at(-1) ?? '').replace(/[^\d]/g, ''));
    const exact = Number((taxRates.at(-1) ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
    expect(Math.abs(Math.round(exact) - preview)).toBeLessThanOrEqual(1);
  };

  await page.getByLabel('Laufzeit').selectOption('24');
  await expectUpdate();
  await expect(page.getByLabel('Kilometer pro Jahr')).toHaveValue('10000');

  await page.getByLabel('Kilometer pro Jahr').selectOption('20000');
  await expectUpdate();

  await page.getByLabel('Reifen').selectOption({ label: 'Sommer- und Winterreifen' });
  await expectUpdate();

  await expect(page.getByTestId('km-rules')).toContainText('€/km');
  const order = page.getByRole('button', { name: 'Jetzt bestellen' });
  await order.scrollIntoViewIfNeeded();
  await expect(order).toBeEnabled();
  await expect(page.getByTestId('order-hint')).toHaveCount(0);
  await checkScreen(page, 'vehicle, package changed');
});

test('a new employee without salary data sees estimated rates and a disabled order button', async ({ page }) => {
  const user = await registerEmployee(page, { firstName: 'Erika', lastName: 'Beispiel', emailPrefix: 'e2e.katalog' });
  await signIn(page, user);

  const cards = page.getByTestId('vehicle-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.getByTestId('rate-label').filter({ hasText: 'Ihre Nettorate' })).toHaveCount(0);
  await expect(cards.first().getByTestId('rate-label')).toHaveText('geschätzte Nettorate');
  await checkScreen(page, 'search, estimated rates');

  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/vehicle\//);
  await expect(page.getByTestId('price-preview').getByTestId('rate-label')).toHaveText('geschätzte Nettorate');
  await expect(page.getByTestId('tax-needs-salary')).toBeVisible();
  await expect(page.getByTestId('tax-table')).toHaveCount(0);

  const order = page.getByRole('button', { name: 'Jetzt bestellen' });
  await expect(order).toBeDisabled();
  const hint = page.getByTestId('order-hint');
  await expect(hint).toContainText('Bestellen können Sie, sobald Ihre Gehaltsdaten vollständig sind');
  await checkScreen(page, 'vehicle, without salary data');
  await hint.getByRole('link', { name: 'Gehaltsdaten eingeben' }).click();
  await expect(page).toHaveURL(/\/profile\/salary$/);
  await expect(page.getByRole('button', { name: 'Angaben speichern' })).toBeVisible();
  await checkScreen(page, 'salary profile, empty');
});

/** Whole euros of a card's rate as shown ("312 € mtl."). */
const euros = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('/search?sort=rate lists the cheapest personal rate first; range and rate filters narrow it', async ({ page }) => {
  await signIn(page, DEMO_EMPLOYEE);
  await page.goto('/search?sort=rate');
  const cards = page.getByTestId('vehicle-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sortieren nach' })).toHaveValue('rate');
  await expect(cards.first().getByTestId('rate-label')).toHaveText('Ihre Nettorate');

  // The server's answer for every car: the first card has the lowest personal rate of them all.
  const all = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('authData') ?? '{}') as { accessToken?: string };
    const answer = await fetch('/v1/search', { headers: { authorization: `Bearer ${session.accessToken ?? ''}` } });
    return (await answer.json()) as { yourLeaseFrom: number | null; estimateLeaseFrom: number; rangeKm: number }[];
  });
  const lowest = Math.min(...all.map((car) => car.yourLeaseFrom ?? car.estimateLeaseFrom));
  const shown = (await cards.getByTestId('net-rate').allTextContents()).map(euros);
  expect(shown[0]).toBe(Math.round(lowest));
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
  // The badge: what the person saves per month, the share below it.
  await expect(cards.first().getByTestId('savings-amount')).toHaveText(/^spart \d{1,3}(\.\d{3})*\s€ im Monat$/);
  await expect(cards.first().getByTestId('savings-percent')).toHaveText(/^\d+\s%\sErsparnis$/);
  await checkScreen(page, 'search, sorted by rate');

  // A minimum range and a maximum rate, kept in the address beside the order.
  await page.getByRole('combobox', { name: 'Reichweite' }).selectOption({ label: 'ab 500 km' });
  // The lowest step that still leaves a car of that range.
  const limit = Math.min(
    ...all.filter((car) => car.rangeKm >= 500).map((car) => Math.round(car.yourLeaseFrom ?? car.estimateLeaseFrom)),
  );
  const rates = page.getByRole('combobox', { name: 'Nettorate' });
  const offered = (await rates.locator('option').allTextContents()).map(euros).filter((value) => value >= limit);
  const chosen = offered[0] ?? 600;
  await rates.selectOption(String(chosen));
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?minRange=500&maxRate=${String(chosen)}&sort=rate$`));
  await expect(cards.first()).toBeVisible();
  const ranges = (await cards.getByTestId('range').allTextContents()).map(euros);
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((km) => km >= 500)).toBe(true);
  const narrowed = (await cards.getByTestId('net-rate').allTextContents()).map(euros);
  expect(narrowed.every((rate) => rate <= chosen)).toBe(true);
  expect(narrowed).toEqual([...narrowed].sort((a, b) => a - b));
  await checkScreen(page, 'search, filtered by range and rate');
});
