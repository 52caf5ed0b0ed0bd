/**
 * @vitest-environment-options {"settings":{"enableIframePageLoading":true,"navigation":{"disableChildFrameNavigation":true}}}
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Order, StepType } from '@leasing/contract';

import { stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { orderAt, record, recordsUpTo } from '../test-support/factories';
import { pdfResponse, renderWithRoutes } from '../test-support/render';
import { USER_STEPS_FINISHED, type WorkflowStep } from '../workflow';
import { StepScreen } from './step-screen';
import { Workflow, WorkflowPage } from './workflow-page';

const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');

const conflict = () =>
  jsonResponse(409, {
    status: 409,
    code: 'CONFLICT',
    message: 'Dieser Schritt ist nicht der aktuelle Schritt der Bestellung.',
  });

interface Server {
  order: Order;
  calls: RecordedCall[];
  identDone: boolean;
  signDone: boolean;
}

/** A small in-memory order API: answers reads from `server.order`, step calls from `onAction`. */
function fakeOrderApi(
  initial: Order,
  handlers: {
    onAction?: (call: RecordedCall, server: Server) => Response;
    onLink?: (call: RecordedCall, server: Server) => Response;
  } = {},
): Server {
  const server: Server = { order: initial, calls: [], identDone: false, signDone: false };
  server.calls = stubApi((call) => {
    const base = `/v1/order/${String(server.order.id)}`;
    if (call.path === `${base}/workflow` || call.path === base) return jsonResponse(200, server.order);
    if (call.path === `${base}/contract`) return pdfResponse();
    if (/\/step\/\d+\/(accept|decline|execute)$/.test(call.path)) {
      return handlers.onAction?.(call, server) ?? conflict();
    }
    if (/\/step\/\d+\/nect-(ident|sign)$/.test(call.path)) {
      return handlers.onLink?.(call, server) ?? jsonResponse(200, { link: 'https://provider.example/case/1' });
    }
    if (call.path.endsWith('/nect-ident-check')) return jsonResponse(200, server.identDone);
    if (call.path.endsWith('/nect-sign-check')) return jsonResponse(200, server.signDone);
    return undefined;
  });
  return server;
}

const renderWorkflow = (orderId = 42) =>
  renderWithRoutes(
    [
      { path: '/order/:orderId/workflow', element: <WorkflowPage /> },
      { path: '/profile/orders', element: <h1>Meine Bestellungen</h1> },
    ],
    `/order/${String(orderId)}/workflow`,
  );

const openRecordId = (order: Order, type: StepType) =>
  order.userSteps.find((r) => r.stepId === order.steps.find((s) => s.stepType === type)?.id && r.status === null)?.id;

const accepts = (server: Server) => server.calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/accept'));

