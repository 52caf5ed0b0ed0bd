import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Claim, ClaimUpdateRequest, ProviderClaim } from '@leasing/contract';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as ClaimsRoute } from '../../../app/routes/provider-claims';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { buildProviderClaim, webpResponse } from '../../orders/test-support/claims';
import { ClaimDrawer } from './claim-drawer';

const PHOTO = '0b7d9c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const patches = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PATCH');

const inReview = buildProviderClaim({
  status: 'IN_REVIEW',
  policeReportNumber: 'AZ 7/26',
  photoIds: [PHOTO],
  events: [
    { status: 'REPORTED', note: null, at: '2026-05-04T15:00:00.000Z' },
    { status: 'IN_REVIEW', note: 'Gutachter ist beauftragt.', at: '2026-05-05T09:00:00.000Z' },
  ],
});

/** The back office with a queue of one claim that a PATCH changes as the server would. */
function stubQueue(answer?: (body: ClaimUpdateRequest) => Response | undefined) {
  let claim: ProviderClaim = inReview;
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
    if (call.path === '/v1/provider/claims')
      return jsonResponse(200, { items: [claim], total: 1, page: 1, pageSize: 25 });
    if (call.path.includes('/photos/')) return webpResponse();
    if (call.method === 'PATCH' && call.path === `/v1/provider/claims/${claim.id}`) {
      const body = call.body as ClaimUpdateRequest;
      const refusal = answer?.(body);
      if (refusal) return refusal;
      const { personName: _p, tenantName: _t, car: _c, ...rest } = claim;
      const updated: Claim = {
        ...rest,
        status: body.status,
        excessEur: body.excessEur ?? claim.excessEur,
        excessMonth: body.excessEur === undefined ? claim.excessMonth : '2026-12',
        events: [...claim.events, { status: body.status, note: body.note ?? null, at: '2026-12-03T10:00:00.000Z' }],
      };
      claim = { ...claim, ...updated };
      return jsonResponse(200, updated);
    }
    return undefined;
  });
}

