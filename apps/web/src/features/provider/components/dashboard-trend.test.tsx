import type { ProviderDashboard, ProviderTrend } from '@leasing/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as DashboardRoute } from '../../../app/routes/provider';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

vi.mock('../../../components/lazy-charts', () => ({
  LazyTrendLineChart: () => <div data-testid="line-chart" />,
  LazyTrendBarChart: (props: { data: unknown[]; dataKey: string }) => (
    <div data-testid={`bar-chart-${props.dataKey}`} data-points={props.data.length} />
  ),
  LazyShareDonut: () => <div data-testid="donut" />,
}));

const DASHBOARD: ProviderDashboard = {
  byStatus: [],
  byTenant: [],
  medianDaysPerStep: [],
  handoversThisMonth: 0,
  month: '2026-06',
};

const zero = { LEASE: 0, OPEN: 0, DECLINED: 0, CANCELLED: 0 };
const open = { EMPLOYEE_STEPS: 0, EMPLOYER_APPROVAL: 0, ORDERING: 0, DELIVERY: 0 };

const TREND: ProviderTrend = {
  ordersByMonth: [
    { month: '2026-05', counts: { ...zero, LEASE: 1200, DECLINED: 3 } },
    { month: '2026-06', counts: { LEASE: 4, OPEN: 1350, DECLINED: 1, CANCELLED: 2 } },
  ],
  deliveries: {
    overdue: 2,
    weeks: [
      { weekStart: '2026-06-15', isoWeek: 25, count: 5 },
      { weekStart: '2026-06-22', isoWeek: 26, count: 0 },
    ],
    later: 7,
    withoutWindow: 1,
  },
  openByDaysInStep: [
    { bucket: '0-2', counts: { ...open, EMPLOYEE_STEPS: 3, ORDERING: 2 } },
    { bucket: '3-7', counts: open },
    { bucket: '8-14', counts: { ...open, EMPLOYER_APPROVAL: 1 } },
    { bucket: '15-30', counts: open },
    { bucket: '31+', counts: { ...open, DELIVERY: 4 } },
  ],
};

const renderDashboard = () =>
  renderRoutes(
    withQueryClient([
      { path: '/provider', element: <ProviderLayout />, children: [{ index: true, element: <DashboardRoute /> }] },
    ]),
    '/provider',
  );

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent.replace(/\u00a0/g, ' ')));

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('the dashboard trend', () => {
  it('charts orders by outcome, deliveries by week and open orders by days, each with its table', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/dashboard') return jsonResponse(200, DASHBOARD);
      if (call.path === '/v1/provider/dashboard/trend') return jsonResponse(200, TREND);
      return undefined;
    });
    renderDashboard();
    await screen.findByTestId('dashboard-trend');
    expect(calls.find((c) => c.path === '/v1/provider/dashboard/trend')?.query).toEqual({ months: '12' });
    expect(screen.getByTestId('bar-chart-month')).toHaveAttribute('data-points', '2');
    expect(screen.getByTestId('bar-chart-week')).toHaveAttribute('data-points', '2');
    expect(screen.getByTestId('bar-chart-bucket')).toHaveAttribute('data-points', '5');
    expect(
      screen.getByRole('img', {
        name: 'Diagramm: Bestellungen je Monat von Mai 2026 bis Juni 2026, gestapelt nach Ausgang',
      }),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    for (const id of ['dashboard-orders-by-month', 'dashboard-deliveries', 'dashboard-open-by-days']) {
      await user.click(within(screen.getByTestId(id)).getByRole('button', { name: 'Als Tabelle anzeigen' }));
    }
    expect(cells(screen.getByTestId('dashboard-orders-table'))).toEqual([
      ['Mai 2026', '1.200', '0', '3', '0'],
      ['Juni 2026', '4', '1.350', '1', '2'],
    ]);
    expect(cells(screen.getByTestId('dashboard-deliveries-table'))).toEqual([
      ['KW 25 (ab 15.06.2026)', '5'],
      ['KW 26 (ab 22.06.2026)', '0'],
    ]);
    expect(screen.getByTestId('dashboard-deliveries-text')).toHaveTextContent(
      'Überfällig: 2 · später: 7 · ohne Lieferfenster: 1',
    );
    expect(cells(screen.getByTestId('dashboard-open-table'))).toEqual([
      ['unter 3 Tagen', '3', '0', '2', '0'],
      ['3–7 Tagen', '0', '0', '0', '0'],
      ['8–14 Tagen', '0', '1', '0', '0'],
      ['15–30 Tagen', '0', '0', '0', '0'],
      ['über 30 Tagen', '0', '0', '0', '4'],
    ]);
    const header = within(screen.getByTestId('dashboard-open-table')).getAllByRole('columnheader');
    expect(header.map((h) => h.textContent)).toEqual([
      'Im Schritt seit',
      'Bei den Beschäftigten',
      'Freigabe durch Arbeitgeber',
      'Bestellung beim Hersteller',
      'In Auslieferung',
    ]);
  });

  it('keeps the dashboard when the trend does not load', async () => {
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/dashboard') return jsonResponse(200, DASHBOARD);
      return undefined;
    });
    renderDashboard();
    expect(await screen.findByTestId('dashboard-trend-error')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-handovers')).toBeInTheDocument();
  });
});
