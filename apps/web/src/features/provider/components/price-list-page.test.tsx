import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { PriceListVersion } from '@leasing/contract';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as PriceListRoute } from '../../../app/routes/provider-price-list';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

const version = (id: number): PriceListVersion => ({
  id,
  kind: 'PUBLISH',
  fileName: `preisliste-${id}.csv`,
  publishedAt: '2026-03-01T09:00:00.000Z',
  publishedBy: 'Anna Anbieter',
  added: 1_200,
  changed: 3,
  withdrawn: 0,
  rolledBackVersionId: null,
  current: id === 250,
});

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('/provider/price-list versions', () => {
  it('pages, sorts and searches the versions through the server, the state in the address', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/catalog/versions') {
        const page = Number(call.query?.['page'] ?? '1');
        return jsonResponse(200, { items: [version(251 - page)], total: 1_250, page, pageSize: 20 });
      }
      return undefined;
    });
    const lastQuery = () => calls.filter((c) => c.path === '/v1/provider/catalog/versions').at(-1)?.query;
    const user = userEvent.setup();
    const { router } = renderRoutes(
      withQueryClient([
        {
          path: '/provider',
          element: <ProviderLayout />,
          children: [{ path: 'price-list', element: <PriceListRoute /> }],
        },
      ]),
      '/provider/price-list?page=2',
    );
    expect(await screen.findByText('1.250 veröffentlichte Preislisten')).toBeInTheDocument();
    const row = screen.getByTestId('price-list-version');
    expect(within(row).getByText('1.200 neu, 3 geändert, 0 zurückgezogen')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ page: '2', pageSize: '20' });
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('preisliste-248.csv')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    await user.type(screen.getByRole('searchbox', { name: /Suchen/ }), 'märz');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'märz', page: '1' }));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('märz')}`);
  });
});
