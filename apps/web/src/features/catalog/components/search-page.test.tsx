import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred, jsonResponse } from '../../../test/memory-storage';
import { buildSummary } from '../test-support/factories';
import { lastCall, queryText, stubCatalogApi, type CatalogCall } from '../test-support/fake-api';
import { renderCatalogRoutes } from '../test-support/render';
import { SearchPage } from './search-page';

const BRANDS = ['BMW', 'Kia', 'MG', 'Volkswagen'];
const MODELS: Record<string, string[]> = {
  BMW: ['i4', 'iX1'],
  Kia: ['EV3', 'EV6'],
  MG: ['4'],
  Volkswagen: ['ID.3', 'ID.4'],
};
const VEHICLES = [
  buildSummary({ brand: 'Kia', model: 'EV3' }),
  buildSummary({ brand: 'Kia', model: 'EV6', yourLeaseFrom: 370.35 }),
  buildSummary({ brand: 'Volkswagen', model: 'ID.3', yourLeaseFrom: 325.1 }),
];

function stubCatalog(search: (call: CatalogCall) => Response | Promise<Response> = () => jsonResponse(200, VEHICLES)) {
  return stubCatalogApi((call) => {
    if (call.path === '/v1/search/manufacturers') return jsonResponse(200, BRANDS);
    if (call.path === '/v1/search/models') {
      const brands = call.query.get('manufacturerIds');
      const chosen = brands ? brands.split(',') : BRANDS;
      return jsonResponse(200, chosen.flatMap((b) => MODELS[b] ?? []).sort());
    }
    if (call.path === '/v1/search') return search(call);
    return undefined;
  });
}

function renderSearch(path = '/search') {
  return renderCatalogRoutes([{ path: '/search', element: <SearchPage /> }], path);
}

/** happy-dom evaluates Mantine's hiddenFrom/visibleFrom media queries against its viewport. */
function setViewportWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height: 800,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setViewportWidth(1024);
});

