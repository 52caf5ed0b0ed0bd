import { type Locator, type Page } from '@playwright/test';

import { DEMO_EMPLOYEE } from './support/demo-accounts.js';
import { registerEmployee, type Account } from './support/employees.js';
import { checkScreen } from './support/screen-checks.js';
import { appHasTakenOver } from './support/sign-in.js';
import { expect, test } from './support/test.js';

/**
 * The employee's way from the sign-in through the salary data, the search and a vehicle to the order and
 * its summary with the keyboard alone: no clicks, only Tab, Shift+Tab, Enter, Space and the arrow keys. At the stops the focus must be visible (an outline
 * or a box shadow on the focused element or on the card that shows it), and the skip link must lead
 * past the header into the main content. See docs/decisions/0019-accessibility-checks.md.
 */

/** More tab stops than any screen on the way has before its target: a missing control fails, not hangs. */
const MAX_TABS = 80;

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses `key` until `target` has the focus; fails naming the target when it is not reachable. */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(
    `${String(target)} not reached with ${key} after ${String(MAX_TABS)} presses; focus is on ${focused}`,
  );
}

/** The focus ring: an outline or a box shadow on `indicator` (the focused element unless given). */
async function expectVisibleFocus(page: Page, indicator: Locator = page.locator(':focus')): Promise<void> {
  const ring = await indicator.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return { outline, shadow, describe: `outline ${style.outline}; box-shadow ${style.boxShadow}` };
  });
  expect(ring.outline || ring.shadow, `no visible focus: ${ring.describe}`).toBe(true);
}

/** The skip link is the first stop, shows itself on focus and moves the focus to the main content. */
async function skipToContent(page: Page): Promise<void> {
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
}

/** Sign-in: the skip link, then the form's fields in order; Enter submits and the search follows. */
async function signInByKeyboard(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await appHasTakenOver(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen(page, 'login');
  await skipToContent(page);
  const email = page.getByLabel(/E-Mail|Benutzername/);
  await pressUntilFocused(page, email);
  await expectVisibleFocus(page);
  await page.keyboard.type(account.email);
  const password = page.getByLabel(/^Passwort\s*\*?$/);
  await pressUntilFocused(page, password);
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await checkScreen(page, 'search');
}

/** Types into a field reached with Tab, after selecting what it held. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await pressUntilFocused(page, field);
  await expectVisibleFocus(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Picks an option of a native select with the arrow keys, as a keyboard user would. */
async function chooseByArrows(page: Page, select: Locator, value: string): Promise<void> {
  await pressUntilFocused(page, select);
  const values = await select.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  const steps = values.indexOf(value) - values.indexOf(await select.inputValue());
  expect(values, `option ${value}`).toContain(value);
  for (let step = 0; step < Math.abs(steps); step++) await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
  await expect(select).toHaveValue(value);
}

test('an employee signs in, finds a vehicle, changes the lease and reaches the order button by keyboard', async ({
  page,
}) => {
  await signInByKeyboard(page, DEMO_EMPLOYEE);

  // Search: the skip link passes the header; the brand filter opens, ticks and closes from the keyboard.
  const cards = page.getByTestId('vehicle-card');
  await skipToContent(page);
  const brandFilter = page.getByRole('button', { name: /^Marke/ });
  await pressUntilFocused(page, brandFilter);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const firstBrand = page.getByRole('group', { name: 'Marke' }).getByRole('checkbox').first();
  await expect(firstBrand).toBeVisible();
  await pressUntilFocused(page, firstBrand);
  await page.keyboard.press('Space');
  await expect(firstBrand).toBeChecked();
  await page.keyboard.press('Space');
  await expect(firstBrand).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(firstBrand).toBeHidden();
  await expect(brandFilter).toBeFocused();

  // The first card's title link; its ring is drawn around the whole card.
  const firstCard = cards.first();
  const cardLink = firstCard.getByRole('link').first();
  await pressUntilFocused(page, cardLink);
  await expectVisibleFocus(page, firstCard);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/vehicle\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('tax-table')).toBeVisible();
  await checkScreen(page, 'vehicle');

  // Vehicle page: the duration is a native select; an arrow key picks the next duration.
  const netRate = page.getByTestId('price-preview').getByTestId('net-rate');
  await expect(netRate).toBeVisible();
  const rateBefore = await netRate.textContent();
  const duration = page.getByLabel('Laufzeit');
  const durationBefore = await duration.inputValue();
  await pressUntilFocused(page, duration);
  await expectVisibleFocus(page);
  const options = await duration.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  await page.keyboard.press(options.indexOf(durationBefore) === 0 ? 'ArrowDown' : 'ArrowUp');
  await expect(duration).not.toHaveValue(durationBefore);
  await expect(netRate).not.toHaveText(rateBefore ?? '');

  // Onwards to the order button, and one step back with Shift+Tab and forward again.
  const order = page.getByRole('button', { name: 'Jetzt bestellen' });
  await pressUntilFocused(page, order);
  await expect(order).toBeEnabled();
  await expect(order).toBeInViewport();
  await expectVisibleFocus(page);
  await page.keyboard.press('Shift+Tab');
  await expect(order).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(order).toBeFocused();
});

