import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Order } from '@leasing/contract';

import { stubApi } from '../../../test/fake-api';
import { deferred, jsonResponse } from '../../../test/memory-storage';
import { orderAt, record, recordsUpTo } from '../test-support/factories';
import { pdfResponse, renderWithRoutes } from '../test-support/render';
import { OrderListPage } from './order-list-page';

const renderList = () =>
  renderWithRoutes(
    [
      { path: '/profile/orders', element: <OrderListPage /> },
      { path: '/order/:orderId/workflow', element: <h1>Bestellprozess</h1> },
      { path: '/order/:orderId/preview', element: <h1>Bestellübersicht</h1> },
    ],
    '/profile/orders',
  );

const cardOf = (orderId: number) => {
  const card = screen
    .getAllByTestId('order-card')
    .find((element) => within(element).queryByRole('heading', { name: `Bestellung ${String(orderId)}` }));
  if (!card) throw new Error(`no card for ${String(orderId)}`);
  return card;
};

const signedContract = {
  id: '5b0c4d1e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  name: 'Ueberlassungsvertrag-7-unterschrieben.pdf',
  created: '2026-03-02T10:00:00.000Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/profile/orders', () => {
  it('lists the orders newest id first with title, vehicle, image, status and the user-visible steps', async () => {
    const older = orderAt('CONFIRM_SUMMARY', { id: 3 });
    const newer = orderAt('TENANT_ADMIN_CLICK_CONFIRM', {
      id: 7,
      vehicle: { ...older.vehicle, mainPhotoUrl: null, trimLevel: null, brand: 'Kia', carModel: 'EV3' },
      documents: [signedContract],
    });
    stubApi((call) => (call.path === '/v1/order' ? jsonResponse(200, [older, newer]) : undefined));
    renderList();

    const cards = await screen.findAllByTestId('order-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Bestellung 7',
      'Bestellung 3',
    ]);
    const card = cardOf(7);
    expect(within(card).getByText('Kia EV3')).toBeInTheDocument();
    expect(within(card).getByTestId('order-default-image')).toBeInTheDocument();
    expect(within(card).getByTestId('order-status')).toHaveTextContent('Aktueller Schritt: Freigabe Arbeitgeber');
    const steps = within(within(card).getByRole('list', { name: 'Status der Bestellung' })).getAllByRole('listitem');
    expect(steps.map((item) => item.textContent)).toEqual([
      'Zusammenfassung: Erledigt',
      'Überlassungsvertrag: Erledigt',
      'Führerscheinprüfung: Erledigt',
      'Identifikation und Signatur: Erledigt',
      'Freigabe Arbeitgeber: Aktuell',
      'Bestellung beim Hersteller: Offen',
      'Übergabe – Leasing aktiv: Offen',
    ]);
    // On a phone the card says where the order stands in place of the row of steps.
    expect(within(card).getByTestId('order-progress')).toHaveTextContent('Schritt 5 von 7');
    expect(within(cardOf(3)).getByTestId('order-progress')).toHaveTextContent('Schritt 1 von 7');
    expect(within(cardOf(3)).getByText('Audi Q4 e-tron 45')).toBeInTheDocument();
    expect(within(cardOf(3)).getByTestId('order-photo')).toHaveAttribute('src', '/media/q4.svg');
  });

  it('offers the latest document, the preview, and continue and delete only before the signature', async () => {
    const signed = orderAt('LEASING_ACTIVE', {
      id: 7,
      documents: [signedContract],
      userSteps: [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 40)],
    });
    const open = orderAt('PREVIEW_CONTRACT', { id: 3 });
    stubApi((call) => (call.path === '/v1/order' ? jsonResponse(200, [signed, open]) : undefined));
    renderList();

    await screen.findAllByTestId('order-card');
    const done = cardOf(7);
    expect(within(done).getByTestId('order-status')).toHaveTextContent('Leasing aktiv');
    expect(
      within(done).getByRole('button', { name: 'Dokument öffnen: Ueberlassungsvertrag-7-unterschrieben.pdf' }),
    ).toHaveTextContent('Ueberlassungsvertrag-7-unterschrieben.pdf');
    expect(within(done).getByRole('link', { name: 'Vorschau' })).toHaveAttribute('href', '/order/7/preview');
    expect(within(done).queryByRole('link', { name: 'Bestellung fortsetzen' })).not.toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();

    const pending = cardOf(3);
    expect(within(pending).queryByTestId('latest-document')).not.toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Bestellung fortsetzen' })).toHaveAttribute(
      'href',
      '/order/3/workflow',
    );
    expect(within(pending).getByRole('button', { name: 'Löschen' })).toBeEnabled();
  });

  it('opens the latest document as PDF in a new tab', async () => {
    const order = orderAt('TENANT_ADMIN_CLICK_CONFIRM', { id: 7, documents: [signedContract] });
    const calls = stubApi((call) => {
      if (call.path === '/v1/order') return jsonResponse(200, [order]);
      if (call.path === `/v1/order/7/contract/${signedContract.id}`) return pdfResponse();
      return undefined;
    });
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByTestId('latest-document'));
    await waitFor(() => expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), '_blank'));
    expect(calls.some((c) => c.path === `/v1/order/7/contract/${signedContract.id}`)).toBe(true);
  });

  it('deletes after confirmation, toasts "Gelöscht" and reloads the list', async () => {
    let orders: Order[] = [orderAt('CONFIRM_SUMMARY', { id: 3 }), orderAt('NECT_SIGN', { id: 4 })];
    const gate = deferred<Response>();
    const calls = stubApi((call) => {
      if (call.path === '/v1/order') return jsonResponse(200, orders);
      if (call.method === 'DELETE' && call.path === '/v1/order/3') {
        return gate.promise.then((answer) => {
          orders = orders.filter((o) => o.id !== 3);
          return answer;
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();

    await user.click(within(await waitFor(() => cardOf(3))).getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestellung löschen?' });
    expect(within(dialog).getByText(/Bestellung 3 \(Audi Q4 e-tron 45\) wirklich löschen/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, löschen' }));

    // While the deletion runs, no order can be continued or deleted.
    await waitFor(() => expect(within(cardOf(4)).getByRole('button', { name: 'Löschen' })).toBeDisabled());
    expect(within(cardOf(4)).getByRole('button', { name: 'Bestellung fortsetzen' })).toBeDisabled();
    gate.resolve(new Response(null, { status: 204 }));

    expect(await screen.findByText('Gelöscht')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/v1/order' && c.method === 'GET').length).toBeGreaterThanOrEqual(2);
    expect(within(cardOf(4)).getByRole('button', { name: 'Löschen' })).toBeEnabled();
  });

  it('keeps the order when the dialog is cancelled', async () => {
    const calls = stubApi((call) =>
      call.path === '/v1/order' ? jsonResponse(200, [orderAt('CONFIRM_SUMMARY', { id: 3 })]) : undefined,
    );
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('logs a failed delete and shows the error message', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi((call) => {
      if (call.path === '/v1/order' && call.method === 'GET')
        return jsonResponse(200, [orderAt('NECT_SIGN', { id: 3 })]);
      if (call.method === 'DELETE') {
        return jsonResponse(409, {
          status: 409,
          code: 'CONFLICT',
          message: 'Eine unterschriebene Bestellung kann nicht gelöscht werden.',
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, löschen' }));
    expect(await screen.findByText('Eine unterschriebene Bestellung kann nicht gelöscht werden.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('order delete failed', expect.anything());
    expect(screen.queryByText('Gelöscht')).not.toBeInTheDocument();
  });

  it('shows the error message as a toast when the list cannot be loaded', async () => {
    stubApi((call) =>
      call.path === '/v1/order'
        ? jsonResponse(500, { status: 500, code: 'INTERNAL', message: 'Interner Fehler' })
        : undefined,
    );
    renderList();
    expect(await screen.findByText('Interner Fehler')).toBeInTheDocument();
    expect(
      screen.getByText('Die Bestellung konnte nicht geladen werden. Bitte versuchen Sie es später erneut.'),
    ).toBeInTheDocument();
  });

  it('invites to the search when there are no orders', async () => {
    stubApi((call) => (call.path === '/v1/order' ? jsonResponse(200, []) : undefined));
    renderList();
    expect(await screen.findByText('Sie haben noch keine Bestellung aufgegeben.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Fahrzeugsuche' })).toHaveAttribute('href', '/search');
  });
});
