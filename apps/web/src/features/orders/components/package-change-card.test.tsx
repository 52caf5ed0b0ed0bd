import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { PackageChangeOverview, Role } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildOrder, orderAt, record, recordsUpTo } from '../test-support/factories';
import { buildOverview, buildPackageChange } from '../test-support/package-changes';
import { renderWithRoutes } from '../test-support/render';
import { PackageChangeCard } from './package-change-card';
import { Workflow } from './workflow-page';

const PATH = '/v1/order/42/package-change';
/** Text as read, with the non-breaking spaces of the currency format as plain ones. */
const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');

interface Server {
  overview: PackageChangeOverview;
  calls: RecordedCall[];
}

/** The order's package-change endpoints in memory; `onPost` answers the request (by default: accepted). */
function fakeApi(
  overview: PackageChangeOverview,
  { role = 'EMPLOYEE', onPost }: { role?: Role; onPost?: (call: RecordedCall, server: Server) => Response } = {},
): Server {
  const server: Server = { overview, calls: [] };
  server.calls = stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role });
    if (call.path === PATH && call.method === 'GET') return jsonResponse(200, server.overview);
    if (call.path === PATH && call.method === 'POST') {
      if (onPost) return onPost(call, server);
      const chosen = server.overview.options.find(
        (o) => o.kmPerYear === (call.body as { kmPerYear: number }).kmPerYear,
      );
      if (!chosen) throw new Error('not offered');
      const { leasePackageId, kmPerYear, monthlyGrossRateEur } = chosen;
      const created = buildPackageChange({
        to: { leasePackageId, kmPerYear, monthlyGrossRateEur },
        requestedAt: '2026-07-14T09:00:00.000Z',
      });
      server.overview = { ...server.overview, options: [], changes: [created, ...server.overview.changes] };
      return jsonResponse(201, created);
    }
    return undefined;
  });
  return server;
}

const posts = (server: Server) => server.calls.filter((c) => c.method === 'POST' && c.path === PATH);