describe('the order workflow page', () => {
  it('shows the stepper with the own steps and the finished step, and the active step screen', async () => {
    fakeOrderApi(orderAt('CONFIRM_SUMMARY'));
    renderWorkflow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung 42' })).toBeInTheDocument();
    const stepper = screen.getByRole('navigation', { name: 'Schritte Ihrer Bestellung' });
    const labels = [
      'Zusammenfassung',
      'Überlassungsvertrag',
      'Führerscheinprüfung',
      'Identifikation und Signatur',
      'Ihre Schritte erledigt',
    ];
    for (const label of labels) expect(within(stepper).getByText(label)).toBeInTheDocument();
    expect(within(stepper).getByText('Aktuell')).toBeInTheDocument();
    expect(within(stepper).getAllByText('Offen')).toHaveLength(4);
    expect(within(stepper).queryByText('Freigabe Arbeitgeber')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' })).toBeInTheDocument();
  });

  it('confirms the summary only after the agreement, accepts with agreed and shows the next step', async () => {
    const initial = orderAt('CONFIRM_SUMMARY');
    const server = fakeOrderApi(initial, {
      onAction: (_call, s) => {
        s.order = orderAt('PREVIEW_CONTRACT');
        return jsonResponse(200, s.order);
      },
    });
    const user = userEvent.setup();
    renderWorkflow();

    await screen.findByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' });
    // Vehicle, package, salary data and the tax table.
    expect(screen.getByText('Q4 e-tron')).toBeInTheDocument();
    expect(screen.getByText('Kupferorange')).toBeInTheDocument();
    expect(screen.getByText('Nordrhein-Westfalen')).toBeInTheDocument();
    expect(screen.getByTestId('order-tax-table')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Lohnsteuer' })).toBeInTheDocument();

    const accept = screen.getByRole('button', { name: 'Akzeptieren und fortfahren' });
    expect(accept).toBeDisabled();
    expect(screen.getByText('Sie müssen zustimmen, bevor Sie fortfahren können.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Zusammenfassung geprüft/ }));
    expect(accept).toBeEnabled();
    expect(screen.queryByText('Sie müssen zustimmen, bevor Sie fortfahren können.')).not.toBeInTheDocument();
    await user.click(accept);

    expect(await screen.findByRole('heading', { name: 'Überlassungsvertrag prüfen' })).toBeInTheDocument();
    expect(accepts(server)).toHaveLength(1);
    expect(accepts(server)[0]).toMatchObject({
      path: '/v1/order/42/step/1/accept',
      body: { orderId: 42, userStepId: openRecordId(initial, 'CONFIRM_SUMMARY'), agreed: true },
    });
  });

  it('toasts "Fehler" when accepting fails and stays on the step', async () => {
    fakeOrderApi(orderAt('CONFIRM_SUMMARY'));
    const user = userEvent.setup();
    renderWorkflow();
    await user.click(await screen.findByRole('checkbox', { name: /Zusammenfassung geprüft/ }));
    await user.click(screen.getByRole('button', { name: 'Akzeptieren und fortfahren' }));
    expect(await screen.findByText('Fehler')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' })).toBeInTheDocument();
  });

  it('shows the contract with open and download, and continues with the status record id', async () => {
    const initial = orderAt('PREVIEW_CONTRACT');
    const server = fakeOrderApi(initial, {
      onAction: (_call, s) => {
        s.order = orderAt('NECT_DRIVERS_LICENCE');
        return jsonResponse(200, s.order);
      },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderWorkflow();

    expect(await screen.findByRole('button', { name: 'Vertrag öffnen (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vertrag herunterladen' })).toBeInTheDocument();
    expect(screen.getByTitle('Überlassungsvertrag (PDF)')).toBeInTheDocument();
    expect(screen.getByText('Muster GmbH (Arbeitgeber) und Max Mustermann (Arbeitnehmer)')).toBeInTheDocument();
    expect(server.calls.some((c) => c.path === '/v1/order/42/contract')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Vertrag öffnen (PDF)' }));
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), '_blank');

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('heading', { name: 'Führerscheinprüfung', level: 2 })).toBeInTheDocument();
    expect(accepts(server)[0]).toMatchObject({
      path: '/v1/order/42/step/2/accept',
      body: { orderId: 42, userStepId: openRecordId(initial, 'PREVIEW_CONTRACT') },
    });
    expect(accepts(server)[0]?.body).not.toHaveProperty('agreed');
    open.mockRestore();
  });

  it('states the monthly conversion of the contract: the gross rate without an employer subsidy', async () => {
    fakeOrderApi(orderAt('PREVIEW_CONTRACT'));
    renderWorkflow();
    await screen.findByRole('heading', { name: 'Überlassungsvertrag prüfen' });
    const conversion = screen.getByTestId('contract-conversion');
    expect(within(conversion).getByText('Monatliche Gehaltsumwandlung (Bruttorate)')).toBeInTheDocument();
    expect(text(within(conversion).getByText(/mtl\./))).toBe('642,68 € mtl.');
    expect(screen.queryByTestId('contract-employer-subsidy')).not.toBeInTheDocument();
  });

  it('states the monthly conversion of the contract as the gross rate less the employer subsidy, and names it', async () => {
    const order = orderAt('PREVIEW_CONTRACT');
    const taxResult = {
      ...order.taxResult!,
      salarySacrificeData: { ...order.taxResult!.salarySacrificeData, employerContribution: 50 },
    };
    fakeOrderApi({ ...order, taxResult });
    renderWorkflow();
    await screen.findByRole('heading', { name: 'Überlassungsvertrag prüfen' });
    const conversion = screen.getByTestId('contract-conversion');
    expect(
      within(conversion).getByText('Monatliche Gehaltsumwandlung (Bruttorate abzüglich Zuschuss)'),
    ).toBeInTheDocument();
    expect(text(within(conversion).getByText(/mtl\./))).toBe('592,68 € mtl.');
    const subsidy = screen.getByTestId('contract-employer-subsidy');
    expect(within(subsidy).getByText('Monatlicher Zuschuss des Arbeitgebers')).toBeInTheDocument();
    expect(text(within(subsidy).getByText(/mtl\./))).toBe('50,00 € mtl.');
    expect(screen.queryByText(/643 €/)).not.toBeInTheDocument();
  });

  it("shows the subsidy in the summary step's payslip table and converts the gross rate less it", async () => {
    const order = orderAt('CONFIRM_SUMMARY');
    const taxResult = {
      ...order.taxResult!,
      salarySacrificeData: { ...order.taxResult!.salarySacrificeData, employerContribution: 50 },
    };
    fakeOrderApi({ ...order, taxResult });
    renderWorkflow();
    await screen.findByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' });
    const table = screen.getByTestId('order-tax-table');
    expect(within(table).getByRole('rowheader', { name: 'Arbeitgeberzuschuss' })).toBeInTheDocument();
    expect(within(screen.getByTestId('order-tax-row-conversion')).getAllByRole('cell').map(text)).toEqual([
      '0,00 €',
      '592,68 €',
    ]);
    expect(text(screen.getByTestId('converted-rate'))).toContain('592,68 € mtl.');
    expect(text(screen.getByTestId('employer-subsidy'))).toContain('50,00 € mtl.');
  });

  describe('identity check and signature', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('opens the provider in a new tab, polls every 3 s and enables continue when the check succeeds', async () => {
      const initial = orderAt('NECT_DRIVERS_LICENCE');
      const server = fakeOrderApi(initial, {
        onAction: (_call, s) => {
          s.order = orderAt('NECT_SIGN');
          return jsonResponse(200, s.order);
        },
      });
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      renderWorkflow();

      const start = await screen.findByRole('button', { name: 'Identifikation starten' });
      const proceed = screen.getByTestId('ident-continue');
      expect(proceed).toBeDisabled();
      await user.click(start);
      await waitFor(() =>
        expect(open).toHaveBeenCalledWith('https://provider.example/case/1', '_blank', 'noopener,noreferrer'),
      );
      expect(server.calls.some((c) => c.method === 'PUT' && c.path === '/v1/order/42/step/3/nect-ident')).toBe(true);
      expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Seite des Partners erneut öffnen' })).toHaveAttribute(
        'href',
        'https://provider.example/case/1',
      );

      const checks = () => server.calls.filter((c) => c.path.endsWith('/step/3/nect-ident-check')).length;
      const before = checks();
      expect(before).toBeGreaterThanOrEqual(1);
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(checks()).toBe(before + 1);
      expect(proceed).toBeDisabled();

      server.identDone = true;
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await waitFor(() => expect(screen.getByTestId('ident-continue')).toBeEnabled());
      expect(
        screen.getByText('Ihr Führerschein wurde erfolgreich geprüft. Bitte fahren Sie fort.'),
      ).toBeInTheDocument();
      const settled = checks();
      await act(() => vi.advanceTimersByTimeAsync(9000));
      expect(checks()).toBe(settled);

      await user.click(screen.getByTestId('ident-continue'));
      expect(await screen.findByRole('heading', { name: 'Qualifizierte elektronische Signatur' })).toBeInTheDocument();
      expect(accepts(server)[0]).toMatchObject({
        path: '/v1/order/42/step/3/accept',
        body: { orderId: 42, userStepId: openRecordId(initial, 'NECT_DRIVERS_LICENCE') },
      });
    });

    it('stops polling when the screen goes away', async () => {
      const server = fakeOrderApi(orderAt('NECT_DRIVERS_LICENCE'));
      const { unmount } = renderWorkflow();
      await screen.findByRole('button', { name: 'Identifikation starten' });
      await act(() => vi.advanceTimersByTimeAsync(3000));
      const count = server.calls.filter((c) => c.path.endsWith('nect-ident-check')).length;
      unmount();
      await vi.advanceTimersByTimeAsync(15_000);
      expect(server.calls.filter((c) => c.path.endsWith('nect-ident-check')).length).toBe(count);
    });

    it('says "Vertrag signieren" at the signature, after the identification of step 3', async () => {
      fakeOrderApi(orderAt('NECT_SIGN'));
      renderWorkflow();
      expect(await screen.findByRole('button', { name: 'Vertrag signieren' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Identifikation starten' })).not.toBeInTheDocument();
    });

    it('shows the server\'s reason with "Erneut versuchen" when the signature cannot start, and reloads the order once signed', async () => {
      let attempts = 0;
      const reason =
        'Ihr Signaturzertifikat beim Vertrauensdienst ist abgelaufen. Bitte wenden Sie sich an den Support.';
      const server = fakeOrderApi(orderAt('NECT_SIGN'), {
        onLink: () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse(409, { status: 409, code: 'CONFLICT', message: reason })
            : jsonResponse(200, { link: 'https://provider.example/sign/2' });
        },
      });
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      renderWorkflow();

      await user.click(await screen.findByRole('button', { name: 'Vertrag signieren' }));
      const failure = await screen.findByTestId('sign-error');
      expect(failure).toHaveTextContent('Fehler, bitte versuchen Sie es erneut!');
      expect(failure).toHaveTextContent(reason);
      expect(open).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
      await waitFor(() =>
        expect(open).toHaveBeenCalledWith('https://provider.example/sign/2', '_blank', 'noopener,noreferrer'),
      );
      expect(screen.queryByTestId('sign-error')).not.toBeInTheDocument();

      // The provider finished: the server has moved the order on by itself.
      server.order = orderAt('TENANT_ADMIN_CLICK_CONFIRM', { documents: [] });
      server.signDone = true;
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(await screen.findByRole('heading', { name: 'Herzlichen Glückwunsch!' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Zu meinen Bestellungen' })).toHaveAttribute('href', '/profile/orders');
    });

    it('shows in the opening tab why the signature failed in the other one, once the employee comes back', async () => {
      const server = fakeOrderApi(orderAt('NECT_SIGN'));
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      renderWorkflow();
      await user.click(await screen.findByRole('button', { name: 'Vertrag signieren' }));
      await waitFor(() => expect(open).toHaveBeenCalled());
      expect(await screen.findByTestId('case-started')).toBeInTheDocument();

      // In the trust service's tab the employee declined; back in this tab, the order is read again.
      const reason =
        'Sie haben die Signatur beim Vertrauensdienst abgelehnt. Der Vertrag ist nicht unterschrieben; Sie können die Signatur erneut starten.';
      server.order = orderAt('NECT_SIGN', {
        providerCaseFailure: { kind: 'SIGN', status: 'CANCELLED', message: reason, at: '2026-03-02T10:00:00.000Z' },
      });
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      const failure = await screen.findByTestId('case-failed');
      expect(failure).toHaveTextContent('Nicht abgeschlossen');
      expect(failure).toHaveTextContent(reason);
      expect(screen.queryByTestId('case-started')).not.toBeInTheDocument();

      // A new attempt from here: the old failure goes, the new one is awaited.
      await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
      await waitFor(() => expect(screen.queryByTestId('case-failed')).not.toBeInTheDocument());
      expect(screen.getByTestId('case-started')).toBeInTheDocument();
    });

    it('words a failed licence check by its state when the provider gave no reason', async () => {
      fakeOrderApi(
        orderAt('NECT_DRIVERS_LICENCE', {
          providerCaseFailure: { kind: 'IDENT', status: 'EXPIRED', message: null, at: '2026-03-02T10:00:00.000Z' },
        }),
      );
      renderWorkflow();
      expect(await screen.findByTestId('case-failed')).toHaveTextContent(
        'Die Prüfung Ihres Führerscheins ist abgelaufen.',
      );
      expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeEnabled();
    });

    it('toasts the server message for the identity check on 503 and leaves the step unchanged', async () => {
      fakeOrderApi(orderAt('NECT_DRIVERS_LICENCE'), {
        onLink: () =>
          jsonResponse(503, { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Dienst nicht erreichbar.' }),
      });
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      renderWorkflow();
      await user.click(await screen.findByRole('button', { name: 'Identifikation starten' }));
      expect(await screen.findByText('Dienst nicht erreichbar.')).toBeInTheDocument();
      expect(screen.queryByText('Fehler, bitte versuchen Sie es erneut!')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
      expect(screen.getByTestId('ident-continue')).toBeDisabled();
    });
  });

  it('says the order was not found on 404 and asks nothing for an invalid id', async () => {
    const calls = stubApi(() =>
      jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Bestellung nicht gefunden' }),
    );
    renderWorkflow(7);
    expect(await screen.findByRole('heading', { name: 'Bestellung nicht gefunden' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/order/7/workflow')).toBe(true);
  });

  it('does not ask for a malformed order id', async () => {
    const calls = stubApi();
    renderWithRoutes([{ path: '/order/:orderId/workflow', element: <WorkflowPage /> }], '/order/abc/workflow');
    expect(await screen.findByRole('heading', { name: 'Bestellung nicht gefunden' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/v1/order'))).toHaveLength(0);
  });
});

describe('the step screens after the employee is done', () => {
  const renderOrder = (order: Order, hideSign = false) => {
    stubApi((call) => (call.path.endsWith('/contract') ? pdfResponse() : undefined));
    return renderWithRoutes([{ path: '*', element: <Workflow order={order} hideSign={hideSign} /> }], '/');
  };

  it.each<StepType>(['TENANT_ADMIN_CLICK_CONFIRM', 'ADMIN_CONFIRM'])(
    'congratulates while the order waits at %s',
    async (current) => {
      renderOrder(orderAt(current));
      expect(await screen.findByRole('heading', { name: 'Herzlichen Glückwunsch!' })).toBeInTheDocument();
      expect(
        screen.getByText('Über den weiteren Fortschritt Ihrer Bestellung informieren wir Sie per E-Mail.'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('order-photo')).toHaveAttribute('src', '/media/q4.svg');
    },
  );

  it('shows the default car image when the order has no photo', async () => {
    const order = orderAt('TENANT_ADMIN_CLICK_CONFIRM');
    renderOrder({ ...order, vehicle: { ...order.vehicle, mainPhotoUrl: null } });
    expect(await screen.findByTestId('order-default-image')).toHaveAccessibleName('Elektroauto (Symbolbild)');
  });

  it('waits for the handover, then says "Leasing aktiv" with the date', async () => {
    const { unmount } = renderOrder(orderAt('LEASING_ACTIVE'));
    expect(
      await screen.findByText(
        'Ihr Fahrzeug ist beim Hersteller bestellt. Wir melden uns bei Ihnen, um die Übergabe zu vereinbaren.',
      ),
    ).toBeInTheDocument();
    unmount();
    renderOrder(
      orderAt('LEASING_ACTIVE', {
        userSteps: [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 40)],
        handoverDate: '2026-03-02',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Leasing aktiv' })).toBeInTheDocument();
    expect(screen.getByText('Ihr Fahrzeug wurde am 02.03.2026 übergeben. Gute Fahrt!')).toBeInTheDocument();
  });

  it.each<[StepType, StepType, string]>([
    ['TENANT_ADMIN_CLICK_CONFIRM', 'DECLINED_BY_TENANT', 'Ihr Arbeitgeber hat die Bestellung abgelehnt.'],
    ['ADMIN_CONFIRM', 'DECLINED_BY_ADMIN', 'Die Bestellung wurde vom Anbieter abgelehnt.'],
  ])('shows a decline at %s with the reason', async (at, terminal, text) => {
    renderOrder(
      orderAt(at, {
        status: terminal,
        declineReason: 'Budget ausgeschöpft',
        userSteps: [
          ...recordsUpTo(at).filter((r) => r.status !== null),
          record(at, 'DECLINED', 30),
          record(terminal, 'ACCEPTED', 30),
        ],
      }),
    );
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Begründung: Budget ausgeschöpft')).toBeInTheDocument();
  });

  it('explains an expired order', async () => {
    renderOrder(
      orderAt('CONFIRM_SUMMARY', {
        status: 'EXPIRED',
        userSteps: [
          record('CONFIRM_SUMMARY', null, 0),
          record('CONFIRM_SUMMARY', 'DECLINED', 9),
          record('EXPIRED', 'ACCEPTED', 9),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Bestellung abgelaufen' })).toBeInTheDocument();
  });

  it('explains a breaking change and offers a restart', async () => {
    const order = orderAt('PREVIEW_CONTRACT', {
      status: 'BREAKING_CHANGE',
      userSteps: [
        ...recordsUpTo('PREVIEW_CONTRACT'),
        record('PREVIEW_CONTRACT', 'DECLINED', 9),
        record('BREAKING_CHANGE', 'ACCEPTED', 9),
      ],
    });
    renderOrder(order);
    expect(
      await screen.findByText(/weil sich Ihre persönlichen Angaben oder die Konditionen des Angebots geändert haben/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bestellung neu starten' })).toHaveAttribute(
      'href',
      `/vehicle/${order.vehicle.id}`,
    );
  });

  it.each<StepType>(['NECT_DRIVERS_LICENCE', 'NECT_SIGN', 'TENANT_ADMIN_CLICK_CONFIRM'])(
    'replaces the identity, signature and finished screens at %s when signing is hidden',
    async (current) => {
      renderOrder(orderAt(current), true);
      expect(await screen.findByRole('heading', { name: 'In Bearbeitung' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Identifikation starten' })).not.toBeInTheDocument();
      expect(screen.queryByText('Herzlichen Glückwunsch!')).not.toBeInTheDocument();
    },
  );

  it('keeps the summary when signing is hidden', async () => {
    renderOrder(orderAt('CONFIRM_SUMMARY'), true);
    expect(await screen.findByRole('heading', { name: 'Zusammenfassung Ihrer Bestellung' })).toBeInTheDocument();
  });

  it('says "Komponente nicht gefunden" for a step type without a screen', async () => {
    const step = {
      id: 99,
      stepType: 'SOMETHING_NEW',
      stepName: null,
      record: null,
      display: 'current',
    } as unknown as WorkflowStep;
    renderWithRoutes(
      [
        {
          path: '*',
          element: (
            <StepScreen order={orderAt('CONFIRM_SUMMARY')} step={step} hideSign={false} continueDisabled={false} />
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByText('Komponente nicht gefunden')).toBeInTheDocument();
    expect(USER_STEPS_FINISHED).toBe('USER_STEPS_FINISHED');
  });
});
