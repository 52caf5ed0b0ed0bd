import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { MileageForecastRow, ProviderOrderRow } from '@leasing/contract';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as PipelineRoute } from '../../../app/routes/provider-orders';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { buildAdminRow } from '../../admin/test-support/factories';

const rowOnPage = (page: number): ProviderOrderRow => ({
  ...buildAdminRow({ id: 1000 + page, status: 'LEASING_ACTIVE' }),
  employee: { firstName: 'Seite', lastName: String(page), email: 's@example.com', employeeId: null },
  tenantId: '5b0a4c1e-2f7d-4f55-9a53-4c1b3f2f0a01',
  pipelineStatus: 'DELIVERY',
  deliveryWindow: null,
  handoverDate: null,
});

function stubPipeline() {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
    if (call.path === '/v1/provider/orders') {
      const page = Number(call.query?.['page'] ?? '1');
      return jsonResponse(200, { items: [rowOnPage(page)], total: 2_000, page, pageSize: 25 });
    }
    if (call.path === '/v1/provider/tenants') return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
    return undefined;
  });
}

/** A page of three running leases: 1001 has a forecast over its kilometres, 1003 one under, 1002 none. */
const leaseRow = (id: number, lastName: string): ProviderOrderRow => ({
  ...rowOnPage(1),
  id,
  employee: { firstName: 'Lea', lastName, email: 'l@example.com', employeeId: null },
  pipelineStatus: 'ACTIVE',
  handoverDate: '2025-03-01',
});
const FORECASTS: MileageForecastRow[] = [
  {
    orderId: 1001,
    latestReadingKm: 18_250,
    latestReadOn: '2026-03-01',
    contractKm: 30_000,
    forecastEndKm: 36_500,
    overTolerance: true,
    projectedTotalEur: 412.5,
  },
  {
    orderId: 1003,
    latestReadingKm: 9_000,
    latestReadOn: '2026-02-15',
    contractKm: 40_000,
    forecastEndKm: 24_000,
    overTolerance: false,
    projectedTotalEur: -180,
  },
];

function stubLeases(forecasts: () => Response) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
    if (call.path === '/v1/provider/orders') {
      const items = [leaseRow(1001, 'Eins'), leaseRow(1002, 'Zwei'), leaseRow(1003, 'Drei')];
      return jsonResponse(200, { items, total: 3, page: 1, pageSize: 25 });
    }
    if (call.path === '/v1/provider/mileage-forecasts') return forecasts();
    if (call.path === '/v1/provider/tenants') return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
    return undefined;
  });
}

const forecastCell = (lastName: string) => {
  const row = screen.getByText(`Lea ${lastName}`).closest('tr');
  if (!row) throw new Error(`no row for ${lastName}`);
  return within(row).getByTestId('mileage-forecast');
};

const renderAt = (path: string) =>
  renderRoutes(
    withQueryClient([
      { path: '/provider', element: <ProviderLayout />, children: [{ path: 'orders', element: <PipelineRoute /> }] },
    ]),
    path,
  );

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/provider/orders', () => {
  it('keeps filters, search and page in the address and asks the server for exactly that', async () => {
    const calls = stubPipeline();
    const lastQuery = () => calls.filter((c) => c.path === '/v1/provider/orders').at(-1)?.query;
    const user = userEvent.setup();
    const { router } = renderAt('/provider/orders?status=DELIVERY&from=2026-11-01&page=3&step=BOGUS');
    expect(await screen.findByText('Seite 3')).toBeInTheDocument();
    expect(screen.getByTestId('pipeline-total')).toHaveTextContent('2.000 Bestellungen');
    // An unknown step in the address is left out, not sent.
    expect(lastQuery()).toEqual({ status: 'DELIVERY', from: '2026-11-01', page: '3', pageSize: '25' });

    await user.click(screen.getByRole('button', { name: '4' }));
    expect(await screen.findByText('Seite 4')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=DELIVERY&from=2026-11-01&page=4');

    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'müller');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'müller', status: 'DELIVERY', page: '1' }));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('müller')}&status=DELIVERY&from=2026-11-01`);

    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '25' }));
  });

  it('asks once for the page\'s mileage forecasts and shows each lease\'s, "–" without one', async () => {
    const calls = stubLeases(() => jsonResponse(200, FORECASTS));
    renderAt('/provider/orders');
    expect(await screen.findByRole('columnheader', { name: 'Kilometerprognose' })).toBeInTheDocument();
    await waitFor(() => expect(forecastCell('Eins')).toHaveTextContent('36.500 km von 30.000 km'));

    const asked = calls.filter((c) => c.path === '/v1/provider/mileage-forecasts');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.query).toEqual({ orderIds: '1001,1002,1003' });
    expect(forecastCell('Eins')).toHaveTextContent('Nachzahlung ca. 413 €');
    expect(forecastCell('Eins')).toHaveTextContent('Stand 18.250 km am 01.03.2026');
    expect(forecastCell('Drei')).toHaveTextContent('24.000 km von 40.000 km');
    expect(forecastCell('Drei')).toHaveTextContent('Erstattung ca. 180 €');
    expect(forecastCell('Zwei')).toHaveTextContent(/^–$/);
  });

  it('still shows the orders when the forecasts cannot be loaded', async () => {
    const calls = stubLeases(() => jsonResponse(403, { status: 403, code: 'FORBIDDEN', message: 'Kein Zugriff' }));
    renderAt('/provider/orders');
    expect(await screen.findByText('Lea Eins')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/provider/mileage-forecasts')).toBe(true));
    await waitFor(() => expect(forecastCell('Eins')).toHaveTextContent(/^–$/));
    expect(screen.getAllByTestId('pipeline-row')).toHaveLength(3);
    expect(forecastCell('Drei')).toHaveTextContent(/^–$/);
  });
});
