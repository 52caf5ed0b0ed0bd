import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { buildSummary } from '../test-support/factories';
import { renderCatalogRoutes } from '../test-support/render';
import { RESULTS_PAGE_SIZE, VehicleGrid } from './vehicle-grid';

const catalogue = (size: number) =>
  Array.from({ length: size }, (_, index) =>
    buildSummary({ id: `v-${String(index)}`, model: `Modell ${String(index)}` }),
  );

describe('the result grid', () => {
  it('builds a page of cards at a time and adds the next on request, until all are shown', async () => {
    const size = 2 * RESULTS_PAGE_SIZE + 4;
    renderCatalogRoutes([{ path: '/search', element: <VehicleGrid vehicles={catalogue(size)} /> }], '/search');
    expect(screen.getAllByTestId('vehicle-card')).toHaveLength(RESULTS_PAGE_SIZE);
    expect(screen.getByText(`${String(RESULTS_PAGE_SIZE)} von ${String(size)} angezeigt`)).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: `${String(RESULTS_PAGE_SIZE)} weitere Fahrzeuge anzeigen` }),
    );
    expect(screen.getAllByTestId('vehicle-card')).toHaveLength(2 * RESULTS_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: '4 weitere Fahrzeuge anzeigen' }));
    expect(screen.getAllByTestId('vehicle-card')).toHaveLength(size);
    expect(screen.queryByTestId('more-results')).toBeNull();
  });

  it('writes large numbers the German way', () => {
    renderCatalogRoutes([{ path: '/search', element: <VehicleGrid vehicles={catalogue(1000)} /> }], '/search');
    expect(screen.getByText(`${String(RESULTS_PAGE_SIZE)} von 1.000 angezeigt`)).toBeInTheDocument();
  });

  it('shows a short result whole, without a button', () => {
    renderCatalogRoutes([{ path: '/search', element: <VehicleGrid vehicles={catalogue(3)} /> }], '/search');
    expect(screen.getAllByTestId('vehicle-card')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /weitere/ })).toBeNull();
  });
});
