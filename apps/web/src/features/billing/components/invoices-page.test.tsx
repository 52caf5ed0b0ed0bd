import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { deferred, jsonResponse } from '../../../test/memory-storage';
import { currentMonth, formatMonth, shiftMonth } from '../months';
import {
  buildBillingProfile,
  buildCreditNote,
  buildInvoiceDetail,
  buildInvoiceSummary,
  buildRunAnswer,
  buildRunProgress,
  CREDIT_NOTE_ID,
  INVOICE_ID,
} from '../test-support/factories';
import { renderBilling } from '../test-support/render-billing';

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

function stubInvoicesApi(extra: Handler = () => undefined, { profile = true } = {}) {
  const fallback = (call: RecordedCall): Response | undefined => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
    if (call.path === '/v1/provider/billing-profile' && profile) return jsonResponse(200, buildBillingProfile());
    if (call.path === '/v1/provider/tenants') return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 });
    if (call.path === '/v1/provider/invoices') {
      const page = Number(call.query?.['page'] ?? '1');
      return jsonResponse(200, { items: [buildInvoiceSummary()], total: 60, page, pageSize: 25 });
    }
    if (call.path === `/v1/provider/invoices/${INVOICE_ID}`) return jsonResponse(200, buildInvoiceDetail());
    return undefined;
  };
  return stubApi((call) => extra(call) ?? fallback(call));
}