const renderDrawer = (claim: ProviderClaim) =>
  renderRoutes(
    withQueryClient([{ path: '/', element: <ClaimDrawer claim={claim} onClose={vi.fn()} onUpdated={vi.fn()} /> }]),
    '/',
  );

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('a claim in the back office', () => {
  it('shows the whole report and moves it on with a note and the excess', async () => {
    const calls = stubQueue();
    const user = userEvent.setup();
    renderRoutes(
      withQueryClient([
        { path: '/provider', element: <ProviderLayout />, children: [{ path: 'claims', element: <ClaimsRoute /> }] },
      ]),
      '/provider/claims',
    );
    await user.click(await screen.findByRole('button', { name: 'Meldung S-2026-000042 öffnen' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Meldung S-2026-000042' }));
    const detail = within(drawer.getByTestId('claim-detail'));
    expect(detail.getByText('Max Mustermann')).toBeInTheDocument();
    expect(detail.getByText('Muster GmbH')).toBeInTheDocument();
    expect(detail.getByText('Audi Q4 e-tron 45')).toBeInTheDocument();
    expect(detail.getByText('04.05.2026, 16:30')).toBeInTheDocument();
    expect(detail.getByText('Parkplatz Marktstraße 5, München')).toBeInTheDocument();
    expect(detail.getByText('AZ 7/26')).toBeInTheDocument();
    expect(detail.getByTestId('claim-description')).toHaveTextContent('hintere Stoßstange');
    expect(detail.getByTestId('claim-note')).toHaveTextContent('Gutachter ist beauftragt.');
    expect(await detail.findByRole('img', { name: 'Foto 1 zur Meldung S-2026-000042' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );

    // Only the moves the contract allows from "In Prüfung", and the state itself.
    await user.click(drawer.getByRole('combobox', { name: 'Neuer Stand' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'In Prüfung (unverändert)',
      'Reparatur geplant',
      'Repariert',
      'Totalschaden',
      'Abgelehnt',
    ]);
    await user.click(screen.getByRole('option', { name: 'Reparatur geplant' }));
    await user.type(drawer.getByRole('textbox', { name: /^Notiz an die beschäftigte Person/ }), 'Termin am 12.12.');
    await user.type(drawer.getByRole('textbox', { name: /^Selbstbeteiligung in Euro/ }), '350,5');
    await user.click(drawer.getByRole('button', { name: 'Speichern' }));

    expect(
      await screen.findByText('Meldung S-2026-000042 gespeichert; die Person ist informiert.'),
    ).toBeInTheDocument();
    expect(patches(calls)).toEqual([
      expect.objectContaining({
        path: `/v1/provider/claims/${inReview.id}`,
        body: { status: 'REPAIR_SCHEDULED', note: 'Termin am 12.12.', excessEur: 350.5 },
        authorization: 'Bearer access',
      }),
    ]);
    // The excess is decided: no second time.
    await waitFor(() => expect(drawer.getByTestId('claim-excess')).toHaveTextContent('im Dezember 2026'));
    expect(drawer.queryByRole('textbox', { name: /^Selbstbeteiligung in Euro/ })).toBeNull();
    expect(drawer.getAllByTestId('claim-status')[0]).toHaveTextContent('Reparatur geplant');
    expect(drawer.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/provider/claims')).toHaveLength(2));
  });

  it('offers no excess on a rejection and checks the excess against the terms', async () => {
    const calls = stubQueue();
    const user = userEvent.setup();
    renderDrawer(inReview);
    const drawer = within(await screen.findByRole('dialog', { name: 'Meldung S-2026-000042' }));
    const excess = drawer.getByRole('textbox', { name: /^Selbstbeteiligung in Euro/ });
    await user.type(excess, '500,01');
    await user.click(drawer.getByRole('button', { name: 'Speichern' }));
    expect(await drawer.findByText('Höchstens 500')).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);

    await user.click(drawer.getByRole('combobox', { name: 'Neuer Stand' }));
    await user.click(await screen.findByRole('option', { name: 'Abgelehnt' }));
    expect(drawer.queryByRole('textbox', { name: /^Selbstbeteiligung in Euro/ })).toBeNull();
    expect(drawer.getByText('Eine abgelehnte Meldung hat keine Selbstbeteiligung.')).toBeInTheDocument();
    await user.click(drawer.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ status: 'REJECTED' });
  });

  it('shows the server’s refusal as it words it', async () => {
    const calls = stubQueue(() =>
      jsonResponse(409, {
        status: 409,
        code: 'CONFLICT',
        message: 'Die Selbstbeteiligung dieser Meldung ist bereits festgesetzt.',
      }),
    );
    const user = userEvent.setup();
    renderDrawer(inReview);
    const drawer = within(await screen.findByRole('dialog', { name: 'Meldung S-2026-000042' }));
    const save = drawer.getByRole('button', { name: 'Speichern' });
    // Nothing to save until something changes.
    expect(save).toBeDisabled();
    await user.type(drawer.getByRole('textbox', { name: /^Selbstbeteiligung in Euro/ }), '200');
    await user.click(save);
    expect(await drawer.findByRole('alert')).toHaveTextContent(
      'Die Selbstbeteiligung dieser Meldung ist bereits festgesetzt.',
    );
    expect(patches(calls)[0]?.body).toEqual({ status: 'IN_REVIEW', excessEur: 200 });
  });

  it('leaves a closed claim with a decided excess only a note', async () => {
    stubQueue();
    renderDrawer(buildProviderClaim({ status: 'REPAIRED', excessEur: 500, excessMonth: '2026-11' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Meldung S-2026-000042' }));
    await userEvent.click(drawer.getByRole('combobox', { name: 'Neuer Stand' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Repariert (unverändert)']);
    expect(drawer.queryByRole('textbox', { name: /^Selbstbeteiligung in Euro/ })).toBeNull();
    expect(drawer.getByTestId('claim-excess')).toHaveTextContent('im November 2026');
  });
});
