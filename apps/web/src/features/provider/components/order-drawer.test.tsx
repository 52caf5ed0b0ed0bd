import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Order, OrderTimelineEvent, ProviderOrderRow, StepType } from '@leasing/contract';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as PipelineRoute } from '../../../app/routes/provider-orders';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { buildAdminRow } from '../../admin/test-support/factories';
import { buildOrder, recordsUpTo, stepIdOf } from '../../orders/test-support/factories';
import { onPhone } from '../../../test/media-queries';

const DOCUMENT = {
  id: '5b0c4d1e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  name: 'Ueberlassungsvertrag-41-versiegelt.pdf',
  created: '2026-03-02T10:00:00.000Z',
};

/** The order as an admin reads it (no salary data), at `status` with that step's record open. */
const orderAt = (status: StepType, overrides: Partial<Order> = {}): Order =>
  buildOrder({
    id: 41,
    status,
    userSteps: recordsUpTo(status),
    documents: [DOCUMENT],
    orderUserInfo: { ...buildOrder().orderUserInfo, salaryInfo: null },
    taxResult: null,
    ...overrides,
  });

const rowOf = (order: Order): ProviderOrderRow => ({
  ...buildAdminRow({ id: order.id, status: order.status }),
  tenantId: '5b0a4c1e-2f7d-4f55-9a53-4c1b3f2f0a01',
  pipelineStatus: order.status === 'ADMIN_CONFIRM' ? 'ORDERING' : 'DELIVERY',
  deliveryWindow: order.deliveryWindow,
  handoverDate: order.handoverDate,
});

const event = (overrides: Partial<OrderTimelineEvent>): OrderTimelineEvent => ({
  at: '2026-03-01T10:00:00.000Z',
  kind: 'STEP',
  stepType: 'CONFIRM_SUMMARY',
  outcome: 'CURRENT',
  actor: null,
  deliveryWindow: null,
  attempt: null,
  ...overrides,
});

const TIMELINE: OrderTimelineEvent[] = [
  event({}),
  event({
    at: '2026-03-01T10:05:00.000Z',
    kind: 'ATTEMPT',
    stepType: 'NECT_SIGN',
    outcome: null,
    attempt: { kind: 'SIGN', status: 'FAILED', message: 'Sie haben die Signatur beim Vertrauensdienst abgelehnt.' },
  }),
  event({
    at: '2026-03-01T10:09:00.000Z',
    stepType: 'TENANT_ADMIN_CLICK_CONFIRM',
    outcome: 'ACCEPTED',
    actor: { name: 'Petra Personal', role: 'Arbeitgeber' },
  }),
];

/**
 * The back office's API around one order: the list, the order's detail and timeline, and the step
 * calls, after which the detail answers `after` (the order moved on), as the server would.
 */
function stubOrder(initial: Order, after?: (call: RecordedCall) => Order) {
  let order = initial;
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
    if (call.path === '/v1/provider/orders')
      return jsonResponse(200, { items: [rowOf(order)], total: 1, page: 1, pageSize: 25 });
    if (call.path === '/v1/provider/tenants') return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
    if (call.path === '/v1/provider/mileage-forecasts') return jsonResponse(200, []);
    if (call.path === `/v1/order/${String(order.id)}`) return jsonResponse(200, order);
    if (call.path === `/v1/provider/orders/${String(order.id)}/timeline`) return jsonResponse(200, TIMELINE);
    if (call.path === `/v1/order/${String(order.id)}/contract/${DOCUMENT.id}`)
      return new Response(new Blob(['%PDF'], { type: 'application/pdf' }), { status: 200 });
    if (call.method === 'PUT' && /\/step\/\d+\/(accept|decline)$/.test(call.path)) {
      if (after) order = after(call);
      return jsonResponse(200, order);
    }
    return undefined;
  });
}

const renderPipeline = () =>
  renderRoutes(
    withQueryClient([
      { path: '/provider', element: <ProviderLayout />, children: [{ path: 'orders', element: <PipelineRoute /> }] },
    ]),
    '/provider/orders',
  );

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Details zu Bestellung Nr. 41' }));
  const drawer = await screen.findByRole('dialog', { name: 'Bestellung Nr. 41' });
  await within(drawer).findByTestId('order-step-actions');
  return drawer;
}

const stepCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the pipeline's order drawer", () => {
  it('shows the rate, the documents and the history with the failed attempt', async () => {
    const calls = stubOrder(orderAt('ADMIN_CONFIRM'));
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const user = userEvent.setup();
    renderPipeline();
    const drawer = await openDrawer(user);

    const rate = within(drawer).getByTestId('order-rate');
    expect(within(rate).getByText('643,00 €')).toBeInTheDocument();
    expect(within(rate).getByText('759,00 €')).toBeInTheDocument();
    expect(within(rate).getByText('0,1234 €/km')).toBeInTheDocument();
    expect(within(rate).getByText(/^Wartung und Service, Versicherung/)).toBeInTheDocument();
    expect(within(drawer).getByText('Musterstraße 12a, 50667 Köln')).toBeInTheDocument();

    const timeline = await within(drawer).findByTestId('order-timeline');
    expect(within(drawer).getByTestId('failed-attempts')).toHaveTextContent('1 fehlgeschlagener Versuch');
    expect(within(timeline).getByText('Identifikation und Signatur: Versuch fehlgeschlagen')).toBeInTheDocument();
    expect(within(timeline).getByText('Sie haben die Signatur beim Vertrauensdienst abgelehnt.')).toBeInTheDocument();
    expect(within(timeline).getByText(/Petra Personal \(Arbeitgeber\)/)).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: DOCUMENT.name }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), '_blank'));
    expect(calls.some((c) => c.path === `/v1/order/41/contract/${DOCUMENT.id}`)).toBe(true);
  });

  it("orders the car from the manufacturer with the order's open record", async () => {
    const order = orderAt('ADMIN_CONFIRM');
    const openRecord = order.userSteps.find((r) => r.stepId === stepIdOf('ADMIN_CONFIRM') && r.status === null);
    const calls = stubOrder(order, () => orderAt('LEASING_ACTIVE'));
    const user = userEvent.setup();
    renderPipeline();
    const drawer = await openDrawer(user);
    expect(within(drawer).getByTestId('order-stage')).toHaveTextContent(/Bestellen Sie das Fahrzeug beim Hersteller/);

    await user.click(within(drawer).getByRole('button', { name: 'Fahrzeug beim Hersteller bestellt' }));
    expect(await screen.findByText('Bestellung 41: Fahrzeug beim Hersteller bestellt')).toBeInTheDocument();
    expect(stepCalls(calls)).toEqual([
      expect.objectContaining({
        path: `/v1/order/41/step/${String(stepIdOf('ADMIN_CONFIRM'))}/accept`,
        body: { orderId: 41, userStepId: openRecord?.id },
      }),
    ]);
    // The drawer follows the order to its next step: the handover is due now.
    expect(await within(drawer).findByRole('button', { name: 'Übergeben' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Fahrzeug beim Hersteller bestellt' })).not.toBeInTheDocument();
  });

  it('records the handover with its date and then offers the return', async () => {
    const calls = stubOrder(orderAt('LEASING_ACTIVE'), () =>
      orderAt('LEASING_ACTIVE', {
        handoverDate: '2026-03-02',
        userSteps: [...recordsUpTo('LEASING_ACTIVE').slice(0, -1)],
      }),
    );
    const user = userEvent.setup();
    renderPipeline();
    const drawer = await openDrawer(user);
    expect(within(drawer).getByTestId('delivery-window-form')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Übergeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Übergabe erfassen – Bestellung 41' });
    const date = within(dialog).getByLabelText(/Übergabedatum/);
    await user.clear(date);
    await user.type(date, '02.03.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Übergeben' }));
    expect(await screen.findByText('Bestellung 41: Übergabe erfasst')).toBeInTheDocument();
    expect(stepCalls(calls)[0]).toMatchObject({
      path: `/v1/order/41/step/${String(stepIdOf('LEASING_ACTIVE'))}/accept`,
      body: { orderId: 41, handoverDate: '2026-03-02' },
    });
    expect(await within(drawer).findByText(/^Übergeben am 02\.03\.2026, das Leasing läuft/)).toBeInTheDocument();
    expect(within(drawer).queryByTestId('delivery-window-form')).not.toBeInTheDocument();
    expect(await within(drawer).findByTestId('return-form')).toBeInTheDocument();
  });

  it('declines at the manufacturer step only with a reason', async () => {
    const calls = stubOrder(orderAt('ADMIN_CONFIRM'));
    const user = userEvent.setup();
    renderPipeline();
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestellung 41 ablehnen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(within(dialog).getByText('Bitte geben Sie eine Begründung an.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Begründung/ }), 'Modell nicht lieferbar');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(stepCalls(calls)).toHaveLength(1));
    expect(stepCalls(calls)[0]).toMatchObject({
      path: `/v1/order/41/step/${String(stepIdOf('ADMIN_CONFIRM'))}/decline`,
      body: { reason: 'Modell nicht lieferbar' },
    });
  });

  it("waits with the order at the manufacturer while the employee's week to cancel runs", async () => {
    const calls = stubOrder(
      orderAt('ADMIN_CONFIRM', {
        cancellation: {
          lastDay: '2026-03-08',
          endsAt: '2026-03-08T23:00:00.000Z',
          open: true,
          waivedAt: null,
          cancelledAt: null,
          reason: null,
        },
      }),
    );
    const user = userEvent.setup();
    renderPipeline();
    const drawer = await openDrawer(user);
    expect(within(drawer).getByTestId('waits-for-cancellation')).toHaveTextContent(
      'Stornofrist bis einschließlich 08.03.2026',
    );
    const ordered = within(drawer).getByRole('button', { name: 'Fahrzeug beim Hersteller bestellt' });
    expect(ordered).toBeDisabled();
    await user.click(ordered);
    expect(stepCalls(calls)).toHaveLength(0);
  });

  it('fills the screen on a phone, where the list is a column of cards', async () => {
    onPhone();
    stubOrder(orderAt('ADMIN_CONFIRM'));
    const user = userEvent.setup();
    renderPipeline();
    const card = await screen.findByTestId('pipeline-row');
    expect(card.tagName).toBe('LI');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Nr. 41')).toBeInTheDocument();
    expect(within(card).getByText('Bestellung beim Hersteller')).toBeInTheDocument();
    const drawer = await openDrawer(user);
    // Mantine sizes the drawer by this variable on its root.
    const root = drawer.closest<HTMLElement>('.mantine-Drawer-root');
    expect(root?.style.getPropertyValue('--drawer-size')).toBe('100%');
  });
});
