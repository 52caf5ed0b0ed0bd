import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AdminOrderSummary } from '@leasing/contract';

import { Component as AdminOrdersRoute } from '../../../app/routes/admin-orders';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
// The order answer of a step call has the same shape for every role.
import { buildOrder } from '../../orders/test-support/factories';
import { adminOrdersAnswer, buildAdminRow } from '../test-support/factories';
import { AdminOrdersPage } from './admin-orders-page';

const RECORD = '11111111-1111-4111-8111-111111111111';

const waitingForTenant = buildAdminRow({ id: 42 });
const waitingForProvider = buildAdminRow({
  id: 41,
  status: 'ADMIN_CONFIRM',
  currentStepId: 6,
  currentUserStepId: RECORD,
});
const waitingForHandover = buildAdminRow({
  id: 40,
  status: 'LEASING_ACTIVE',
  currentStepId: 7,
  currentUserStepId: RECORD,
});
const withEmployee = buildAdminRow({ id: 39, status: 'NECT_SIGN', currentStepId: 4, currentUserStepId: RECORD });
const active = buildAdminRow({
  id: 38,
  status: 'LEASING_ACTIVE',
  currentStepId: null,
  currentUserStepId: null,
  latestDocument: {
    id: '5b0c4d1e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    name: 'Ueberlassungsvertrag-38-unterschrieben.pdf',
    created: '2026-03-02T10:00:00Z',
  },
});

// The page is HR's: the fake server answers for the tenant admin.
const ordersAnswer = (rows: AdminOrderSummary[], call: RecordedCall) =>
  jsonResponse(200, adminOrdersAnswer(rows, 'TENANT_ADMIN', call.query));

function stubAdminApi(rows: AdminOrderSummary[], onAction?: (call: RecordedCall) => Response) {
  let current = rows;
  return stubApi((call) => {
    if (call.path === '/v1/admin/orders') return ordersAnswer(current, call);
    if (/^\/v1\/order\/\d+\/step\/\d+\/(accept|decline)$/.test(call.path)) {
      const answer =
        onAction?.(call) ??
        jsonResponse(
          200,
          buildOrder({ orderUserInfo: { ...buildOrder().orderUserInfo, salaryInfo: null }, taxResult: null }),
        );
      // After a successful action the row has moved on and is no longer open.
      if (answer.ok)
        current = current.map((row) =>
          row.id === (call.body as { orderId: number }).orderId
            ? { ...row, currentStepId: null, currentUserStepId: null, status: 'DECLINED_BY_TENANT' }
            : row,
        );
      return answer;
    }
    return undefined;
  });
}

const renderPage = (address = '/admin/orders') =>
  renderRoutes(withQueryClient([{ path: '*', element: <AdminOrdersPage /> }]), address);
const rowOf = (orderId: number) => {
  const row = screen
    .getAllByTestId('admin-order-row')
    .find((element) => element.dataset['orderId'] === String(orderId));
  if (!row) throw new Error(`no row ${String(orderId)}`);
  return row;
};
const actionCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/orders as tenant admin', () => {
  it('shows the open orders first and all orders on the second tab', async () => {
    stubAdminApi([waitingForTenant, withEmployee, active]);
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Freigaben' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Offen (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('admin-order-row').map((row) => row.dataset['orderId'])).toEqual(['42']);
    const row = rowOf(42);
    expect(within(row).getByText('Max Mustermann')).toBeInTheDocument();
    expect(within(row).getByText('Audi Q4 e-tron 45')).toBeInTheDocument();
    expect(within(row).getByText('48 Monate, 10.000 km/Jahr')).toBeInTheDocument();
    expect(within(row).getByText(/643/)).toBeInTheDocument();
    expect(within(row).getByText('Wartet auf Freigabe des Arbeitgebers')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Alle (3)' }));
    expect(screen.getAllByTestId('admin-order-row').map((r) => r.dataset['orderId'])).toEqual(['42', '39', '38']);
    expect(within(rowOf(39)).queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
    expect(within(rowOf(38)).getByText('Übergeben – Leasing aktiv')).toBeInTheDocument();
    expect(
      within(rowOf(38)).getByRole('button', { name: 'Ueberlassungsvertrag-38-unterschrieben.pdf' }),
    ).toBeInTheDocument();
  });

  it('approves with the order id and the status record id', async () => {
    const calls = stubAdminApi([waitingForTenant]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Bestellung 42 freigegeben')).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual([
      expect.objectContaining({ path: '/v1/order/42/step/5/accept', body: { orderId: 42, userStepId: RECORD } }),
    ]);
    expect(await screen.findByText('Zurzeit wartet keine Bestellung auf Sie.')).toBeInTheDocument();
  });

  it('declines only with a reason', async () => {
    const calls = stubAdminApi([waitingForTenant]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestellung 42 ablehnen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(within(dialog).getByText('Bitte geben Sie eine Begründung an.')).toBeInTheDocument();
    expect(actionCalls(calls)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Begründung/ }), '  Budget ausgeschöpft ');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByText('Bestellung 42 abgelehnt')).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual([
      expect.objectContaining({
        path: '/v1/order/42/step/5/decline',
        body: { orderId: 42, userStepId: RECORD, reason: 'Budget ausgeschöpft' },
      }),
    ]);
  });

  it('toasts "Fehler" with the server message when someone was faster', async () => {
    stubAdminApi([waitingForTenant], () =>
      jsonResponse(409, { status: 409, code: 'CONFLICT', message: 'Dieser Schritt wurde bereits bearbeitet.' }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Fehler')).toBeInTheDocument();
    expect(screen.getByText('Dieser Schritt wurde bereits bearbeitet.')).toBeInTheDocument();
  });

  it('offers no action on the provider steps', async () => {
    stubAdminApi([waitingForProvider, waitingForHandover]);
    renderPage();
    expect(await screen.findByText('Zurzeit wartet keine Bestellung auf Sie.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Offen (0)' })).toBeInTheDocument();
  });
});

