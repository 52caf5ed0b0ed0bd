import { type Page } from '@playwright/test';

import { DEMO_EMPLOYEE, DEMO_HR, DEMO_PROVIDER } from './support/demo-accounts.js';
import { approveOrder, handOver, openInPipeline, orderAndSign } from './support/journeys.js';
import { checkScreen } from './support/screen-checks.js';
import { signIn } from './support/sign-in.js';
import { expect, test } from './support/test.js';

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Abmelden' }).first().click();
  await expect(page).toHaveURL(/\/login/);
}

test('an order goes from the employee through the employer and the provider to an active lease', async ({ page }) => {
  test.setTimeout(180_000);

  // The employee orders the first vehicle with the preselected options and signs.
  await signIn(page, DEMO_EMPLOYEE);
  await page.getByTestId('vehicle-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/vehicle\//);
  await expect(page.getByTestId('tax-table')).toBeVisible();
  await checkScreen(page, 'vehicle');
  // The first signature is declined at the trust service: the provider's history shows that attempt.
  const orderId = await orderAndSign(page, { declineFirst: true });
  await signOut(page);

  // The employer approves.
  await signIn(page, DEMO_HR);
  await approveOrder(page, orderId);
  await signOut(page);

  // The provider has one order list, the back office's: the admins' old address leads there. Its
  // drawer orders the car and records the handover, and keeps the order's whole history.
  await signIn(page, DEMO_PROVIDER);
  await page.goto('/admin/orders?view=all');
  await expect(page).toHaveURL(/\/provider\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
  await handOver(page, orderId, '2026-03-02');
  const drawer = await openInPipeline(page, orderId);
  const history = drawer.getByTestId('order-timeline');
  await expect(drawer.getByTestId('failed-attempts')).toHaveText('1 fehlgeschlagener Versuch');
  await expect(history).toContainText('Identifikation und Signatur: Versuch');
  await expect(history).toContainText('Übergabe – Leasing aktiv: erledigt');
  await drawer.getByRole('button', { name: 'Schließen', exact: true }).first().click();
  await signOut(page);

  // The employee sees the active lease and the signed contract.
  await signIn(page, DEMO_EMPLOYEE);
  await page.goto('/profile/orders');
  const card = page.getByTestId('order-card').filter({ hasText: `Bestellung ${orderId}` });
  await expect(card.getByTestId('order-status')).toHaveText('Leasing aktiv');
  // The newest document is the employer's countersigned contract.
  await expect(card.getByTestId('latest-document')).toContainText('gegengezeichnet');
  await expect(card.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  // Also on a phone, where long document names must wrap, not be clipped.
  await checkScreen(page, 'order list, active lease');
  await page.goto(`/order/${orderId}/workflow`);
  await expect(page.getByRole('heading', { name: 'Leasing aktiv' })).toBeVisible();
  await expect(page.getByText('Ihr Fahrzeug wurde am 02.03.2026 übergeben. Gute Fahrt!')).toBeVisible();
  await checkScreen(page, 'order workflow, active lease');

  // With a running lease the navigation leads to "Mein Auto" (ADR 0063), which asks what an early end costs.
  await page.reload();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Mein Auto' }).click();
  await expect(page).toHaveURL(/\/my-car$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Auto' })).toBeVisible();
  await expect(page.getByTestId('my-car-facts')).toBeVisible();
  await expect(page.getByTestId('my-car-handover')).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(page.getByTestId('my-car-documents').getByRole('button').first()).toBeVisible();
  const estimate = page.getByTestId('termination-estimate');
  await estimate.getByRole('textbox', { name: /Ende am/ }).fill('31.12.2028');
  await estimate.getByRole('heading', { name: 'Was kostet ein vorzeitiges Ende?' }).click();
  const quote = estimate.getByTestId('termination-quote');
  await expect(quote).toContainText('Bei einem Ende am 31.12.2028');
  await expect(quote).toContainText('Rückgabe: einmalig');
  await expect(quote).toContainText('Wechsel zu einem neuen Arbeitgeber');
  await checkScreen(page, 'my car, termination quote');
});
