import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Claim, Role } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildClaim, hrViewOf, webpResponse } from '../test-support/claims';
import { buildOrder, orderAt, record, recordsUpTo } from '../test-support/factories';
import { renderWithRoutes } from '../test-support/render';
import { ClaimsCard } from './claims-card';
import { Workflow } from './workflow-page';

const PHOTO = '0b7d9c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

const decided = buildClaim({
  status: 'REPAIR_SCHEDULED',
  excessEur: 500,
  excessMonth: '2026-06',
  photoIds: [PHOTO],
  events: [
    { status: 'REPORTED', note: null, at: '2026-05-04T15:00:00.000Z' },
    { status: 'IN_REVIEW', note: 'Gutachter ist beauftragt.', at: '2026-05-05T09:00:00.000Z' },
    { status: 'REPAIR_SCHEDULED', note: 'Werkstatttermin am 12.06.', at: '2026-06-02T10:00:00.000Z' },
  ],
});
const fresh = buildClaim({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  number: 'S-2026-000043',
  kind: 'THEFT',
  policeReportNumber: 'AZ 123/26',
  drivable: false,
  thirdPartyInvolved: false,
});

function stubClaims(claims: Claim[], role: Role = 'EMPLOYEE') {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role });
    if (call.path === '/v1/order/42/claims' && call.method === 'GET') return jsonResponse(200, claims);
    if (call.path.startsWith('/v1/order/42/claims/') && call.path.includes('/photos/')) return webpResponse();
    return undefined;
  });
}

const renderCard = (order = buildOrder({ status: 'LEASING_ACTIVE', handoverDate: '2026-03-02' })) =>
  renderWithRoutes([{ path: '/order/42', element: <ClaimsCard order={order} /> }], '/order/42');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('the damage reports on the order page', () => {
  it('lists each report with kind, state, excess and payroll month, history with notes and photos', async () => {
    const calls = stubClaims([fresh, decided]);
    renderCard();
    const card = await screen.findByTestId('claims-card');
    expect(within(card).getByRole('heading', { name: 'Schäden und Unfälle' })).toBeInTheDocument();
    const rows = within(card).getAllByTestId('claim-row');
    expect(rows).toHaveLength(2);

    const [theft, accident] = rows as [HTMLElement, HTMLElement];
    expect(theft).toHaveTextContent('S-2026-000043');
    expect(theft).toHaveTextContent('Diebstahl · gemeldet am 04.05.2026');
    expect(within(theft).getByTestId('claim-status')).toHaveTextContent('Gemeldet');
    expect(theft).toHaveTextContent(
      'Keine Dritten beteiligt · Fahrzeug nicht fahrbereit · Aktenzeichen der Polizei: AZ 123/26',
    );
    expect(within(theft).getByTestId('claim-excess')).toHaveTextContent('Selbstbeteiligung: noch nicht festgelegt');

    expect(accident).toHaveTextContent('Unfall · gemeldet am 04.05.2026');
    expect(accident).toHaveTextContent('Am 04.05.2026, 16:30 in Parkplatz Marktstraße 5, München');
    expect(accident).toHaveTextContent('Beim Ausparken die hintere Stoßstange beschädigt.');
    expect(within(accident).getByTestId('claim-status')).toHaveTextContent('Reparatur geplant');
    expect(within(accident).getByTestId('claim-excess')).toHaveTextContent(
      'Selbstbeteiligung: 500,00 €, abgezogen vom Nettogehalt im Juni 2026',
    );
    const notes = within(accident)
      .getAllByTestId('claim-note')
      .map((note) => note.textContent);
    expect(notes).toEqual(['Gutachter ist beauftragt.', 'Werkstatttermin am 12.06.']);
    expect(within(within(accident).getByTestId('claim-history')).getByText('In Prüfung')).toBeInTheDocument();

    // The photo comes through the API client with the token, not as a plain image address.
    const photo = await within(accident).findByRole('img', { name: 'Foto 1 zur Meldung S-2026-000042' });
    expect(photo.getAttribute('src')).toMatch(/^blob:/);
    const photoCall = calls.find((c) => c.path === `/v1/order/42/claims/${decided.id}/photos/${PHOTO}`);
    expect(photoCall?.authorization).toBe('Bearer access');

    expect(within(card).getByText(/Selbstbeteiligung von bis zu 500 €/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Schaden melden' })).toBeInTheDocument();
  });

  it('says so when nothing was reported, and opens the report form', async () => {
    stubClaims([]);
    renderCard();
    const card = await screen.findByTestId('claims-card');
    expect(within(card).getByText('Zu diesem Fahrzeug ist kein Schaden gemeldet.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Schaden melden' }));
    expect(await screen.findByRole('dialog', { name: 'Schaden melden' })).toBeInTheDocument();
  });

  it('shows HR only number, state and excess, and no way to report', async () => {
    const calls = stubClaims([hrViewOf(decided)], 'TENANT_ADMIN');
    renderCard(
      buildOrder({
        status: 'LEASING_ACTIVE',
        handoverDate: '2026-03-02',
        employee: { firstName: 'Max', lastName: 'Mustermann', email: 'other@example.com', employeeId: null },
      }),
    );
    const row = await screen.findByTestId('claim-row');
    expect(row).toHaveTextContent('S-2026-000042');
    expect(within(row).getByTestId('claim-status')).toHaveTextContent('Reparatur geplant');
    expect(within(row).getByTestId('claim-excess')).toHaveTextContent('500,00 €');
    expect(within(row).queryByTestId('claim-history')).toBeNull();
    expect(within(row).queryByText(/Marktstraße/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schaden melden' })).toBeNull();
    expect(calls.some((c) => c.path.includes('/photos/'))).toBe(false);
  });

  it('is on the order page for a running lease only, as the odometer is', async () => {
    const calls = stubClaims([decided]);
    const running = orderAt('LEASING_ACTIVE', {
      userSteps: [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 40)],
      handoverDate: '2026-03-02',
    });
    const { unmount } = renderWithRoutes([{ path: '/order/42', element: <Workflow order={running} /> }], '/order/42');
    expect(await screen.findByTestId('claims-card')).toHaveTextContent('S-2026-000042');
    unmount();

    const claimCalls = () => calls.filter((c) => c.path === '/v1/order/42/claims').length;
    const before = claimCalls();
    renderWithRoutes([{ path: '/order/42', element: <Workflow order={orderAt('LEASING_ACTIVE')} /> }], '/order/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung 42' })).toBeInTheDocument();
    expect(screen.queryByTestId('claims-card')).toBeNull();
    expect(claimCalls()).toBe(before);
  });
});
