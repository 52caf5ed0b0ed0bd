import { expect, type Locator, type Page } from '@playwright/test';

import { checkScreen } from './screen-checks.js';

/**
 * The steps an order takes, shared by the journeys that take an order to a lease: the employee orders
 * and signs, HR approves, the provider orders the car from the manufacturer and hands it over. Each
 * step starts where the one before left its page and checks the screens it shows (once per run).
 */

/** Today in German time (`YYYY-MM-DD`): the day a handover "today" is recorded for. */
export const todayInBerlin = (): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** `05.03.2026` for `2026-03-05`: a day as a person types it into a date field. */
export const germanDay = (iso: string): string => iso.split('-').reverse().join('.');

/**
 * Types the day `iso` (`YYYY-MM-DD`) into a date field as a person does, `TT.MM.JJJJ`, and leaves the
 * field with Tab, which closes its calendar (ADR 0062).
 */
export async function typeDay(field: Locator, iso: string): Promise<void> {
  await field.fill(germanDay(iso));
  await expect(field).toHaveValue(germanDay(iso));
  await field.press('Tab');
}

/** The order's row in HR's approvals (/admin/orders). */
export const adminOrderRow = (page: Page, orderId: string): Locator =>
  page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);

/**
 * From a vehicle page with its order button, through the four steps (summary, contract, driving
 * licence check, signature) to the congratulations. Returns the new order's id. `backAt`: the origin
 * the trust service must send the employee back to (default: the page's own). Unless `waive` is
 * false, the employee then gives up the week to cancel, so the provider may order the car at once.
 */
export async function orderAndSign(
  page: Page,
  options: { backAt?: string; waive?: boolean; declineFirst?: boolean } = {},
): Promise<string> {
  const orderId = await placeOrder(page);
  await confirmSummary(page);
  await reviewContract(page);
  await passLicenceCheck(page);
  if (options.declineFirst) await declineAtTrustService(page);
  await signOrder(page, options.backAt ?? new URL(page.url()).origin);
  if (options.waive !== false) await waiveCancellation(page);
  return orderId;
}