test('a new employee enters the salary data, orders and agrees to the summary by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  // A fresh account: no salary data yet, and its order leaves the demo employee's orders as they are.
  const account = await registerEmployee(page, { firstName: 'Kim', lastName: 'Tastatur', emailPrefix: 'e2e.keyboard' });
  await signInByKeyboard(page, account);

  // To the salary form through the main navigation.
  const profileLink = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Profil' });
  await pressUntilFocused(page, profileLink);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/salary$/);
  const save = page.getByRole('button', { name: 'Angaben speichern' });
  await expect(save).toBeVisible();

  // The fields in the order of the form, each reached with Tab; selects move with the arrow keys.
  await typeInto(page, page.getByLabel(/^Straße/), 'Tastenweg');
  await typeInto(page, page.getByLabel(/^Hausnummer/), '12');
  await typeInto(page, page.getByLabel(/^PLZ/), '04109');
  await typeInto(page, page.getByLabel(/^Ort/), 'Leipzig');
  await chooseByArrows(page, page.getByLabel(/^Bundesland\s*\*?$/), 'SN');
  await typeInto(page, page.getByLabel(/^Geburtsort/), 'Dresden');
  await chooseByArrows(page, page.getByLabel(/^Bundesland der Beschäftigung/), 'SN');
  await typeInto(page, page.getByLabel(/^Geburtsdatum/), '03.09.1990');
  await typeInto(page, page.getByLabel(/^Bruttomonatsgehalt/), '4200');
  await chooseByArrows(page, page.getByLabel(/^Steuerklasse/), '1');
  // A switch toggles with Space.
  const churchTax = page.getByRole('switch', { name: 'Kirchensteuerpflichtig' });
  await pressUntilFocused(page, churchTax);
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  await expect(churchTax).toBeChecked();
  await checkScreen(page, 'salary profile, filled in');
  await pressUntilFocused(page, save);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Bruttomonatsgehalt/)).toHaveValue('4.200 €');

  // Back to the search (Shift+Tab walks up to the navigation), the first vehicle, the order button.
  const searchLink = page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Fahrzeugsuche' });
  await pressUntilFocused(page, searchLink, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search$/);
  const cardLink = page.getByTestId('vehicle-card').first().getByRole('link').first();
  await pressUntilFocused(page, cardLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/vehicle\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('price-preview').getByTestId('rate-label')).toHaveText('Ihre Nettorate');
  const order = page.getByRole('button', { name: 'Jetzt bestellen' });
  await expect(order).toBeEnabled();
  await pressUntilFocused(page, order);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/\d+\/workflow$/);

  // The summary: the agreement ticks with Space and enables the way on; Enter takes it to the contract.
  await expect(page.getByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' })).toBeVisible();
  await checkScreen(page, 'order workflow, summary');
  const agree = page.getByRole('checkbox', { name: /Zusammenfassung geprüft/ });
  await pressUntilFocused(page, agree);
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  await expect(agree).toBeChecked();
  const accept = page.getByRole('button', { name: 'Akzeptieren und fortfahren' });
  await expect(accept).toBeEnabled();
  await pressUntilFocused(page, accept);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Überlassungsvertrag prüfen' })).toBeVisible();
  await checkScreen(page, 'order workflow, contract');
  const onwards = page.getByRole('button', { name: 'Weiter' });
  await pressUntilFocused(page, onwards);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Führerscheinprüfung' })).toBeVisible();
  await checkScreen(page, 'order workflow, driving licence check');
});

test('on a phone the folded navigation opens, is walked and closes with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByKeyboard(page, DEMO_EMPLOYEE);

  // The menu button comes after the skip link and the header's controls; Space opens it.
  const menuButton = page.getByRole('button', { name: 'Navigation öffnen' });
  await pressUntilFocused(page, menuButton);
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  const closeButton = page.getByRole('button', { name: 'Navigation schließen' });
  await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const faq = navigation.getByRole('link', { name: 'FAQ' });
  await pressUntilFocused(page, faq);
  await expectVisibleFocus(page);
  // Shift+Tab walks back up the list to the menu button: nothing in between holds the focus.
  await pressUntilFocused(page, closeButton, 'Shift+Tab');
  await pressUntilFocused(page, faq);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/faq$/);
  await checkScreen(page, 'faq');
  // Following a link folds the menu away again.
  await expect(navigation).toHaveCount(0);
});
