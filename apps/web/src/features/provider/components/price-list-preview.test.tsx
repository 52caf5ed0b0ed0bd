import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { PriceListPreview as Preview } from '@leasing/contract';

import { renderRoutes } from '../../../test/render';
import { PriceListPreview } from './price-list-preview';

const base: Preview = {
  importId: '5b0a4c1e-2f7d-4f55-9a53-4c1b3f2f0a01',
  fileName: 'preisliste.csv',
  createdAt: '2026-03-01T09:00:00.000Z',
  status: 'PREVIEW',
  publishable: false,
  added: [{ row: 992, label: 'Kia EV3 Nordlicht · 36 Monate · 15.000 km · Ganzjahresreifen', newVehicle: true }],
  changed: [
    {
      row: 2,
      packageId: '6c1b5d2f-3a8e-4a66-8b64-5d2c4a3b1b02',
      label: 'Kia EV3 · 24 Monate · 10.000 km · Ganzjahresreifen',
      changes: [{ column: 'totalMonthlyGrossCostEur', from: '512.40', to: '552.40' }],
    },
  ],
  changedVehicles: [
    {
      row: 40,
      vehicleId: '7d2c6e3a-4b9f-4b77-9c75-6e3d5b4c2c03',
      label: 'Audi Q4 e-tron 45',
      changes: [{ column: 'listPriceGrossEur', from: '57900.00', to: '59400.00' }],
    },
  ],
  withdrawn: [],
  errors: [{ row: 7, column: 'kmPerYear', message: 'Laufleistung muss zwischen 10.000 und 30.000 km pro Jahr liegen' }],
  counts: {
    rows: 991,
    added: 1,
    changed: 1,
    changedVehicles: 1,
    withdrawn: 0,
    unchanged: 988,
    newVehicles: 1,
    errors: 1,
  },
};

describe('the price list preview', () => {
  it('shows counts, every error with row and column, and the changes of packages and vehicles', async () => {
    renderRoutes([{ path: '*', element: <PriceListPreview preview={base} /> }], '/');
    expect(await screen.findByTestId('preview-added')).toHaveTextContent('1 neues Paket');
    expect(screen.getByTestId('preview-errors')).toHaveTextContent('1 Fehler');
    const errors = screen.getByTestId('preview-error-table');
    expect(within(errors).getByText('kmPerYear')).toBeInTheDocument();
    expect(within(errors).getByText('7')).toBeInTheDocument();
    expect(screen.getByText(': 512.40 → 552.40')).toBeInTheDocument();
    // A vehicle's own figures are its change, not its packages'.
    expect(screen.getByTestId('preview-changed-vehicles')).toHaveTextContent('1 Fahrzeug geändert');
    const vehicle = screen.getByTestId('preview-changed-vehicle-row');
    expect(vehicle).toHaveTextContent('Audi Q4 e-tron 45');
    expect(within(vehicle).getByText(': 57900.00 → 59400.00')).toBeInTheDocument();
    expect(screen.getByText('neues Fahrzeug')).toBeInTheDocument();
    expect(screen.getByText('Die Datei enthält Fehler')).toBeInTheDocument();
  });
});
