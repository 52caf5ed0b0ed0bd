import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { PriceListPreview, PriceListVersion } from '@leasing/contract';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as PriceListRoute } from '../../../app/routes/provider-price-list';
import { setAuthData } from '../../../lib/auth-store';
import { stubXhrOverFetch } from '../../../lib/test-support/xhr-over-fetch';
import { ME, stubApi } from '../../../test/fake-api';
import { deferred, jsonResponse } from '../../../test/memory-storage';
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

afterEach(() => {
  vi.unstubAllGlobals();
});

const PREVIEW: PriceListPreview = {
  importId: '5b0a4c1e-2f7d-4f55-9a53-4c1b3f2f0a01',
  fileName: 'preisliste.csv',
  createdAt: '2026-03-01T09:00:00.000Z',
  status: 'PREVIEW',
  publishable: true,
  added: [],
  changed: [],
  changedVehicles: [],
  withdrawn: [],
  errors: [],
  counts: { rows: 3, added: 0, changed: 0, changedVehicles: 0, withdrawn: 0, unchanged: 3, newVehicles: 0, errors: 0 },
};

function renderPriceList() {
  return renderRoutes(
    withQueryClient([
      {
        path: '/provider',
        element: <ProviderLayout />,
        children: [{ path: 'price-list', element: <PriceListRoute /> }],
      },
    ]),
    '/provider/price-list',
  );
}

describe('/provider/price-list upload', () => {
  it('shows the bytes sent, then that the server checks the file, then the preview', async () => {
    const checked = deferred<undefined>();
    stubXhrOverFetch({ beforeAnswer: () => checked.promise });
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
      if (call.path === '/v1/provider/catalog/versions')
        return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 });
      if (call.path === '/v1/provider/catalog/imports') return jsonResponse(200, PREVIEW);
      return undefined;
    });
    const user = userEvent.setup();
    renderPriceList();
    const file = new File(['vehicleId;packageId\r\n'.repeat(100)], 'preisliste.csv', { type: 'text/csv' });
    await screen.findByRole('button', { name: 'Vorschau erstellen' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file field');
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Vorschau erstellen' }));

    const progress = await screen.findByTestId('price-list-upload-progress');
    await waitFor(() =>
      expect(within(progress).getByRole('progressbar', { name: 'Fortschritt des Hochladens' })).toHaveAttribute(
        'aria-valuetext',
        'Hochgeladen. Die Preisliste wird geprüft …',
      ),
    );
    expect(screen.getByRole('button', { name: 'Vorschau erstellen' })).toBeDisabled();

    checked.resolve(undefined);
    expect(await screen.findByTestId('price-list-preview')).toBeInTheDocument();
    expect(screen.queryByTestId('price-list-upload-progress')).toBeNull();
    const upload = calls.find((c) => c.path === '/v1/provider/catalog/imports');
    expect(upload).toMatchObject({ method: 'POST', authorization: 'Bearer access' });
    expect(upload?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });
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