describe('the order details', () => {
  it('show the order without salary data, its history and the contract', async () => {
    const order = buildOrder({
      id: 42,
      orderUserInfo: { ...buildOrder().orderUserInfo, salaryInfo: null },
      taxResult: null,
    });
    const calls = stubApi((call) => {
      if (call.path === '/v1/admin/orders') return ordersAnswer([waitingForTenant], call);
      if (call.path === '/v1/order/42') return jsonResponse(200, order);
      if (call.path === '/v1/order/42/contract') {
        return new Response(new Blob(['%PDF'], { type: 'application/pdf' }), { status: 200 });
      }
      return undefined;
    });
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Details zu Bestellung 42' }));
    const detail = await screen.findByTestId('admin-order-detail');
    expect(within(detail).getByText('Musterstraße 12a, 50667 Köln')).toBeInTheDocument();
    expect(within(detail).getByText('Kupferorange')).toBeInTheDocument();
    expect(
      within(detail).getByText('Gehalts- und Steuerdaten der Beschäftigten sind für Administratoren nicht sichtbar.'),
    ).toBeInTheDocument();
    expect(within(detail).queryByText('Bruttomonatsgehalt')).not.toBeInTheDocument();
    expect(within(within(detail).getByTestId('admin-history')).getAllByRole('row')).toHaveLength(2);
    await user.click(within(detail).getByRole('button', { name: 'Überlassungsvertrag (PDF) öffnen' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), '_blank'));
    expect(calls.some((c) => c.path === '/v1/order/42/contract')).toBe(true);
  });
});

describe('/admin/orders paged on the server', () => {
  it('pages, filters and searches through the server, keeping the state in the address', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      buildAdminRow({
        ...active,
        id: 1000 + index,
        employee: { ...active.employee, firstName: index === 7 ? 'Anna' : 'Max', lastName: 'Müller' },
      }),
    );
    const rows = [waitingForTenant, buildAdminRow({ id: 43 }), ...many];
    const calls = stubAdminApi(rows);
    const lastQuery = () => calls.filter((c) => c.path === '/v1/admin/orders').at(-1)?.query;
    const user = userEvent.setup();
    const { router } = renderPage('/admin/orders?view=all&page=2');

    expect(await screen.findByRole('tab', { name: 'Alle (62)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Offen (2)' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ view: 'all', page: '2', pageSize: '25' });
    expect(screen.getAllByTestId('admin-order-row')).toHaveLength(25);
    expect(rowOf(1034)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastQuery()).toEqual({ view: 'all', page: '3', pageSize: '25' }));
    expect(router.state.location.search).toBe('?view=all&page=3');
    await waitFor(() => expect(screen.getAllByTestId('admin-order-row')).toHaveLength(12));

    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'anna m');
    await waitFor(() => expect(lastQuery()).toEqual({ view: 'all', q: 'anna m', pageSize: '25' }));
    expect(router.state.location.search).toBe('?q=anna+m&view=all');
    await waitFor(() =>
      expect(screen.getAllByTestId('admin-order-row').map((r) => r.dataset['orderId'])).toEqual(['1007']),
    );

    await user.click(screen.getByRole('tab', { name: 'Offen (0)' }));
    await waitFor(() => expect(lastQuery()).toEqual({ view: 'open', q: 'anna m', pageSize: '25' }));
    expect(router.state.location.search).toBe('?q=anna+m');
    expect(await screen.findByText('Keine Bestellung passt zur Suche.')).toBeInTheDocument();
  });

  it('writes large counts the German way', async () => {
    stubApi((call) => {
      if (call.path === '/v1/admin/orders')
        return jsonResponse(200, {
          ...adminOrdersAnswer([waitingForTenant], 'TENANT_ADMIN', call.query),
          counts: { open: 1_234, all: 20_000 },
        });
      return undefined;
    });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Offen (1.234)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alle (20.000)' })).toBeInTheDocument();
  });
});

