import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Vehicle } from '@leasing/contract';

import { jsonResponse } from '../../../test/memory-storage';
import { buildPackageTaxResult, buildSummary, buildVehicle } from '../test-support/factories';
import { stubCatalogApi } from '../test-support/fake-api';
import { renderCatalogRoutes } from '../test-support/render';
import { VehicleCard } from './vehicle-card';
import { VehiclePage } from './vehicle-page';

const PROVISIONAL = { year: 2027, basedOnYear: 2026 };
const NOTE = 'Vorläufig: berechnet mit den Regeln von 2026, die Werte für 2027 liegen noch nicht vor.';

function renderCard(overrides: Parameters<typeof buildSummary>[0]) {
  renderCatalogRoutes([{ path: '/search', element: <VehicleCard vehicle={buildSummary(overrides)} /> }], '/search');
  return screen.getByTestId('vehicle-card');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a personal rate computed with an earlier year’s rules (ADR 0035)', () => {
  it('the card marks it "vorläufig" and says which year’s rules were used', () => {
    const card = renderCard({ rateProvisional: PROVISIONAL });
    const badge = within(card).getByTestId('rate-provisional');
    expect(badge).toHaveTextContent('vorläufig');
    expect(badge).toHaveAttribute('title', NOTE);
    expect(within(card).getByTestId('rate-label')).toHaveTextContent('Ihre Nettorate vorläufig');
    expect(within(card).getByTestId('rate-provisional-note')).toHaveTextContent(NOTE);
  });

  it('the card of a known year has no marker', () => {
    const known = renderCard({});
    expect(within(known).getByTestId('rate-label')).toHaveTextContent('Ihre Nettorate');
    expect(within(known).queryByTestId('rate-provisional')).toBeNull();
    expect(within(known).queryByTestId('rate-provisional-note')).toBeNull();
  });

  it('an estimate is never marked provisional', () => {
    const estimate = renderCard({ yourLeaseFrom: null, rateProvisional: PROVISIONAL });
    expect(within(estimate).getByTestId('rate-label')).toHaveTextContent('geschätzte Nettorate');
    expect(within(estimate).queryByTestId('rate-provisional')).toBeNull();
  });

  it('the vehicle page marks the rate and the tax answer’s PROVISIONAL_YEAR warning is worded', async () => {
    const vehicle: Vehicle = { ...buildVehicle(), rateProvisional: PROVISIONAL };
    stubCatalogApi((call) => {
      if (call.path === `/v1/vehicle/${vehicle.id}`) return jsonResponse(200, vehicle);
      if (call.path.endsWith('/tax')) {
        return jsonResponse(
          200,
          buildPackageTaxResult({
            warnings: [{ code: 'PROVISIONAL_YEAR', year: 2027, basedOnYear: 2026, message: 'Vorläufig: …' }],
          }),
        );
      }
      return undefined;
    });
    renderCatalogRoutes([{ path: '/vehicle/:vehicleId', element: <VehiclePage /> }], `/vehicle/${vehicle.id}`);
    const preview = await screen.findByTestId('price-preview');
    expect(within(preview).getByTestId('rate-provisional')).toHaveTextContent('vorläufig');
    expect(within(preview).getByTestId('rate-provisional-note')).toHaveTextContent(
      /berechnet mit den Regeln von 2026, die Werte für 2027 .* liegen noch nicht vor/,
    );
    const warnings = await screen.findByTestId('tax-warnings');
    expect(warnings).toHaveTextContent(/Diese Berechnung verwendet die Regeln von 2026, weil die Werte für 2027/);
  });
});