/** On the signed order's page: the week to cancel is given up for a faster delivery, after the explicit yes. */
export async function waiveCancellation(page: Page): Promise<void> {
  const card = page.getByTestId('cancellation-card');
  await expect(
    card.getByRole('heading', { name: /^Stornierbar bis einschließlich \d{2}\.\d{2}\.\d{4}$/ }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Auf die Stornofrist verzichten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Auf die Stornofrist verzichten' });
  await dialog.getByRole('checkbox', { name: /Ich verzichte auf mein Recht/ }).check();
  await checkScreen(page, 'order workflow, waiving the cancellation period');
  await dialog.getByRole('button', { name: 'Verzicht bestätigen' }).click();
  await expect(page.getByTestId('cancellation-waived')).toBeVisible();
  await expect(card).toHaveCount(0);
}

/** From a vehicle page with its order button to the new order's workflow. Returns the order's id. */
export async function placeOrder(page: Page): Promise<string> {
  const orderButton = page.getByRole('button', { name: 'Jetzt bestellen' });
  await expect(orderButton).toBeEnabled();
  await orderButton.click();
  await expect(page).toHaveURL(/\/order\/\d+\/workflow$/);
  const orderId = /\/order\/(\d+)\/workflow$/.exec(page.url())?.[1] ?? '';
  expect(orderId).not.toBe('');
  await expect(page.getByRole('heading', { level: 1, name: `Bestellung ${orderId}` })).toBeVisible();
  return orderId;
}

/** Step 1: the summary with the tax table; the way on opens only after agreeing. */
async function confirmSummary(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' })).toBeVisible();
  await expect(page.getByTestId('order-tax-table')).toBeVisible();
  const accept = page.getByRole('button', { name: 'Akzeptieren und fortfahren' });
  await expect(accept).toBeDisabled();
  await expect(page.getByTestId('must-agree')).toHaveText('Sie müssen zustimmen, bevor Sie fortfahren können.');
  await checkScreen(page, 'order workflow, summary');
  await page.getByRole('checkbox', { name: /Zusammenfassung geprüft/ }).check();
  await accept.click();
}

/** Step 2: the contract. */
async function reviewContract(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Überlassungsvertrag prüfen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vertrag öffnen (PDF)' })).toBeVisible();
  await checkScreen(page, 'order workflow, contract');
  await page.getByRole('button', { name: 'Weiter' }).click();
}

/** Step 3: the driving licence check at the provider; the way on opens by polling once it is done. */
async function passLicenceCheck(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Führerscheinprüfung' })).toBeVisible();
  const identContinue = page.getByTestId('ident-continue');
  await expect(identContinue).toBeDisabled();
  await checkScreen(page, 'order workflow, driving licence check');
  await completeAtIdentProvider(page);
  await expect(identContinue).toBeEnabled({ timeout: 20_000 });
  await identContinue.click();
}

/** Step 4: the qualified signature; the order moves on by itself. */
async function signOrder(page: Page, backAt: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Qualifizierte elektronische Signatur' })).toBeVisible();
  await checkScreen(page, 'order workflow, signature');
  await signAtTrustService(page, backAt);
  await expect(page.getByRole('heading', { name: 'Herzlichen Glückwunsch!' })).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText('Über den weiteren Fortschritt Ihrer Bestellung informieren wir Sie per E-Mail.'),
  ).toBeVisible();
  await checkScreen(page, 'order workflow, signed');
}

/** "Identifikation starten" opens the identification simulator in a tab: the case succeeds, the tab closes. */
async function completeAtIdentProvider(page: Page): Promise<void> {
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Identifikation starten' }).click();
  const simulator = await popup;
  await simulator.waitForLoadState();
  await simulator.getByRole('button', { name: 'Erfolgreich abschließen' }).click();
  await expect(simulator.getByText(/Sie können dieses Fenster schließen|abgeschlossen/).first()).toBeVisible();
  await simulator.close();
}

/**
 * "Vertrag signieren" opens the trust service's authorization page in a tab: the employee types the
 * one-time code shown there (in place of an SMS) and signs; the tab returns to the order at `backAt`,
 * signed in there (the session lives in that origin).
 */
async function signAtTrustService(page: Page, backAt: string): Promise<void> {
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^(Vertrag signieren|Erneut versuchen)$/ }).click();
  const service = await popup;
  await service.waitForLoadState();
  await expect(service.getByRole('heading', { name: 'Dokument qualifiziert signieren' })).toBeVisible();
  const code = (await service.getByTestId('one-time-code').textContent()) ?? '';
  await service.getByLabel('Einmalcode').fill(code.trim());
  await service.getByRole('button', { name: 'Jetzt signieren' }).click();
  await expect(service).toHaveURL(/\/order\/\d+\/workflow/, { timeout: 30_000 });
  expect(new URL(service.url()).origin).toBe(backAt);
  await expect(service.getByRole('heading', { name: 'Herzlichen Glückwunsch!' })).toBeVisible({ timeout: 20_000 });
  await service.close();
}

/**
 * The employee declines at the trust service: its tab shows why the signature was not completed, and
 * so does the order's own tab once the employee is back in it, which offers "Erneut versuchen".
 */
async function declineAtTrustService(page: Page): Promise<void> {
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Vertrag signieren' }).click();
  const service = await popup;
  await service.waitForLoadState();
  await service.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(service.getByTestId('signature-message')).toContainText('abgelehnt');
  await service.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('case-failed')).toContainText('Sie haben die Signatur beim Vertrauensdienst abgelehnt');
  await checkScreen(page, 'order workflow, signature declined');
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
}

/**
 * HR, signed in, approves the order in "Freigaben": it waited for the employer (its row also showing
 * `rowShows`, when given) and now waits for the provider's order at the manufacturer.
 */
export async function approveOrder(hr: Page, orderId: string, rowShows?: string): Promise<void> {
  await hr.getByRole('link', { name: 'Freigaben' }).first().click();
  await expect(hr).toHaveURL(/\/admin\/orders$/);
  const row = adminOrderRow(hr, orderId);
  await expect(row).toContainText('Wartet auf Freigabe des Arbeitgebers');
  if (rowShows) await expect(row).toContainText(rowShows);
  await checkScreen(hr, 'employer approvals');
  await row.getByRole('button', { name: 'Freigeben' }).click();
  await expect(hr.getByText(`Bestellung ${orderId} freigegeben`)).toBeVisible();
  await hr.getByRole('tab', { name: /^Alle/ }).click();
  await expect(row).toContainText('Wartet auf Bestellung beim Hersteller');
}

