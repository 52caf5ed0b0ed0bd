import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The employee's way from the sign-in to the order button with the keyboard alone: no clicks, only
 * Tab, Shift+Tab, Enter, Space and the arrow keys. At the stops the focus must be visible (an outline
 * or a box shadow on the focused element or on the card that shows it), and the skip link must lead
 * past the header into the main content. See docs/decisions/0019-accessibility-checks.md.
 */

const EMPLOYEE = { email: 'max.mustermann@example.com', password: 'Demo-Passwort-1' };
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

test('an employee signs in, finds a vehicle, changes the lease and reaches the order button by keyboard', async ({
  page,
}) => {
  // Sign-in: skip link, then the form's fields in order; Enter submits.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await skipToContent(page);
  const email = page.getByLabel(/E-Mail|Benutzername/);
  await pressUntilFocused(page, email);
  await expectVisibleFocus(page);
  await page.keyboard.type(EMPLOYEE.email);
  const password = page.getByLabel(/^Passwort\s*\*?$/);
  await pressUntilFocused(page, password);
  await page.keyboard.type(EMPLOYEE.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search$/);

  // Search: the skip link passes the header; the brand filter opens, ticks and closes from the keyboard.
  const cards = page.getByTestId('vehicle-card');
  await expect(cards.first()).toBeVisible();
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

test('on a phone the folded navigation opens, is walked and closes with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await pressUntilFocused(page, page.getByLabel(/E-Mail|Benutzername/));
  await page.keyboard.type(EMPLOYEE.email);
  await pressUntilFocused(page, page.getByLabel(/^Passwort\s*\*?$/));
  await page.keyboard.type(EMPLOYEE.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();

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
  // Following a link folds the menu away again.
  await expect(navigation).toHaveCount(0);
});
