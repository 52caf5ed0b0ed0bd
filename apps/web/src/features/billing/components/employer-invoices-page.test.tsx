import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { currentMonth, formatMonth, shiftMonth } from '../months';
import {
  buildInvoiceDetail,
  buildInvoiceSummary,
  buildTenantBilling,
  buildTenantBillingAnswer,
  INVOICE_ID,
} from '../test-support/factories';
import { renderBilling } from '../test-support/render-billing';

const SLOW = { timeout: 10_000 };

function stubPortalApi(extra: (call: RecordedCall) => Response | undefined = () => undefined) {
  return stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/tenant/billing')
      return jsonResponse(
        200,
        buildTenantBillingAnswer(buildTenantBilling({ isPublicBody: true, leitwegId: '04011000-12345-03' })),
      );
    if (call.path === '/v1/tenant/invoices')
      return jsonResponse(200, { items: [buildInvoiceSummary()], total: 1, page: 1, pageSize: 25 });
    if (call.path === `/v1/tenant/invoices/${INVOICE_ID}`) return jsonResponse(200, buildInvoiceDetail());
    if (call.path.endsWith('/pdf')) return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
    return undefined;
  });
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/employer/invoices', () => {
  it("shows the employer's own billing data read only", async () => {
    const calls = stubPortalApi();
    renderBilling('/employer/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rechnungen' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rechnungen' })).toHaveAttribute('aria-current', 'page');
    const card = within(await screen.findByTestId('own-billing-table'));
    const value = (label: string) => card.getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value('Rechnungs-E-Mail-Adresse')).toBe('rechnungen@muster.example');
    expect(value('Rechnungsanschrift')).toBe('Industriestraße 7, 50667 Köln, DE');
    expect(value('Öffentlicher Auftraggeber')).toBe('Ja');
    expect(value('Leitweg-ID')).toBe('04011000-12345-03');
    expect(value('Format der E-Rechnung')).toBe('XRechnung (UBL)');
    expect(screen.getByTestId('own-billing').querySelector('input, textarea')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/v1/provider/'))).toBe(false);
    expect(calls.filter((c) => c.path === '/v1/tenant/billing').map((c) => c.method)).toEqual(['GET']);
  });

  it('says so when the provider has saved no billing data yet', async () => {
    stubPortalApi((call) =>
      call.path === '/v1/tenant/billing' ? jsonResponse(200, buildTenantBillingAnswer(null)) : undefined,
    );
    renderBilling('/employer/invoices');
    expect(
      await screen.findByText('Für Ihr Unternehmen sind noch keine Rechnungsdaten hinterlegt.', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('lists its own invoices without an employer column, opens one and downloads its PDF', async () => {
    const calls = stubPortalApi();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    const { router } = renderBilling('/employer/invoices?status=ISSUED');
    const table = within(await screen.findByTestId('invoices-table', {}, SLOW));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Nummer',
      'Art',
      'Monat',
      'Netto',
      'USt',
      'Brutto',
      'Status',
      'versendet',
    ]);
    expect(calls.find((c) => c.path === '/v1/tenant/invoices')?.query).toEqual({
      status: 'ISSUED',
      page: '1',
      pageSize: '25',
    });
    // The employer filters by month and status; there is no employer to pick.
    expect(screen.queryByRole('combobox', { name: 'Arbeitgeber' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Monat' }));
    const month = shiftMonth(currentMonth(), -1);
    await user.click(await screen.findByRole('option', { name: formatMonth(month) }));
    await waitFor(() => expect(router.state.location.search).toBe(`?month=${month}&status=ISSUED`));

    await user.click(table.getByRole('button', { name: 'RE-2026-000001 öffnen' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Rechnung RE-2026-000001' }));
    expect(await drawer.findAllByTestId('invoice-line')).toHaveLength(3);
    // Only the provider issues credit notes.
    expect(drawer.queryByRole('button', { name: 'Gutschrift erstellen' })).not.toBeInTheDocument();
    await user.click(drawer.getByRole('button', { name: 'PDF herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['RE-2026-000001.pdf']));
    expect(calls.find((c) => c.path.endsWith('/pdf'))).toMatchObject({
      path: `/v1/tenant/invoices/${INVOICE_ID}/pdf`,
      authorization: 'Bearer access',
    });
  });

  it('says so when a download fails', async () => {
    stubPortalApi((call) =>
      call.path.endsWith('/xml') ? jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'x' }) : undefined,
    );
    const user = userEvent.setup();
    renderBilling('/employer/invoices');
    await user.click(await screen.findByRole('button', { name: 'RE-2026-000001 öffnen' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'XML herunterladen' }));
    expect(await screen.findByText('Download fehlgeschlagen', {}, SLOW)).toBeInTheDocument();
  });
});