const running = buildOrder({ status: 'LEASING_ACTIVE', handoverDate: '2026-03-02' });
const renderCard = (order = running) =>
  renderWithRoutes([{ path: '/order/42', element: <PackageChangeCard order={order} /> }], '/order/42');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('the kilometre package on the order page', () => {
  it('offers the larger packages, spells out the consequence and sends { kmPerYear } only once confirmed', async () => {
    const server = fakeApi(buildOverview());
    const user = userEvent.setup();
    renderCard();
    const card = await screen.findByTestId('package-change-card');
    expect(within(card).getByRole('heading', { level: 2, name: 'Kilometerpaket' })).toBeInTheDocument();
    expect(text(within(card).getByTestId('package-change-current'))).toBe(
      'Paket in Kraft: 10.000 km im Jahr zu 643,00 € brutto im Monat.',
    );
    const group = within(card).getByRole('radiogroup', { name: 'Größeres Kilometerpaket' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(within(group).getByRole('radio', { name: /^15\.000 km im Jahr: 683,50\s€ im Monat$/ })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: /^20\.000 km im Jahr: 1\.720,25\s€ im Monat$/ })).not.toBeChecked();
    expect(text(group)).toContain('+40,50 € im Monat');
    expect(text(group)).toContain('+1.077,25 € im Monat');

    // Nothing chosen: asked to choose, nothing sent.
    await user.click(within(card).getByRole('button', { name: 'Paketwechsel anfragen' }));
    expect(await within(card).findByText('Bitte wählen Sie ein Kilometerpaket.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(group).getByRole('radio', { name: /^20\.000 km/ }));
    expect(within(card).queryByText('Bitte wählen Sie ein Kilometerpaket.')).toBeNull();
    expect(text(within(card).getByTestId('package-change-consequence'))).toBe(
      'Die neue Rate gilt nach Zustimmung des Leasinggebers ab dem Folgemonat; Ihre monatliche Gehaltsumwandlung steigt um 1.077,25 € brutto.',
    );

    // The dialog says it again; "Abbrechen" sends nothing.
    await user.click(within(card).getByRole('button', { name: 'Paketwechsel anfragen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Paketwechsel anfragen' });
    expect(text(dialog)).toContain(
      'Sie fragen 20.000 km im Jahr statt 10.000 km an. Die Rate steigt von 643,00 € auf 1.720,25 € brutto im Monat.',
    );
    expect(text(dialog)).toContain('Ihre monatliche Gehaltsumwandlung steigt um 1.077,25 € brutto.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(server)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Paketwechsel anfragen' }));
    dialog = await screen.findByRole('dialog', { name: 'Paketwechsel anfragen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich anfragen' }));

    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect(posts(server)[0]?.body).toEqual({ kmPerYear: 20_000 });
    expect(posts(server)[0]?.authorization).toBe('Bearer access');
    const state = await within(card).findByTestId('package-change-state');
    expect(text(state)).toBe(
      'Angefragt am 14.07.2026: 20.000 km im Jahr zu 1.720,25 € brutto im Monat. Bis zur Entscheidung des Leasinggebers gilt das bisherige Paket.',
    );
    expect(within(card).queryByRole('radiogroup')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Paketwechsel anfragen' })).toBeNull();
    expect(await screen.findByText(/Ihre Anfrage ist eingegangen/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows an open request with the history and offers nothing meanwhile', async () => {
    const declined = buildPackageChange({
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      status: 'DECLINED',
      note: 'Das größere Paket ist für dieses Modell ausgelaufen.',
      requestedAt: '2026-05-02T08:00:00.000Z',
      decidedAt: '2026-05-04T08:00:00.000Z',
    });
    fakeApi(buildOverview({ options: [], changes: [buildPackageChange(), declined] }));
    renderCard();
    const state = await screen.findByTestId('package-change-state');
    expect(text(state)).toBe(
      'Angefragt am 01.07.2026: 15.000 km im Jahr zu 683,50 € brutto im Monat. Bis zur Entscheidung des Leasinggebers gilt das bisherige Paket.',
    );
    const card = screen.getByTestId('package-change-card');
    expect(within(card).queryByRole('radiogroup')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByText(/kein größeres Kilometerpaket/)).toBeNull();

    const history = within(card).getByTestId('package-change-history');
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Anfrage vom', 'km im Jahr', 'Rate im Monat', 'Stand']);
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map(text))).toEqual([
      ['01.07.2026', '10.000 → 15.000', '643,00 € → 683,50 €', 'Angefragt'],
      [
        '02.05.2026',
        '10.000 → 15.000',
        '643,00 € → 683,50 €',
        'AbgelehntGrund: Das größere Paket ist für dieses Modell ausgelaufen.',
      ],
    ]);
  });

  it('says from which month an approved package applies, and why one was declined', async () => {
    const approved = buildPackageChange({
      status: 'APPROVED',
      effectiveMonth: '2026-08',
      decidedAt: '2026-07-20T08:00:00Z',
    });
    const server = fakeApi(buildOverview({ current: approved.to, options: [], changes: [approved] }));
    const { unmount } = renderCard();
    expect(text(await screen.findByTestId('package-change-state'))).toBe(
      'Genehmigt ab August 2026: 15.000 km im Jahr zu 683,50 € brutto im Monat. Der Nachtrag zum Leasingvertrag steht bei den Dokumenten der Bestellung.',
    );
    expect(text(screen.getByTestId('package-change-current'))).toContain('15.000 km im Jahr zu 683,50 €');
    expect(text(screen.getByTestId('package-change-status'))).toBe('Genehmigtab August 2026');
    expect(
      screen.getByText('Für Ihr Fahrzeug gibt es kein größeres Kilometerpaket mit dieser Laufzeit.'),
    ).toBeVisible();
    unmount();

    server.overview = buildOverview({
      options: [],
      changes: [buildPackageChange({ status: 'DECLINED', note: 'Nicht mehr im Programm.' })],
    });
    renderCard();
    expect(text(await screen.findByTestId('package-change-state'))).toBe('Abgelehnt: Nicht mehr im Programm.');
  });

  it('shows the server’s reason at the choice when the package is not offered', async () => {
    const server = fakeApi(buildOverview(), {
      onPost: () =>
        jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Dieses Kilometerpaket gibt es für Ihr Fahrzeug nicht.',
          errors: [{ field: 'kmPerYear', message: 'notOffered' }],
        }),
    });
    const user = userEvent.setup();
    renderCard();
    const card = await screen.findByTestId('package-change-card');
    await user.click(within(card).getByRole('radio', { name: /^15\.000 km/ }));
    await user.click(within(card).getByRole('button', { name: 'Paketwechsel anfragen' }));
    await user.click(await screen.findByRole('button', { name: 'Verbindlich anfragen' }));

    const group = within(card).getByRole('radiogroup', { name: 'Größeres Kilometerpaket' });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription('Dieses Kilometerpaket gibt es für Ihr Fahrzeug nicht.'),
    );
    expect(within(card).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(server)[0]?.body).toEqual({ kmPerYear: 15_000 });

    // A new choice clears the server's reason.
    await user.click(within(card).getByRole('radio', { name: /^20\.000 km/ }));
    expect(within(card).queryByText('Dieses Kilometerpaket gibt es für Ihr Fahrzeug nicht.')).toBeNull();
  });

  it('shows a refusal in the server’s words, and the state it reloads', async () => {
    fakeApi(buildOverview(), {
      onPost: (_call, server) => {
        // Asked from another tab meanwhile.
        server.overview = buildOverview({ options: [], changes: [buildPackageChange()] });
        return jsonResponse(409, {
          status: 409,
          code: 'CONFLICT',
          message: 'Für dieses Leasing ist bereits ein Paketwechsel angefragt.',
        });
      },
    });
    const user = userEvent.setup();
    renderCard();
    const card = await screen.findByTestId('package-change-card');
    await user.click(within(card).getByRole('radio', { name: /^15\.000 km/ }));
    await user.click(within(card).getByRole('button', { name: 'Paketwechsel anfragen' }));
    await user.click(await screen.findByRole('button', { name: 'Verbindlich anfragen' }));

    expect(await within(card).findByTestId('package-change-refusal')).toHaveTextContent(
      'Für dieses Leasing ist bereits ein Paketwechsel angefragt.',
    );
    expect(await within(card).findByTestId('package-change-state')).toHaveTextContent(/^Angefragt am 01\.07\.2026/);
    expect(within(card).queryByRole('radiogroup')).toBeNull();
  });

  it('shows HR the state and the history, and no way to ask', async () => {
    // Even were the server to offer packages, only the person the order belongs to may ask.
    const approved = buildPackageChange({ status: 'APPROVED', effectiveMonth: '2026-08' });
    const server = fakeApi(buildOverview({ changes: [approved] }), { role: 'TENANT_ADMIN' });
    renderCard(
      buildOrder({
        status: 'LEASING_ACTIVE',
        handoverDate: '2026-03-02',
        employee: { firstName: 'Max', lastName: 'Mustermann', email: 'other@example.com', employeeId: null },
      }),
    );
    const card = await screen.findByTestId('package-change-card');
    expect(within(card).getByTestId('package-change-state')).toHaveTextContent(/^Genehmigt ab August 2026/);
    expect(within(card).getByTestId('package-change-history')).toBeInTheDocument();
    expect(within(card).queryByRole('radiogroup')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByText(/kein größeres Kilometerpaket/)).toBeNull();
    expect(posts(server)).toHaveLength(0);
  });

  it('tells HR when nothing was asked for', async () => {
    fakeApi(buildOverview({ options: [] }), { role: 'PROVIDER_ADMIN' });
    renderCard(buildOrder({ ...running, employee: { ...running.employee, email: 'other@example.com' } }));
    expect(await screen.findByText('Bisher wurde kein anderes Kilometerpaket angefragt.')).toBeVisible();
    expect(screen.queryByTestId('package-change-history')).toBeNull();
  });

  it('is on the order page of a running lease next to the odometer, whose warning points to it', async () => {
    const server = fakeApi(buildOverview());
    const mileageCalls = stubMileage(server);
    const lease = orderAt('LEASING_ACTIVE', {
      userSteps: [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 40)],
      handoverDate: '2026-03-02',
    });
    const user = userEvent.setup();
    const { unmount } = renderWithRoutes([{ path: '/order/42', element: <Workflow order={lease} /> }], '/order/42');
    const card = await screen.findByTestId('package-change-card');
    const mileage = await screen.findByTestId('mileage-card');
    // The package follows the odometer.
    expect(mileage.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const link = within(await screen.findByTestId('mileage-warning')).getByRole('link', {
      name: 'Zum Kilometerpaket',
    });
    expect(link).toHaveAttribute('href', '#package-change');
    await user.click(link);
    expect(within(card).getByRole('heading', { name: 'Kilometerpaket' })).toHaveFocus();
    unmount();

    const asked = () => server.calls.filter((c) => c.path === PATH).length;
    const before = asked();
    renderWithRoutes([{ path: '/order/42', element: <Workflow order={orderAt('LEASING_ACTIVE')} /> }], '/order/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung 42' })).toBeInTheDocument();
    expect(screen.queryByTestId('package-change-card')).toBeNull();
    expect(asked()).toBe(before);
    expect(mileageCalls()).toBeGreaterThan(0);
  });
});

/** Adds an odometer forecast past the tolerance to the fake API; returns a counter of its calls. */
function stubMileage(server: Server): () => number {
  const overview = () => server.overview;
  server.calls = stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, ME);
    if (call.path === PATH && call.method === 'GET') return jsonResponse(200, overview());
    if (call.path === '/v1/order/42/mileage')
      return jsonResponse(200, {
        readings: [],
        handoverDate: '2026-03-02',
        endsOn: '2030-03-01',
        contractKm: 40_000,
        kmPerYearSoFar: 18_000,
        forecastEndKm: 72_000,
        projectedSettlement: {
          contractKm: 40_000,
          drivenKm: 72_000,
          extraKm: 32_000,
          chargedExtraKm: 10_000,
          extraKmEur: 1_234,
          fewerKm: 0,
          refundedFewerKm: 0,
          fewerKmEur: 0,
          damagesEur: 0,
          totalEur: 1_234,
        },
        overTolerance: true,
      });
    return undefined;
  });
  return () => server.calls.filter((c) => c.path === '/v1/order/42/mileage').length;
}