describe('an automatic approval', () => {
  it('is named in the list and explained in the details; a click is named as such', async () => {
    const automatic = {
      kind: 'AUTOMATIC',
      at: '2026-04-10T07:30:00.000Z',
      policyVersion: 3,
      reason: 'Automatisch freigegeben gemäß Programmrichtlinie (Fassung 3): …',
    } as const;
    const approved = buildAdminRow({ ...active, id: 37, employerApproval: automatic });
    const clicked = buildAdminRow({
      ...active,
      id: 36,
      employerApproval: { kind: 'MANUAL', at: '2026-04-09T08:00:00.000Z', policyVersion: null, reason: null },
    });
    const order = buildOrder({
      id: 37,
      status: 'ADMIN_CONFIRM',
      orderUserInfo: { ...buildOrder().orderUserInfo, salaryInfo: null },
      taxResult: null,
      employerApproval: automatic,
    });
    stubApi((call) => {
      if (call.path === '/v1/admin/orders') return ordersAnswer([approved, clicked], call);
      if (call.path === '/v1/order/37') return jsonResponse(200, order);
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: /Alle/ }));
    expect(within(rowOf(37)).getByTestId('automatic-approval')).toHaveTextContent(
      'Automatisch freigegeben (Richtlinie, Fassung 3)',
    );
    expect(within(rowOf(36)).queryByTestId('automatic-approval')).not.toBeInTheDocument();

    await user.click(within(rowOf(37)).getByRole('button', { name: 'Details zu Bestellung 37' }));
    const detail = await screen.findByTestId('admin-order-detail');
    expect(within(detail).getByText('Freigabe des Arbeitgebers')).toBeInTheDocument();
    expect(within(detail).getByText(/^Automatisch freigegeben am 10\.04\.2026/)).toBeInTheDocument();
    expect(within(detail).getByTestId('automatic-approval-reason')).toHaveTextContent(
      /Programmrichtlinie \(Fassung 3, gültig bei der Bestellung\) sieht die automatische Freigabe vor/,
    );
  });
});

describe('the /admin/orders route', () => {
  // The role comes from GET /v1/me, which is asked only while signed in.
  beforeEach(() => {
    setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
  });

  it('shows "Keine Berechtigung" to employees without asking for admin data', async () => {
    const calls = stubApi();
    renderRoutes(withQueryClient([{ path: '*', element: <AdminOrdersRoute /> }]), '/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/admin/orders')).toBe(false);
  });

  it('shows HR the approvals', async () => {
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
      if (call.path === '/v1/admin/orders') return jsonResponse(200, adminOrdersAnswer([], 'TENANT_ADMIN'));
      return undefined;
    });
    renderRoutes(withQueryClient([{ path: '*', element: <AdminOrdersRoute /> }]), '/admin/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Freigaben' })).toBeInTheDocument();
  });

  it("sends a provider admin on to the back office's order list with the search, asking nothing", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      return undefined;
    });
    const { router } = renderRoutes(
      withQueryClient([
        { path: '/admin/orders', element: <AdminOrdersRoute /> },
        { path: '/provider/orders', element: <h1>Pipeline</h1> },
      ]),
      '/admin/orders?view=all&page=2&q=anna',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipeline' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/provider/orders');
    expect(router.state.location.search).toBe('?q=anna');
    // Replaced, not pushed: "back" does not lead into the redirect again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.some((c) => c.path === '/v1/admin/orders')).toBe(false);
  });
});
