import type { Locator, Page } from '@playwright/test';

import { DEMO_HR, DEMO_PROVIDER } from './support/demo-accounts.js';
import { firstVehicle } from './support/demo-vehicle.js';
import { registerEmployee, saveProfile } from './support/employees.js';
import { placeOrder } from './support/journeys.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

/**
 * The app on a phone held upright, 390 × 844 (issue #48): the vehicle page's rate and order button in
 * view without scrolling, the payslip's three columns on the screen, the portals' sections as one
 * scrolling line, the order's stepper as "Schritt N von M", lists as cards, and the order's title below
 * the sticky header when the order moves on.
 */
test.use({ viewport: { width: 390, height: 844 } });

const normalise = (value: string | null) => (value ?? '').replace(/\u00a0/g, ' ').trim();

/** The page is no wider than the screen: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The element lies between the screen's left and right edge. */
async function expectWithinWidth(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width);
}

/** A row of section links on one line that scrolls sideways, the current section in view. */
async function expectSectionStrip(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name });
  await expect(nav).toBeVisible();
  const links = nav.getByRole('link');
  await expect(links.first()).toBeVisible();
  // All links measured in one frame: read one by one, a page still scrolling into place moves them between reads.
  await expect
    .poll(
      () =>
        nav.evaluate(
          (element) =>
            new Set([...element.querySelectorAll('a')].map((link) => Math.round(link.getBoundingClientRect().top)))
              .size,
        ),
      { message: `${name}: the links on one line` },
    )
    .toBe(1);
  expect(await nav.evaluate((element) => getComputedStyle(element).overflowX)).toBe('auto');
  expect(await nav.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(nav.locator('[aria-current="page"]')).toBeInViewport({ ratio: 1 });
}