/** The order's row in the back office's order list (/provider/orders): a table row, a card on a phone. */
export const pipelineRow = (page: Page, orderId: string): Locator =>
  page.locator(`[data-testid="pipeline-row"][data-order-id="${orderId}"]`);

/**
 * The provider's admin, signed in, goes to the back office's order list, the provider's one list, finds
 * the order by its number and opens its drawer. Returns the drawer.
 */
export async function openInPipeline(provider: Page, orderId: string): Promise<Locator> {
  if (!/\/provider(\/|$)/.test(new URL(provider.url()).pathname)) {
    await provider.getByRole('link', { name: 'Back-Office' }).first().click();
  }
  await provider
    .getByRole('navigation', { name: 'Bereiche des Back-Office' })
    .getByRole('link', { name: 'Bestellungen', exact: true })
    .click();
  await expect(provider).toHaveURL(/\/provider\/orders/);
  await provider.getByRole('searchbox', { name: 'Suche' }).fill(orderId);
  const row = pipelineRow(provider, orderId);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Details zu Bestellung Nr. ${orderId}` }).click();
  const drawer = provider.getByRole('dialog', { name: `Bestellung Nr. ${orderId}` });
  await expect(drawer.getByTestId('order-step-actions')).toBeVisible();
  return drawer;
}

/**
 * The provider's admin, signed in, opens the order in the back office's order list and, in its
 * drawer, reads the rate, the documents and the history, records the order at the manufacturer, then
 * the handover on `handoverDate` (`YYYY-MM-DD`): the lease is active, and the drawer offers the return.
 */
export async function handOver(provider: Page, orderId: string, handoverDate: string): Promise<void> {
  const drawer = await openInPipeline(provider, orderId);
  await expect(drawer.getByTestId('order-rate')).toContainText(/\d,\d{2}\s€/);
  await expect(
    drawer
      .getByTestId('order-documents')
      .getByRole('button', { name: /\.pdf$/ })
      .first(),
  ).toBeVisible();
  await expect(drawer.getByTestId('order-timeline')).toContainText('Freigabe durch den Arbeitgeber: erledigt');
  await drawer.getByRole('button', { name: 'Fahrzeug beim Hersteller bestellt' }).click();
  await expect(provider.getByText(`Bestellung ${orderId}: Fahrzeug beim Hersteller bestellt`)).toBeVisible();
  // The drawer follows the order to its next step: the delivery window and the handover.
  const handover = drawer.getByRole('button', { name: 'Übergeben' });
  await expect(handover).toBeVisible();
  await expect(drawer.getByTestId('delivery-window-form')).toBeVisible();
  await checkScreen(provider, 'provider order drawer, handover due');
  await handover.click();
  const dialog = provider.getByRole('dialog', { name: `Übergabe erfassen – Bestellung ${orderId}` });
  const date = dialog.getByLabel(/Übergabedatum/);
  await date.fill(germanDay(handoverDate));
  // The calendar is open while the day is typed: checked with the dialog, then left with Tab.
  await expect(provider.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  await checkScreen(provider, 'provider orders, handover dialog with the calendar');
  await date.press('Tab');
  await expect(provider.getByRole('button', { name: 'Nächster Monat' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Übergeben' }).click();
  await expect(provider.getByText(`Bestellung ${orderId}: Übergabe erfasst`)).toBeVisible();
  await expect(drawer.getByTestId('order-stage')).toContainText(`Übergeben am ${germanDay(handoverDate)}`);
  await expect(drawer.getByTestId('return-form')).toBeVisible();
  await drawer.getByRole('button', { name: 'Schließen', exact: true }).first().click();
  await expect(drawer).toBeHidden();
  await expect(pipelineRow(provider, orderId)).toContainText('Leasing aktiv');
}
