import { DEMO_EMPLOYEE, DEMO_HR } from './support/demo-accounts.js';
import { adminOrderRow, orderAndSign } from './support/journeys.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

test('an order signed today is cancelled today within the week to cancel', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO_EMPLOYEE);
  await page.getByTestId('vehicle-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/vehicle\//);
  const orderId = await orderAndSign(page, { waive: false });

  // The signed order names the last day it can be cancelled.
  const card = page.getByTestId('cancellation-card');
  await expect(
    card.getByRole('heading', { name: /^Stornierbar bis einschließlich \d{2}\.\d{2}\.\d{4}$/ }),
  ).toBeVisible();
  await checkScreen(page, 'order workflow, within the week to cancel');
  await card.getByRole('button', { name: 'Bestellung stornieren' }).click();
  const dialog = page.getByRole('dialog', { name: `Bestellung ${orderId} stornieren` });
  await dialog.getByLabel('Grund (freiwillig)').fill('Ich ziehe ins Ausland');
  await checkScreen(page, 'order workflow, cancelling');
  await dialog.getByRole('button', { name: 'Verbindlich stornieren' }).click();

  await expect(page.getByRole('heading', { name: 'Bestellung storniert' })).toBeVisible();
  await expect(page.getByTestId('cancellation-reason')).toHaveText('Ihr Grund: Ich ziehe ins Ausland');
  await checkScreen(page, 'order workflow, cancelled');
  await page.goto('/profile/orders');
  const orderCard = page.getByTestId('order-card').filter({ hasText: `Bestellung ${orderId}` });
  await expect(orderCard.getByTestId('order-status')).toHaveText('Storniert');

  // HR is told, with the reason, and sees the order as cancelled.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as { to: string; subject: string }[];
      return mails.some(
        (m) => m.to === DEMO_HR.email && m.subject === `Bestellung ${orderId}: Bestellung vom Arbeitnehmer storniert`,
      );
    })
    .toBe(true);
  await page.getByRole('link', { name: 'Abmelden' }).first().click();
  await signIn(page, DEMO_HR);
  await page.goto('/admin/orders');
  await page.getByRole('tab', { name: /^Alle/ }).click();
  await expect(adminOrderRow(page, orderId)).toContainText('Vom Arbeitnehmer storniert');
});
