import { type BrowserContext, type Page } from '@playwright/test';

import { checkScreen } from './support/screen-checks.js';
import { DEMO_TOTP_SECRET, signIn as signInWith } from './support/sign-in.js';
import { expect, test } from './support/test.js';

const password = 'Demo-Passwort-1';
const employee = 'max.mustermann@example.com';
const tenantAdmin = 'personal@example.com';
const providerAdmin = 'admin@example.com';

async function signIn(page: Page, email: string) {
  const admin = email !== employee;
  await signInWith(page, email, password, admin ? { totpSecret: DEMO_TOTP_SECRET } : {});
}

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Abmelden' }).first().click();
  await expect(page).toHaveURL(/\/login/);
}

/** Clicks "Identifikation starten" (or "Erneut versuchen"), completes the case in the simulator tab, closes it. */
async function completeAtProvider(page: Page, context: BrowserContext) {
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Identifikation starten' }).click();
  const provider = await popup;
  await provider.waitForLoadState();
  await provider.getByRole('button', { name: 'Erfolgreich abschließen' }).click();
  await expect(provider.getByText(/Sie können dieses Fenster schließen|abgeschlossen/).first()).toBeVisible();
  await provider.close();
}

/**
 * Step 4: the same button opens the trust service's authorization page in a new tab; the employee
 * types the one-time code shown there (in place of an SMS) and signs; the tab returns to the order.
 */
async function signAtTrustService(page: Page, context: BrowserContext) {
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Identifikation starten' }).click();
  const service = await popup;
  await service.waitForLoadState();
  await expect(service.getByRole('heading', { name: 'Dokument qualifiziert signieren' })).toBeVisible();
  const code = (await service.getByTestId('one-time-code').textContent()) ?? '';
  await service.getByLabel('Einmalcode').fill(code.trim());
  await service.getByRole('button', { name: 'Jetzt signieren' }).click();
  await expect(service).toHaveURL(/\/order\/\d+\/workflow/, { timeout: 30_000 });
  await service.close();
}

test('an order goes from the employee through the employer and the provider to an active lease', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);

  // The employee orders the first vehicle with the preselected options.
  await signIn(page, employee);
  await page.getByTestId('vehicle-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/vehicle\//);
  await expect(page.getByTestId('tax-table')).toBeVisible();
  await checkScreen(page, 'vehicle');
  const orderButton = page.getByRole('button', { name: 'Jetzt bestellen' });
  await expect(orderButton).toBeEnabled();
  await orderButton.click();
  await expect(page).toHaveURL(/\/order\/\d+\/workflow$/);
  const orderId = /\/order\/(\d+)\/workflow$/.exec(page.url())?.[1] ?? '';
  expect(orderId).not.toBe('');
  await expect(page.getByRole('heading', { level: 1, name: `Bestellung ${orderId}` })).toBeVisible();

  // Step 1: the summary with the tax table; continue only after agreeing.
  await expect(page.getByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' })).toBeVisible();
  await expect(page.getByTestId('order-tax-table')).toBeVisible();
  const accept = page.getByRole('button', { name: 'Akzeptieren und fortfahren' });
  await expect(accept).toBeDisabled();
  await expect(page.getByTestId('must-agree')).toHaveText('Sie müssen zustimmen, bevor Sie fortfahren können.');
  await checkScreen(page, 'order workflow, summary');
  await page.getByRole('checkbox', { name: /Zusammenfassung geprüft/ }).check();
  await accept.click();

  // Step 2: the contract.
  await expect(page.getByRole('heading', { name: 'Überlassungsvertrag prüfen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vertrag öffnen (PDF)' })).toBeVisible();
  await checkScreen(page, 'order workflow, contract');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 3: the driving licence check at the provider; continue enables through polling.
  await expect(page.getByRole('heading', { name: 'Führerscheinprüfung' })).toBeVisible();
  const identContinue = page.getByTestId('ident-continue');
  await expect(identContinue).toBeDisabled();
  await checkScreen(page, 'order workflow, driving licence check');
  await completeAtProvider(page, context);
  await expect(identContinue).toBeEnabled({ timeout: 20_000 });
  await identContinue.click();

  // Step 4: identification and signature; the order moves on by itself.
  await expect(page.getByRole('heading', { name: /qualifizierte elektronische Signatur/ })).toBeVisible();
  await checkScreen(page, 'order workflow, signature');
  await signAtTrustService(page, context);
  await expect(page.getByRole('heading', { name: 'Herzlichen Glückwunsch!' })).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText('Über den weiteren Fortschritt Ihrer Bestellung informieren wir Sie per E-Mail.'),
  ).toBeVisible();
  await checkScreen(page, 'order workflow, signed');
  await signOut(page);

  // The employer approves.
  await signIn(page, tenantAdmin);
  await page.getByRole('link', { name: 'Freigaben' }).first().click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const tenantRow = page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
  await expect(tenantRow).toContainText('Wartet auf Freigabe des Arbeitgebers');
  await checkScreen(page, 'employer approvals');
  await tenantRow.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText(`Bestellung ${orderId} freigegeben`)).toBeVisible();
  await page.getByRole('tab', { name: /^Alle/ }).click();
  await expect(tenantRow).toContainText('Wartet auf Bestellung beim Hersteller');
  await signOut(page);

  // The provider orders the car and records the handover.
  await signIn(page, providerAdmin);
  await page.getByRole('link', { name: 'Bestellungen verwalten' }).first().click();
  const providerRow = page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
  await providerRow.getByRole('button', { name: 'Fahrzeug beim Hersteller bestellt' }).click();
  await expect(providerRow).toContainText('Übergabe offen');
  await providerRow.getByRole('button', { name: 'Übergeben' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Übergabedatum/).fill('2026-03-02');
  await checkScreen(page, 'provider orders, handover dialog');
  await dialog.getByRole('button', { name: 'Übergeben' }).click();
  await expect(page.getByText(`Bestellung ${orderId}: Übergabe erfasst`)).toBeVisible();
  await page.getByRole('tab', { name: /^Alle/ }).click();
  await expect(providerRow).toContainText('Leasing aktiv');
  await signOut(page);

  // The employee sees the active lease and the signed contract.
  await signIn(page, employee);
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
});
