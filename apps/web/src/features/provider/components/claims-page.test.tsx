import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as ClaimsRoute } from '../../../app/routes/provider-claims';
import { setAuthData } from '../../../lib/auth-store';
import { formatAmount } from '../../../lib/format';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { buildProviderClaim as queued } from '../../orders/test-support/claims';

const renderAt = (path: string) =>
  renderRoutes(
    withQueryClient([
      { path: '/provider', element: <ProviderLayout />, children: [{ path: 'claims', element: <ClaimsRoute /> }] },
    ]),
    path,
  );

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('/provider/claims', () => {
  it('lists the queue with its columns; status, search and page go to the server and the address', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/claims') {
        const page = Number(call.query?.['page'] ?? '1');
        const row = queued({
          number: `S-2026-00000${String(page)}`,
          status: call.query?.['status'] === 'REPAIRED' ? 'REPAIRED' : 'IN_REVIEW',
          excessEur: page === 2 ? 350.5 : null,
        });
        return jsonResponse(200, { items: [row], total: 60, page, pageSize: 25 });
      }
      return undefined;
    });
    const lastQuery = () => calls.filter((c) => c.path === '/v1/provider/claims').at(-1)?.query;
    const user = userEvent.setup();
    const { router } = renderAt('/provider/claims?page=2&status=BOGUS');

    expect(await screen.findByRole('heading', { name: 'Schadenmeldungen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schadenmeldungen' })).toHaveAttribute('aria-current', 'page');
    const row = await screen.findByTestId('claim-queue-row');
    expect(screen.getByTestId('claims-total')).toHaveTextContent('60 Meldungen');
    // An unknown state in the address is left out, not sent.
    expect(lastQuery()).toEqual({ page: '2', pageSize: '25' });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('S-2026-000002Bestellung Nr. 42');
    expect(cells.slice(0, 7)).toEqual([
      '04.05.2026',
      'Max Mustermann',
      'Muster GmbH',
      'Audi Q4 e-tron 45',
      'Unfall',
      'In Prüfung',
      formatAmount(350.5),
    ]);

    const filter = screen.getByRole('combobox', { name: 'Stand' });
    expect(filter).toHaveValue('Alle');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Repariert' }));
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'REPAIRED', page: '1', pageSize: '25' }));
    expect(router.state.location.search).toBe('?status=REPAIRED');
    await waitFor(() =>
      expect(within(screen.getByTestId('claim-queue-row')).getByTestId('claim-status')).toHaveTextContent('Repariert'),
    );
    expect(within(screen.getByTestId('claim-queue-row')).getAllByRole('cell')[6]).toHaveTextContent('–');

    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'S-2026');
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'REPAIRED', q: 'S-2026', page: '1', pageSize: '25' }));
    expect(router.state.location.search).toBe('?q=S-2026&status=REPAIRED');

    await user.click(screen.getByRole('combobox', { name: 'Stand' }));
    await user.click(await screen.findByRole('option', { name: 'Alle' }));
    await waitFor(() => expect(lastQuery()).toEqual({ q: 'S-2026', page: '1', pageSize: '25' }));

    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '25' }));
  });

  it('says so when nothing matches', async () => {
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/claims') return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
      return undefined;
    });
    renderAt('/provider/claims?status=REJECTED');
    expect(await screen.findByText('Keine Meldungen für diese Auswahl.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Stand' })).toHaveValue('Abgelehnt');
  });
});
