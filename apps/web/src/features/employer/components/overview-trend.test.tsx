import type { TenantTrend } from '@leasing/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildOverview, buildPayrollTotals } from '../test-support/factories';
import { renderEmployer } from '../test-support/render-employer';

// The charts themselves (recharts) draw nothing without a layout; the page's part is what it hands them.
vi.mock('../../../components/lazy-charts', () => ({
  LazyTrendLineChart: (props: { data: unknown[] }) => <div data-testid="line-chart" data-points={props.data.length} />,
  LazyTrendBarChart: (props: { data: unknown[] }) => <div data-testid="bar-chart" data-points={props.data.length} />,
  LazyShareDonut: (props: { label: string }) => <div data-testid="donut">{props.label}</div>,
}));

const TENANT_ADMIN = { ...ME, role: 'TENANT_ADMIN' };

function buildTrend(overrides: Partial<TenantTrend> = {}): TenantTrend {
  const months = ['2026-02', '2026-03', '2026-04'];
  return {
    months: months.map((month, i) => ({
      month,
      totals: buildPayrollTotals({
        leases: i + 1,
        grossConversionEur: 1234.56 * (i + 1),
        employerContributionEur: 100 * (i + 1),
        employerSavingEur: i === 0 ? -12.3 : 245.1 * i,
      }),
    })),
    complete: true,
    uptake: { participants: 12, people: 31 },
    openApprovals: {
      total: 3,
      byDaysWaiting: [
        { bucket: '0-2', count: 1 },
        { bucket: '3-7', count: 0 },
        { bucket: '8-14', count: 2 },
        { bucket: '15-30', count: 0 },
        { bucket: '31+', count: 0 },
      ],
    },
    ...overrides,
  };
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function stub(trend: TenantTrend | (() => TenantTrend)) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, TENANT_ADMIN);
    if (call.path === '/v1/tenant/overview') return jsonResponse(200, buildOverview());
    if (call.path === '/v1/tenant/overview/trend')
      return jsonResponse(200, typeof trend === 'function' ? trend() : trend);
    return undefined;
  });
}

describe('the overview trend', () => {
  it('charts the months and shows their figures in a table, formatted in German', async () => {
    const calls = stub(buildTrend());
    renderEmployer('/employer');
    const section = await screen.findByTestId('overview-trend');
    expect(calls.find((c) => c.path === '/v1/tenant/overview/trend')?.query).toEqual({ months: '12' });
    expect(within(section).getByRole('heading', { name: 'Die letzten 3 Monate' })).toBeInTheDocument();
    expect(
      within(section).getByRole('img', {
        name: 'Diagramm: Bruttoumwandlung, Arbeitgeberzuschuss und Ersparnis Sozialversicherung je Monat von Februar 2026 bis April 2026',
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('line-chart')).toHaveAttribute('data-points', '3');

    const table = screen.getByTestId('overview-trend-table');
    expect(table).not.toBeVisible();
    const user = userEvent.setup();
    await user.click(
      within(screen.getByTestId('overview-trend-months')).getByRole('button', { name: 'Als Tabelle anzeigen' }),
    );
    expect(table).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent.replace(/\u00a0/g, ' '))),
    ).toEqual([
      ['Februar 2026', '1', '1.234,56 €', '100,00 €', '-12,30 €'],
      ['März 2026', '2', '2.469,12 €', '200,00 €', '245,10 €'],
      ['April 2026', '3', '3.703,68 €', '300,00 €', '490,20 €'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'März 2026' })).toHaveAttribute(
      'href',
      '/employer/payroll/2026-03',
    );
  });

  it('says the uptake in a sentence and the waiting approvals by days, with their table', async () => {
    stub(buildTrend());
    renderEmployer('/employer');
    expect(await screen.findByTestId('overview-uptake-text')).toHaveTextContent(
      '12 von 31 Personen nehmen teil (39 %).',
    );
    expect(screen.getByTestId('donut')).toHaveTextContent('39 %');
    expect(screen.getByTestId('overview-waiting-text')).toHaveTextContent('3 Bestellungen warten auf Ihre Freigabe.');
    const table = screen.getByTestId('overview-waiting-table');
    expect(table).not.toBeVisible();
    const user = userEvent.setup();
    await user.click(
      within(screen.getByTestId('overview-waiting')).getByRole('button', { name: 'Als Tabelle anzeigen' }),
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'unter 3 Tagen1',
      '3–7 Tage0',
      '8–14 Tage2',
      '15–30 Tage0',
      'über 30 Tage0',
    ]);
  });

  it('shows the months computed so far and asks again until every month is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answers = 0;
      const partial = buildTrend({ complete: false });
      partial.months[0] = { month: '2026-02', totals: null };
      stub(() => (++answers === 1 ? partial : buildTrend()));
      renderEmployer('/employer');
      expect(await screen.findByTestId('overview-trend-pending')).toHaveTextContent(
        'Die übrigen Monate werden noch berechnet',
      );
      expect(screen.getByTestId('line-chart')).toHaveAttribute('data-points', '2');
      expect(within(screen.getByTestId('overview-trend-table')).getByText('wird berechnet …')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(3_100);
      await vi.waitFor(() => expect(screen.queryByTestId('overview-trend-pending')).not.toBeInTheDocument());
      expect(screen.getByTestId('line-chart')).toHaveAttribute('data-points', '3');
      expect(answers).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when nothing waits, and leaves the rest of the overview when the trend fails', async () => {
    stub(buildTrend({ openApprovals: { total: 0, byDaysWaiting: [] }, uptake: { participants: 0, people: 0 } }));
    const view = renderEmployer('/employer');
    expect(await screen.findByTestId('overview-waiting-text')).toHaveTextContent(
      'Keine Bestellung wartet auf Ihre Freigabe.',
    );
    expect(screen.queryByTestId('bar-chart')).not.toBeInTheDocument();
    expect(screen.getByTestId('overview-uptake-text')).toHaveTextContent('Noch niemand ist im Programm.');
    view.unmount();

    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, TENANT_ADMIN);
      if (call.path === '/v1/tenant/overview') return jsonResponse(200, buildOverview());
      return jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Not found' });
    });
    renderEmployer('/employer');
    expect(await screen.findByTestId('overview-trend-error')).toBeInTheDocument();
    expect(screen.getByTestId('overview-participants')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
