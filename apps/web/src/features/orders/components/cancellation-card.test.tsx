import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Order, OrderCancellation } from '@leasing/contract';

import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { orderAt, record, recordsUpTo } from '../test-support/factories';
import { renderWithRoutes } from '../test-support/render';
import { WorkflowPage } from './workflow-page';

const window = (overrides: Partial<OrderCancellation> = {}): OrderCancellation => ({
  lastDay: '2026-12-09',
  endsAt: '2026-12-09T23:00:00.000Z',
  open: true,
  waivedAt: null,
  cancelledAt: null,
  reason: null,
  ...overrides,
});

/** The order API of one signed order: cancel and waive answer as the server does. */
function serve(initial: Order) {
  let order = initial;
  const calls = stubApi((call) => {
    if (call.path === `/v1/order/${String(order.id)}/workflow`) return jsonResponse(200, order);
    if (call.path.endsWith('/cancel')) {
      const reason = (call.body as { reason?: string }).reason ?? null;
      order = {
        ...order,
        status: 'CANCELLED_BY_EMPLOYEE',
        userSteps: [
          ...recordsUpTo('TENANT_ADMIN_CLICK_CONFIRM'),
          record('TENANT_ADMIN_CLICK_CONFIRM', 'DECLINED', 20),
          record('CANCELLED_BY_EMPLOYEE', 'ACCEPTED', 20),
        ],
        cancellation: window({ open: false, cancelledAt: '2026-12-03T10:00:00.000Z', reason }),
      };
      return jsonResponse(200, order);
    }
    if (call.path.endsWith('/waive-cancellation')) {
      order = { ...order, cancellation: window({ open: false, waivedAt: '2026-12-03T10:00:00.000Z' }) };
      return jsonResponse(200, order);
    }
    return undefined;
  });
  return calls;
}

const renderOrder = () =>
  renderWithRoutes([{ path: '/order/:orderId/workflow', element: <WorkflowPage /> }], '/order/42/workflow');

describe('the week to cancel on the order page', () => {
  it('names the last day and cancels with the reason after a confirmation', async () => {
    const calls = serve(orderAt('TENANT_ADMIN_CLICK_CONFIRM', { cancellation: window() }));
    renderOrder();
    const card = await screen.findByTestId('cancellation-card');
    expect(within(card).getByRole('heading', { name: 'Stornierbar bis einschließlich 09.12.2026' })).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Bestellung stornieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestellung 42 stornieren' });
    await userEvent.type(within(dialog).getByLabelText('Grund (freiwillig)'), 'Umzug ins Ausland');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verbindlich stornieren' }));
    expect(await screen.findByTestId('step-cancelled')).toHaveTextContent('Bestellung storniert');
    expect(screen.getByTestId('cancellation-reason')).toHaveTextContent('Umzug ins Ausland');
    expect(screen.queryByTestId('cancellation-card')).toBeNull();
    expect(calls.find((c) => c.path.endsWith('/cancel'))?.body).toEqual({ reason: 'Umzug ins Ausland' });
  });

  it('waives only after the explicit yes to the consequence', async () => {
    const calls = serve(orderAt('ADMIN_CONFIRM', { cancellation: window() }));
    renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Auf die Stornofrist verzichten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auf die Stornofrist verzichten' });
    expect(dialog).toHaveTextContent('Danach können Sie die Bestellung nicht mehr stornieren.');
    const submit = within(dialog).getByRole('button', { name: 'Verzicht bestätigen' });
    expect(submit).toBeDisabled();
    await userEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'Ich verzichte auf mein Recht, die Bestellung bis zum 09.12.2026 zu stornieren.',
      }),
    );
    await userEvent.click(submit);
    expect(await screen.findByTestId('cancellation-waived')).toHaveTextContent('03.12.2026');
    await waitFor(() => expect(screen.queryByTestId('cancellation-card')).toBeNull());
    expect(calls.find((c) => c.path.endsWith('/waive-cancellation'))?.body).toEqual({ acknowledged: true });
  });

  it('shows nothing before the signature or after the window', async () => {
    serve(orderAt('TENANT_ADMIN_CLICK_CONFIRM', { cancellation: window({ open: false }) }));
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung 42' })).toBeVisible();
    expect(screen.queryByTestId('cancellation-card')).toBeNull();
  });
});