const listQueries = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === '/v1/provider/invoices').map((c) => c.query);
/** The first screen of a test waits for its code as well (a cold start on a busy machine). */
const SLOW = { timeout: 10_000 };
const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' '); // the currency's no-break space

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/provider/invoices', () => {
  it('is closed to other roles without asking the back office', async () => {
    const calls = stubApi((call) =>
      call.path === '/v1/me' ? jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' }) : undefined,
    );
    renderBilling('/provider/invoices');
    expect(await screen.findByTestId('no-permission', {}, SLOW)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/v1/provider/'))).toBe(false);
  });

  it('lists the invoices in German formats, with filters and page in the address', async () => {
    const calls = stubInvoicesApi();
    const user = userEvent.setup();
    const { router } = renderBilling('/provider/invoices?month=2026-11&status=ISSUED&page=2&tenantId=bogus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rechnungen' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rechnungen' })).toHaveAttribute('aria-current', 'page');

    const row = within(await screen.findByTestId('invoice-row', {}, SLOW));
    expect(row.getByRole('button', { name: 'RE-2026-000001 öffnen' })).toBeInTheDocument();
    expect(row.getByText('Rechnung')).toBeInTheDocument();
    expect(row.getByText('Muster GmbH')).toBeInTheDocument();
    expect(row.getByText('November 2026')).toBeInTheDocument();
    const cells = row.getAllByRole('cell').map(text);
    expect(cells).toEqual(
      expect.arrayContaining(['1.234,50 €', '234,56 €', '1.469,06 €', 'Ausgestellt', '01.12.2026']),
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Nummer', 'Art', 'Arbeitgeber', 'Monat', 'Netto', 'USt', 'Brutto', 'Status', 'versendet']);
    expect(screen.getByText('60 Rechnungen und Gutschriften')).toBeInTheDocument();
    // An unknown employer id in the address is left out, not sent.
    expect(listQueries(calls).at(-1)).toEqual({ month: '2026-11', status: 'ISSUED', page: '2', pageSize: '25' });

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(listQueries(calls).at(-1)).toMatchObject({ page: '3' }));
    expect(router.state.location.search).toBe('?month=2026-11&status=ISSUED&page=3');

    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '25' }));
  });

  it('says when no issuer details are saved yet', async () => {
    stubInvoicesApi(undefined, { profile: false });
    renderBilling('/provider/invoices');
    const hint = await screen.findByTestId('no-billing-profile', {}, SLOW);
    expect(within(hint).getByRole('link', { name: 'Rechnungsstellerdaten erfassen' })).toHaveAttribute(
      'href',
      '/provider/invoices/profile',
    );
  });

  it('starts a run after confirmation, shows it running and then what it did', async () => {
    const month = shiftMonth(currentMonth(), -2);
    const answer = deferred<Response>();
    const calls = stubInvoicesApi((call) => {
      if (call.path === '/v1/provider/invoices/run') return answer.promise;
      if (call.path.startsWith('/v1/provider/invoices/runs/')) return jsonResponse(200, buildRunProgress({ month }));
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderBilling('/provider/invoices');
    await screen.findByTestId('invoice-row', {}, SLOW);
    expect(screen.queryByTestId('no-billing-profile')).not.toBeInTheDocument();

    const picker = screen.getByRole('combobox', { name: 'Abrechnungsmonat' });
    expect(picker).toHaveValue(formatMonth(shiftMonth(currentMonth(), -1)));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: formatMonth(month) }));
    await user.click(screen.getByRole('button', { name: 'Rechnungslauf starten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen' });
    expect(dialog).toHaveTextContent(`Rechnungen für ${formatMonth(month)} ausstellen?`);
    expect(calls.some((c) => c.path === '/v1/provider/invoices/run')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Rechnungen ausstellen' }));

    expect(await screen.findByTestId('run-progress')).toHaveTextContent(
      `Rechnungslauf für ${formatMonth(month)} läuft`,
    );
    const post = calls.find((c) => c.path === '/v1/provider/invoices/run');
    expect(post).toMatchObject({ method: 'POST', body: { month }, authorization: 'Bearer access' });
    const { runId } = post?.body as { runId: string };
    expect(runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // While the request works, the run's record under its id says how far it has come.
    expect(await screen.findByTestId('run-counts')).toHaveTextContent(
      '120 von 300 Arbeitgebern bearbeitet · 117 Rechnungen ausgestellt · 3 übersprungen',
    );
    expect(screen.getByRole('progressbar', { name: 'Fortschritt des Rechnungslaufs' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(calls.some((c) => c.path === `/v1/provider/invoices/runs/${runId}` && c.method === 'GET')).toBe(true);
    answer.resolve(jsonResponse(200, buildRunAnswer({ month })));

    const result = within(await screen.findByTestId('run-result'));
    expect(screen.queryByTestId('run-progress')).not.toBeInTheDocument();
    expect(result.getByRole('heading', { name: `Ergebnis für ${formatMonth(month)}` })).toBeInTheDocument();
    expect(result.getByTestId('run-summary')).toHaveTextContent(
      '1 neu erstellt, 1 bereits vorhanden, 1 Arbeitgeber übersprungen',
    );
    expect(within(result.getByTestId('run-created')).getByText('Muster GmbH')).toBeInTheDocument();
    expect(within(result.getByTestId('run-existing')).getByText('Beispiel AG')).toBeInTheDocument();
    const skip = within(result.getByTestId('run-skip'));
    expect(skip.getByText('Stadtwerke Musterstadt')).toBeInTheDocument();
    expect(skip.getByText('Leitweg-ID fehlt')).toBeInTheDocument();
    expect(skip.getByText(/ohne Leitweg-ID: Bitte die Rechnungsdaten ergänzen/)).toBeInTheDocument();
    // The list below shows the run's month.
    await waitFor(() => expect(router.state.location.search).toBe(`?month=${month}`));
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ month, page: '1', pageSize: '25' }));
  });

  it("follows the run's record when the request's answer is lost on the way, and answers what it did", async () => {
    let lost = false;
    let pollsAfterLoss = 0;
    const calls = stubInvoicesApi((call) => {
      if (call.path === '/v1/provider/invoices/run') {
        lost = true;
        return jsonResponse(504, '<html>Gateway Time-out</html>');
      }
      if (!call.path.startsWith('/v1/provider/invoices/runs/')) return undefined;
      if (lost) pollsAfterLoss += 1;
      return jsonResponse(
        200,
        pollsAfterLoss < 2
          ? buildRunProgress({ employersDone: 290, createdCount: 287 })
          : buildRunProgress({ status: 'FINISHED', employersDone: 300, answer: buildRunAnswer() }),
      );
    });
    const user = userEvent.setup();
    renderBilling('/provider/invoices');
    await user.click(await screen.findByRole('button', { name: 'Rechnungslauf starten' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Rechnungen ausstellen' }));
    expect(await screen.findByText(/Die Verbindung zum Server wurde unterbrochen/)).toBeInTheDocument();
    expect(await screen.findByTestId('run-counts')).toHaveTextContent('290 von 300 Arbeitgebern bearbeitet');
    const result = within(await screen.findByTestId('run-result', {}, SLOW));
    expect(result.getByTestId('run-summary')).toHaveTextContent(
      '1 neu erstellt, 1 bereits vorhanden, 1 Arbeitgeber übersprungen',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const runId = (calls.find((c) => c.path === '/v1/provider/invoices/run')?.body as { runId: string }).runId;
    expect(
      calls.filter((c) => c.path.startsWith('/v1/provider/invoices/runs/')).every((c) => c.path.endsWith(runId)),
    ).toBe(true);
  });

  it('says so when a run whose answer was lost ended unfinished', async () => {
    stubInvoicesApi((call) => {
      if (call.path === '/v1/provider/invoices/run') return jsonResponse(502, '<html>Bad Gateway</html>');
      if (call.path.startsWith('/v1/provider/invoices/runs/'))
        return jsonResponse(200, buildRunProgress({ status: 'INTERRUPTED' }));
      return undefined;
    });
    const user = userEvent.setup();
    renderBilling('/provider/invoices');
    await user.click(await screen.findByRole('button', { name: 'Rechnungslauf starten' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Rechnungen ausstellen' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Der Rechnungslauf ist fehlgeschlagen.');
    expect(alert).toHaveTextContent('meldet sich seit Minuten nicht mehr');
    expect(screen.queryByTestId('run-progress')).not.toBeInTheDocument();
  });

  it("shows a failed run's reason", async () => {
    stubInvoicesApi((call) =>
      call.path === '/v1/provider/invoices/run'
        ? jsonResponse(409, {
            status: 409,
            code: 'CONFLICT',
            message: 'Ein Rechnungslauf für diesen Monat läuft bereits.',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderBilling('/provider/invoices');
    await user.click(await screen.findByRole('button', { name: 'Rechnungslauf starten' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Rechnungen ausstellen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Der Rechnungslauf ist fehlgeschlagen.');
    expect(alert).toHaveTextContent('Ein Rechnungslauf für diesen Monat läuft bereits.');
  });

  it('opens an invoice with its lines and totals and downloads its XML and PDF with the bearer token', async () => {
    const calls = stubInvoicesApi((call) => {
      if (call.path.endsWith('/xml'))
        return new Response('<Invoice/>', { headers: { 'Content-Type': 'application/xml' } });
      if (call.path.endsWith('/pdf'))
        return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
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
    const lines = await drawer.findAllByTestId('invoice-line');
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => within(line).getAllByRole('cell').map(text))).toEqual([
      [
        'Leasingrate Audi Q4 e-tron 45, Max Mustermann (M-1001), Vertrag 42' + '01.11.2026 – 30.11.2026',
        '1',
        'Monat',
        '734,50 €',
      ],
      [
        'Leasingrate Kia EV6, Erika Musterfrau, Vertrag 43 (anteilig)' + '16.11.2026 – 30.11.2026',
        '15',
        'Tage',
        '250,00 €',
      ],
      ['Abrechnung Rückgabe Vertrag 44: Mehrkilometer', '1', 'Stück', '250,00 €'],
    ]);
    expect(drawer.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Beschreibung',
      'Menge',
      'Einheit',
      'Netto',
    ]);
    expect(text(drawer.getByTestId('invoice-net'))).toBe('Summe netto1.234,50 €');
    expect(text(drawer.getByTestId('invoice-vat'))).toBe('Umsatzsteuer234,56 €');
    expect(text(drawer.getByTestId('invoice-gross'))).toBe('Gesamtbetrag brutto1.469,06 €');
    const facts = within(drawer.getByTestId('invoice-facts'));
    expect(facts.getByRole('rowheader', { name: 'Format' }).nextElementSibling).toHaveTextContent('XRechnung (UBL)');
    expect(facts.getByRole('rowheader', { name: 'Fällig am' }).nextElementSibling).toHaveTextContent('15.12.2026');

    await user.click(drawer.getByRole('button', { name: 'XML herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['RE-2026-000001.xml']));
    await user.click(drawer.getByRole('button', { name: 'PDF herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['RE-2026-000001.xml', 'RE-2026-000001.pdf']));
    expect(calls.filter((c) => /\/(xml|pdf)$/.test(c.path))).toEqual([
      expect.objectContaining({ path: `/v1/provider/invoices/${INVOICE_ID}/xml`, authorization: 'Bearer access' }),
      expect.objectContaining({ path: `/v1/provider/invoices/${INVOICE_ID}/pdf`, authorization: 'Bearer access' }),
    ]);
  });

  it('creates a credit note only with a reason and opens it', async () => {
    let credited = false;
    const calls = stubInvoicesApi((call) => {
      if (call.path === `/v1/provider/invoices/${INVOICE_ID}/credit-note`) {
        credited = true;
        return jsonResponse(201, buildCreditNote({ reason: (call.body as { reason: string }).reason }));
      }
      if (call.path === `/v1/provider/invoices/${INVOICE_ID}` && credited)
        return jsonResponse(
          200,
          buildInvoiceDetail({ status: 'CREDITED', creditedBy: { id: CREDIT_NOTE_ID, number: 'RE-2026-000002' } }),
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderBilling('/provider/invoices');
    await user.click(await screen.findByRole('button', { name: 'RE-2026-000001 öffnen' }, SLOW));
    const drawer = within(await screen.findByRole('dialog', { name: 'Rechnung RE-2026-000001' }));
    await user.click(await drawer.findByRole('button', { name: 'Gutschrift erstellen' }));

    const modal = within(await screen.findByRole('dialog', { name: 'Gutschrift zu RE-2026-000001' }));
    expect(modal.getByText(/storniert die Rechnung RE-2026-000001 über 1.469,06 €/)).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Gutschrift erstellen' }));
    expect(await modal.findByText('Pflichtfeld')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/credit-note'))).toBe(false);

    await user.type(modal.getByRole('textbox', { name: /Grund der Gutschrift/ }), '  Falscher Vertrag abgerechnet ');
    await user.click(modal.getByRole('button', { name: 'Gutschrift erstellen' }));
    expect(await screen.findByText('Gutschrift RE-2026-000002 erstellt', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/credit-note'))).toMatchObject({
      method: 'POST',
      body: { reason: 'Falscher Vertrag abgerechnet' },
    });

    const note = within(await screen.findByRole('dialog', { name: 'Gutschrift RE-2026-000002' }));
    expect(note.getByRole('rowheader', { name: 'Grund der Gutschrift' }).nextElementSibling).toHaveTextContent(
      'Falscher Vertrag abgerechnet',
    );
    expect(note.queryByRole('button', { name: 'Gutschrift erstellen' })).not.toBeInTheDocument();
    // Back to the invoice it corrects: credited now, nothing more to credit.
    await user.click(note.getByRole('button', { name: 'RE-2026-000001' }));
    const invoice = within(await screen.findByRole('dialog', { name: 'Rechnung RE-2026-000001' }));
    expect(await invoice.findByRole('button', { name: 'RE-2026-000002' })).toBeInTheDocument();
    expect(invoice.getByText('Gutgeschrieben')).toBeInTheDocument();
    expect(invoice.queryByRole('button', { name: 'Gutschrift erstellen' })).not.toBeInTheDocument();
  });

  it('says so when the invoice has been credited meanwhile', async () => {
    stubInvoicesApi((call) =>
      call.path.endsWith('/credit-note')
        ? jsonResponse(409, { status: 409, code: 'CONFLICT', message: 'Already credited' })
        : undefined,
    );
    const user = userEvent.setup();
    renderBilling('/provider/invoices');
    await user.click(await screen.findByRole('button', { name: 'RE-2026-000001 öffnen' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Gutschrift erstellen' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Gutschrift zu RE-2026-000001' }));
    await user.type(modal.getByRole('textbox', { name: /Grund der Gutschrift/ }), 'Doppelt berechnet');
    await user.click(modal.getByRole('button', { name: 'Gutschrift erstellen' }));
    expect(
      await screen.findByText('Zu dieser Rechnung gibt es bereits eine Gutschrift.', {}, SLOW),
    ).toBeInTheDocument();
  });

  it("downloads the chosen month's DATEV export with the bearer token", async () => {
    const month = shiftMonth(currentMonth(), -1);
    const calls = stubInvoicesApi((call) =>
      call.path === '/v1/provider/invoices/export.csv'
        ? new Response('"EXTF";700;21;"Buchungsstapel"\r\n', { headers: { 'Content-Type': 'text/csv' } })
        : undefined,
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:datev');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderBilling('/provider/invoices');
    await user.click(await screen.findByRole('button', { name: 'DATEV-Export herunterladen' }, SLOW));
    await waitFor(() => expect(saved).toEqual([`EXTF_Rechnungen_${month}.csv`]));
    expect(calls.find((c) => c.path === '/v1/provider/invoices/export.csv')).toMatchObject({
      method: 'GET',
      query: { month },
      authorization: 'Bearer access',
    });
    expect(await (createObjectURL.mock.calls[0]?.[0] as Blob).text()).toContain('Buchungsstapel');
  });
});
