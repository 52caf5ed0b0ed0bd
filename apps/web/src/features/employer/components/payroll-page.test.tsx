import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { currentMonth } from '../months';
import { buildPayroll, buildPayrollRow, buildPayrollSettings, buildPayrollTotals } from '../test-support/factories';
import { renderEmployer } from '../test-support/render-employer';

const MARCH = buildPayroll('2026-03', {
  rows: [
    buildPayrollRow({ change: 'ENDED', endDate: '2026-03-31', employerContributionEur: 0 }),
    buildPayrollRow({
      employeeId: null,
      name: 'Erika Musterfrau',
      orderId: 43,
      grossConversionEur: 400,
      employerContributionEur: 0,
      benefitPrivateUseEur: 120,
      benefitCommuteEur: 0,
      commutingMethod: 'EINZELBEWERTUNG_0_002',
      change: null,
    }),
  ],
  totals: buildPayrollTotals({ leases: 2, grossConversionEur: 943.21, benefitPrivateUseEur: 252.5 }),
});

function stubPayrollApi(options: { onSettings?: (call: RecordedCall) => Response } = {}) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/tenant/payroll-settings') {
      if (call.method === 'PUT') return options.onSettings?.(call) ?? jsonResponse(200, call.body);
      return jsonResponse(200, buildPayrollSettings());
    }
    if (call.path === '/v1/tenant/payroll/2026-04.csv')
      return new Response('Personalnummer;Name\r\nM-1001;Max Mustermann\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
    if (call.path === '/v1/tenant/payroll/2026-04/datev')
      return new Response('[Allgemein]\r\n', { status: 200, headers: { 'Content-Type': 'text/plain' } });
    const month = /^\/v1\/tenant\/payroll\/(\d{4}-\d{2})$/.exec(call.path)?.[1];
    if (month) return jsonResponse(200, month === '2026-03' ? MARCH : buildPayroll(month));
    return undefined;
  });
}

const payrollCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path.startsWith('/v1/tenant/payroll/')).map((c) => c.path);

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/employer/payroll/:month', () => {
  it('shows the rows with the change and the totals, and moves between months', async () => {
    const calls = stubPayrollApi();
    const user = userEvent.setup();
    const view = renderEmployer('/employer/payroll/2026-04');

    expect(await screen.findByRole('heading', { level: 1, name: 'Entgeltabrechnung April 2026' })).toBeInTheDocument();
    const row = within(await screen.findByTestId('payroll-row'));
    expect(row.getByText('M-1001')).toBeInTheDocument();
    expect(row.getByText('Max Mustermann')).toBeInTheDocument();
    expect(row.getByText('Nr. 42')).toBeInTheDocument();
    expect(row.getByText('543,21 €')).toBeInTheDocument();
    expect(row.getByText('Zuschuss 100,00 €')).toBeInTheDocument();
    expect(row.getByText('132,50 €')).toBeInTheDocument();
    expect(row.getByText('39,75 €')).toBeInTheDocument();
    expect(row.getByText('NEU')).toBeInTheDocument();
    const totals = within(screen.getByTestId('payroll-totals'));
    expect(totals.getByText('Summe (1 Vertrag)')).toBeInTheDocument();
    expect(totals.getByText('543,21 €')).toBeInTheDocument();
    expect(screen.getByTestId('payroll-saving')).toHaveTextContent(
      '108,64 € in diesem Monat, 1.303,68 € im Kalenderjahr',
    );
    expect(screen.getByRole('link', { name: 'Entgeltabrechnung' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Vorheriger Monat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entgeltabrechnung März 2026' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/employer/payroll/2026-03');
    await waitFor(() => expect(screen.getAllByTestId('payroll-row')).toHaveLength(2));
    expect(screen.getByText('BEENDET')).toBeInTheDocument();
    expect(screen.getByText('bis 31.03.2026')).toBeInTheDocument();
    expect(screen.getByText('Summe (2 Verträge)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monat' })).toHaveTextContent('März 2026');

    await user.click(screen.getByRole('button', { name: 'Nächster Monat' }));
    await user.click(screen.getByRole('button', { name: 'Nächster Monat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entgeltabrechnung Mai 2026' })).toBeInTheDocument();
    expect(payrollCalls(calls)).toEqual([
      '/v1/tenant/payroll/2026-04',
      '/v1/tenant/payroll/2026-03',
      '/v1/tenant/payroll/2026-04',
      '/v1/tenant/payroll/2026-05',
    ]);
  });

  it('opens the current month without a month in the address', async () => {
    stubPayrollApi();
    const view = renderEmployer('/employer/payroll');
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/employer/payroll/${currentMonth()}`));
    expect(await screen.findByTestId('payroll-row')).toBeInTheDocument();
  });

  it('downloads the CSV and the DATEV file with the bearer token', async () => {
    const calls = stubPayrollApi();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:payroll');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderEmployer('/employer/payroll/2026-04');
    await screen.findByTestId('payroll-row');

    await user.click(screen.getByRole('button', { name: 'CSV (Excel) herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['Gehaltsumwandlung-2026-04.csv']));
    await user.click(screen.getByRole('button', { name: 'DATEV LODAS herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['Gehaltsumwandlung-2026-04.csv', 'LODAS-2026-04.txt']));

    const downloads = calls.filter((c) => c.path.endsWith('.csv') || c.path.endsWith('/datev'));
    expect(downloads).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/v1/tenant/payroll/2026-04.csv',
        authorization: 'Bearer access',
      }),
      expect.objectContaining({
        method: 'GET',
        path: '/v1/tenant/payroll/2026-04/datev',
        authorization: 'Bearer access',
      }),
    ]);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toContain('M-1001;Max Mustermann');
  });

  it('shows the bytes received of the file while a long download runs, both buttons waiting', async () => {
    let send: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        send = controller;
      },
    });
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
      if (call.path === '/v1/tenant/payroll-settings') return jsonResponse(200, buildPayrollSettings());
      if (call.path === '/v1/tenant/payroll/2026-04.csv')
        return new Response(body, { status: 200, headers: { 'Content-Length': '2000000' } });
      if (call.path === '/v1/tenant/payroll/2026-04') return jsonResponse(200, buildPayroll('2026-04'));
      return undefined;
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:payroll');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderEmployer('/employer/payroll/2026-04');
    await screen.findByTestId('payroll-row');
    await user.click(screen.getByRole('button', { name: 'CSV (Excel) herunterladen' }));
    send?.enqueue(new Uint8Array(500_000));

    const bar = await screen.findByRole('progressbar', { name: 'Fortschritt des Downloads' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(screen.getByTestId('payroll-download-progress')).toHaveTextContent('500 kB von 2 MB geladen');
    expect(screen.getByRole('button', { name: 'CSV (Excel) herunterladen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'DATEV LODAS herunterladen' })).toBeDisabled();

    send?.enqueue(new Uint8Array(1_500_000));
    send?.close();
    await waitFor(() => expect(saved).toEqual(['Gehaltsumwandlung-2026-04.csv']));
    await waitFor(() => expect(screen.queryByTestId('payroll-download-progress')).toBeNull());
    expect(screen.getByRole('button', { name: 'DATEV LODAS herunterladen' })).toBeEnabled();
  });

  it('says so when a download fails', async () => {
    stubPayrollApi();
    const user = userEvent.setup();
    renderEmployer('/employer/payroll/2026-05');
    await screen.findByTestId('payroll-row');
    // May has no stubbed file: the server answers 404.
    await user.click(screen.getByRole('button', { name: 'DATEV LODAS herunterladen' }));
    expect(await screen.findByText('Download fehlgeschlagen')).toBeInTheDocument();
  });

  it('saves the DATEV settings after checking them with the contract', async () => {
    const calls = stubPayrollApi();
    const user = userEvent.setup();
    renderEmployer('/employer/payroll/2026-04');
    const form = within(await screen.findByRole('form', { name: 'DATEV-Einstellungen' }));
    const client = await form.findByRole('textbox', { name: /Mandantennummer/ });
    await waitFor(() => expect(client).toHaveValue('12345'));

    await user.clear(client);
    await user.type(client, '123456');
    const wageType = form.getByRole('textbox', { name: /Lohnart Gehaltsumwandlung/ });
    await user.clear(wageType);
    await user.click(form.getByRole('button', { name: 'Einstellungen speichern' }));
    expect(await form.findAllByText('Bitte überprüfen Sie Ihre Eingabe.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(client);
    await user.type(client, '4711');
    await user.type(wageType, '3100');
    await user.click(form.getByRole('button', { name: 'Einstellungen speichern' }));
    expect(await screen.findByText('DATEV-Einstellungen gespeichert')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({
        path: '/v1/tenant/payroll-settings',
        body: buildPayrollSettings({ datevClientNumber: '4711', wageTypeConversion: 3100 }),
      }),
    ]);
  });
});