test('an employee on a phone: the order bar, the payslip, the stepper and the order list', async ({ page }) => {
  const account = await registerEmployee(page, { firstName: 'Paula', lastName: 'Phone', emailPrefix: 'paula.phone' });
  await saveProfile(page, account);
  await signIn(page, account);
  const vehicle = await firstVehicle(page);

  // The vehicle page: the net rate and the order button on the first screen, at its foot.
  await page.goto(`/vehicle/${vehicle.id}`);
  await expect(page.getByTestId('tax-table')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const barRate = page.getByTestId('order-bar-rate');
  const order = page.getByRole('button', { name: 'Jetzt bestellen' });
  await expect(barRate).toBeInViewport({ ratio: 1 });
  await expect(order).toBeInViewport({ ratio: 1 });
  await expect(order).toHaveCount(1);
  expect(normalise(await barRate.textContent())).toBe(
    `Ihre Nettorate${normalise(await page.getByTestId('net-rate').textContent())}`,
  );
  await expectNoSidewaysScroll(page);
  await checkScreen(page, 'vehicle, phone');

  // The payslip, unfolded: each line's Vorher, Nachher and Differenz on the screen, nothing scrolls.
  await page.getByRole('button', { name: 'Ganze Tabelle anzeigen' }).click();
  const table = page.getByTestId('tax-table');
  const scroller = page.getByRole('region', { name: /^Gehaltsabrechnung vor und nach/ });
  expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  for (const key of ['brutto', 'takeHome', 'netRate']) {
    const cells = table.getByTestId(`tax-row-${key}`).getByRole('cell');
    await expect(cells).toHaveCount(3);
    const labels = await cells.evaluateAll((all) => all.map((cell) => cell.getAttribute('data-label')));
    expect(labels).toEqual(['Vorher', 'Nachher', 'Differenz']);
    for (const [index, label] of labels.entries()) {
      await cells.nth(index).scrollIntoViewIfNeeded();
      await expectWithinWidth(page, cells.nth(index), `${key}, ${String(label)}`);
    }
  }
  await expectNoSidewaysScroll(page);
  await checkScreen(page, 'vehicle, phone, payslip unfolded');

  // The bar covers nothing: at the page's end the footer sits above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerBox = await page.locator('footer').boundingBox();
  const barBox = await page.getByTestId('order-bar').boundingBox();
  expect((footerBox?.y ?? 0) + (footerBox?.height ?? 0)).toBeLessThanOrEqual((barBox?.y ?? 0) + 1);

  // The order's stepper: where the order stands first, the list folded.
  const orderId = await placeOrder(page);
  const stepper = page.getByRole('navigation', { name: 'Schritte Ihrer Bestellung' });
  await expect(stepper.getByTestId('order-stepper-summary')).toHaveText(/^Schritt 1 von \d+ – Zusammenfassung$/);
  await expect(stepper.getByTestId('order-stepper')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' })).toBeInViewport();
  await expect(page.getByTestId('order-tax-table')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await checkScreen(page, 'order workflow, summary, phone');
  const toggle = stepper.getByTestId('order-stepper-toggle');
  await expect(toggle).toHaveAccessibleName('Alle Schritte zeigen');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toHaveAccessibleName('Schritte ausblenden');
  await expect(stepper.getByTestId('order-stepper')).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(stepper.getByTestId('order-stepper')).toHaveCount(0);
  // Unfolded once more for the checks (their desktop width draws the list across, and folds it again).
  await toggle.click();
  await checkScreen(page, 'order workflow, summary, phone, all steps');

  // On to the contract from the summary's end: the page goes back to the order's title, below the header.
  await page.getByRole('checkbox', { name: /Zusammenfassung geprüft/ }).check();
  await page.getByRole('button', { name: 'Akzeptieren und fortfahren' }).click();
  await expect(page.getByRole('heading', { name: 'Überlassungsvertrag prüfen' })).toBeVisible();
  const title = page.getByRole('heading', { level: 1, name: `Bestellung ${orderId}` });
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport({ ratio: 1 });
  const headerBox = await page.locator('header').first().boundingBox();
  const titleBox = await title.boundingBox();
  expect(titleBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  await expect(stepper.getByTestId('order-stepper-summary')).toHaveText(/^Schritt 2 von \d+ – Überlassungsvertrag$/);
  await checkScreen(page, 'order workflow, contract, phone');

  // The order list: a row of cards, each saying where its order stands; the profile's tabs one line.
  await page.goto('/profile/orders');
  const card = page.getByTestId('order-card').filter({ hasText: `Bestellung ${orderId}` });
  await expect(card.getByTestId('order-progress')).toHaveText(/^Schritt 2 von \d+$/);
  await expect(card.getByTestId('order-steps')).toBeHidden();
  await expectSectionStrip(page, 'Profilbereiche');
  await expectNoSidewaysScroll(page);
  await checkScreen(page, 'profile orders, phone');
});

test('HR on a phone: the portal’s sections in one line and the people as cards', async ({ page }) => {
  await signIn(page, DEMO_HR);
  await expectSectionStrip(page, 'Arbeitgeberportal');

  await page.getByRole('navigation', { name: 'Arbeitgeberportal' }).getByRole('link', { name: 'Beschäftigte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beschäftigte' })).toBeVisible();
  const row = page.getByTestId('employee-row').first();
  await expect(row).toBeVisible();
  await expectSectionStrip(page, 'Arbeitgeberportal');
  // The e-mail address has the card's width, not a column's two characters.
  const email = row.getByRole('cell').nth(1);
  await expect(email).toHaveAttribute('data-label', 'E-Mail');
  expect((await email.boundingBox())?.width ?? 0).toBeGreaterThan(250);
  await expectWithinWidth(page, row, 'the first person');
  await expectNoSidewaysScroll(page);
  await checkScreen(page, 'employer employees, phone');

  // Opened at the strip's far end, the current section is in view all the same.
  await page.goto('/employer/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrationen' })).toBeVisible();
  await expectSectionStrip(page, 'Arbeitgeberportal');
  await checkScreen(page, 'employer integrations, phone');
});

test('the provider on a phone: the back office’s sections in one line', async ({ page }) => {
  await signIn(page, DEMO_PROVIDER);
  await expectSectionStrip(page, 'Bereiche des Back-Office');
  await expectNoSidewaysScroll(page);
});