describe('search page (spec 2.3, 4.2, 5)', () => {
  it('shows card placeholders while loading, then one card per vehicle', async () => {
    const answer = deferred<Response>();
    stubCatalog(() => answer.promise);
    renderSearch();
    expect(await screen.findByRole('status')).toHaveTextContent('Wird geladen …');
    expect(screen.getByTestId('search-loading')).toHaveAttribute('aria-busy', 'true');
    answer.resolve(jsonResponse(200, VEHICLES));
    expect(await screen.findAllByTestId('vehicle-card')).toHaveLength(3);
    expect(screen.getByText('3 Fahrzeuge gefunden')).toBeInTheDocument();
    expect(screen.queryByTestId('search-loading')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Fahrzeugsuche' })).toBeInTheDocument();
  });

  it('searches with the filter from the query string (brand and model names)', async () => {
    const calls = stubCatalog();
    renderSearch('/search?brands=Kia,Volkswagen&models=EV3');
    await screen.findAllByTestId('vehicle-card');
    expect(queryText(lastCall(calls, '/v1/search'))).toBe('manufacturerIds=Kia,Volkswagen&modelIds=EV3');
    expect(screen.getByRole('button', { name: 'Marke Kia, Volkswagen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modell EV3' })).toBeInTheDocument();
  });

  it('ignores a brands text under 3 characters', async () => {
    const calls = stubCatalog();
    renderSearch('/search?brands=Ki');
    await screen.findAllByTestId('vehicle-card');
    expect(queryText(lastCall(calls, '/v1/search'))).toBe('');
  });

  it('filters by two brands: the model list follows the brands, "Filtern" writes the query string', async () => {
    const calls = stubCatalog();
    const { router } = renderSearch();
    await screen.findAllByTestId('vehicle-card');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: /^Marke/ }));
    const brandList = screen.getByRole('group', { name: 'Marke' });
    // Entries in the API's (sorted) order.
    expect(
      within(brandList)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(BRANDS);
    await user.click(within(brandList).getByRole('checkbox', { name: 'Volkswagen' }));
    await user.click(within(brandList).getByRole('checkbox', { name: 'Kia' }));
    expect(screen.getByRole('button', { name: 'Marke Kia, Volkswagen' })).toBeInTheDocument();

    await waitFor(() => {
      expect(queryText(lastCall(calls, '/v1/search/models'))).toBe('manufacturerIds=Kia,Volkswagen');
    });
    await user.click(screen.getByRole('button', { name: /^Modell/ }));
    const modelList = screen.getByRole('group', { name: 'Modell' });
    await waitFor(() => {
      expect(within(modelList).getAllByRole('checkbox')).toHaveLength(4);
    });
    await user.click(within(modelList).getByRole('checkbox', { name: 'ID.3' }));

    await user.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?brands=Kia,Volkswagen&models=ID.3');
    });
    await waitFor(() => {
      expect(queryText(lastCall(calls, '/v1/search'))).toBe('manufacturerIds=Kia,Volkswagen&modelIds=ID.3');
    });
  });

  it('clears the model selection when the brands are emptied', async () => {
    stubCatalog();
    renderSearch('/search?brands=Kia&models=EV3');
    await screen.findAllByTestId('vehicle-card');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Marke/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Kia' }));
    expect(screen.getByRole('button', { name: 'Marke Alle Marken' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modell Alle Modelle' })).toBeInTheDocument();
  });

  it('drops chosen models of brands that are no longer chosen', async () => {
    stubCatalog();
    renderSearch('/search?brands=Kia,Volkswagen&models=EV3,ID.3');
    await screen.findAllByTestId('vehicle-card');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Marke/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Kia' }));
    expect(await screen.findByRole('button', { name: 'Modell ID.3' })).toBeInTheDocument();
  });

  it('"Zurücksetzen" empties the filter and the query string', async () => {
    const calls = stubCatalog();
    const { router } = renderSearch('/search?brands=Kia&models=EV3');
    await screen.findAllByTestId('vehicle-card');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(screen.getByRole('button', { name: 'Marke Alle Marken' })).toBeInTheDocument();
    await waitFor(() => {
      expect(queryText(lastCall(calls, '/v1/search'))).toBe('');
    });
  });

  it('keeps MG selectable although the brand text has only 2 characters', async () => {
    const calls = stubCatalog();
    const { router } = renderSearch();
    await screen.findAllByTestId('vehicle-card');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Marke/ }));
    await user.click(screen.getByRole('checkbox', { name: 'MG' }));
    await user.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?brands=,MG');
    });
    await waitFor(() => {
      expect(queryText(lastCall(calls, '/v1/search'))).toBe('manufacturerIds=MG');
    });
  });

  it('closes the brand list with Escape and returns focus to its button', async () => {
    stubCatalog();
    renderSearch();
    await screen.findAllByTestId('vehicle-card');
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /^Marke/ });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'BMW' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'BMW' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('shows an empty state for an empty result', async () => {
    stubCatalog(() => jsonResponse(200, []));
    renderSearch('/search?brands=Kia');
    expect(await screen.findByText('Keine Fahrzeuge gefunden')).toBeInTheDocument();
  });

  it('keeps a failed load to itself: no message, no cards (spec 8)', async () => {
    const calls = stubCatalog(() => jsonResponse(500, { status: 500, code: 'INTERNAL', message: 'boom' }));
    renderSearch();
    await waitFor(() => {
      expect(calls.some((c) => c.path === '/v1/search')).toBe(true);
    });
    await waitFor(() => {
      expect(screen.queryByText('Wird geladen …')).not.toBeInTheDocument();
    });
    expect(screen.queryByTestId('vehicle-card')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
  });

  it('opens the filters in a drawer titled "Filter" on narrow screens and applies them from there', async () => {
    setViewportWidth(480);
    stubCatalog();
    const { router } = renderSearch();
    await screen.findAllByTestId('vehicle-card');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filter' });
    await user.click(within(drawer).getByRole('button', { name: /^Marke/ }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Kia' }));
    await user.click(within(drawer).getByRole('button', { name: 'Filtern' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?brands=Kia');
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();
  });

  it('sorts at once by the chosen order, which the address and the API call keep (ADR 0062)', async () => {
    const calls = stubCatalog();
    const { router } = renderSearch('/search?brands=Kia');
    await screen.findAllByTestId('vehicle-card');
    const sort = screen.getByRole('combobox', { name: 'Sortieren nach' });
    expect(sort).toHaveValue('');
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Marke und Modell',
      'Nettorate, günstigste zuerst',
      'Reichweite, größte zuerst',
      'Lieferzeit, kürzeste zuerst',
      'Listenpreis, niedrigster zuerst',
    ]);
    await userEvent.setup().selectOptions(sort, 'rate');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?brands=Kia&sort=rate');
    });
    await waitFor(() => {
      expect(queryText(lastCall(calls, '/v1/search'))).toBe('manufacturerIds=Kia&sort=rate');
    });
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveValue('rate');
  });

  it('filters by a minimum range and a maximum rate with "Filtern"; "Zurücksetzen" keeps the order', async () => {
    const calls = stubCatalog();
    const { router } = renderSearch('/search?sort=range');
    await screen.findAllByTestId('vehicle-card');
    const user = userEvent.setup();
    const range = screen.getByRole('combobox', { name: 'Reichweite' });
    expect(within(range).getAllByRole('option')[0]).toHaveTextContent('Jede Reichweite');
    await user.selectOptions(range, '400');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nettorate' }), '300');
    expect(screen.getByRole('combobox', { name: 'Nettorate' })).toHaveDisplayValue(/^bis 300\s€ mtl\.$/);
    await user.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?minRange=400&maxRate=300&sort=range');
    });
    await waitFor(() => {
      expect(queryText(lastCall(calls, '/v1/search'))).toBe('minRangeKm=400&maxRateEur=300&sort=range');
    });

    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=range');
    });
    expect(screen.getByRole('combobox', { name: 'Reichweite' })).toHaveValue('');
  });

  it('offers a number from the address that is none of the steps', async () => {
    stubCatalog();
    renderSearch('/search?minRange=450');
    await screen.findAllByTestId('vehicle-card');
    expect(screen.getByRole('combobox', { name: 'Reichweite' })).toHaveDisplayValue(/^ab 450\skm$/);
  });
});
