import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildBillingProfile, buildInvoiceDetail, buildInvoiceSummary, INVOICE_ID } from '../test-support/factories';
import { renderBilling } from '../test-support/render-billing';

const SLOW = { timeout: 10_000 };

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the invoice drawer’s downloads', () => {
  it('shows the PDF’s bytes received of its size, the other download waiting meanwhile', async () => {
    let send: ReadableStreamDefaultController<Uint8Array> | undefined;
    const pdf = new ReadableStream<Uint8Array>({
      start: (controller) => {
        send = controller;
      },
    });
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/billing-profile') return jsonResponse(200, buildBillingProfile());
      if (call.path === '/v1/provider/tenants')
        return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 });
      if (call.path === '/v1/provider/invoices')
        return jsonResponse(200, { items: [buildInvoiceSummary()], total: 1, page: 1, pageSize: 25 });
      if (call.path === `/v1/provider/invoices/${INVOICE_ID}`) return jsonResponse(200, buildInvoiceDetail());
      if (call.path === `/v1/provider/invoices/${INVOICE_ID}/pdf`)
        return new Response(pdf, { headers: { 'Content-Type': 'application/pdf', 'Content-Length': '400000' } });
      return undefined;
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderBilling('/provider/invoices');
    await user.click(await screen.findByRole('button', { name: 'RE-2026-000001 öffnen' }, SLOW));
    const drawer = within(await screen.findByRole('dialog', { name: 'Rechnung RE-2026-000001' }));
    await user.click(await drawer.findByRole('button', { name: 'PDF herunterladen' }));
    send?.enqueue(new Uint8Array(100_000));

    const bar = await drawer.findByRole('progressbar', { name: 'Fortschritt des Downloads' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(drawer.getByTestId('invoice-download-progress')).toHaveTextContent('100 kB von 400 kB geladen');
    expect(drawer.getByRole('button', { name: 'XML herunterladen' })).toBeDisabled();

    send?.enqueue(new Uint8Array(300_000));
    send?.close();
    await waitFor(() => expect(saved).toEqual(['RE-2026-000001.pdf']));
    await waitFor(() => expect(drawer.queryByTestId('invoice-download-progress')).toBeNull());
    expect(drawer.getByRole('button', { name: 'XML herunterladen' })).toBeEnabled();
  });
});
