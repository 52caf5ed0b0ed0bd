import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../../test/memory-storage';
import { buildPackage, buildPackageTaxResult, buildVehicle } from '../test-support/factories';
import { stubCatalogApi } from '../test-support/fake-api';
import { renderCatalogRoutes } from '../test-support/render';
import { OrderButton } from './order-button';
import { VehiclePage } from './vehicle-page';

const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');

function renderButton(element: ReactElement) {
  return renderCatalogRoutes(
    [
      { path: '/vehicle/:vehicleId', element },
      { path: '/order/:orderId/workflow', element: <h1>Bestellprozess</h1> },
    ],
    '/vehicle/v1',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The order bar of a phone (issue #48): the CSS fixes it to the screen's foot below `md`; what the
 * markup must give it is the one order button and the package's rate beside it.
 */
describe('the order bar', () => {
  it('holds the one order button and the personal net rate beside it, not read a second time', async () => {
    const calls = stubCatalogApi((call) =>
      call.path === '/v1/order' ? jsonResponse(200, { orderId: 4711 }) : undefined,
    );
    const pkg = buildPackage({ userPrice: 328.56 });
    renderButton(
      <OrderButton leasePackage={pkg} color="Kupferorange" delivery="HOME" rate={{ rate: 328.56, personal: true }} />,
    );
    const bar = screen.getByTestId('order-bar');
    expect(screen.getAllByRole('button', { name: 'Jetzt bestellen' })).toHaveLength(1);
    const button = within(bar).getByRole('button', { name: 'Jetzt bestellen' });
    const rate = within(bar).getByTestId('order-bar-rate');
    expect(text(rate)).toBe('Ihre Nettorate329 € pro Monat');
    // The price preview before it in the page says the same: the bar's copy is only drawn.
    expect(rate).toHaveAttribute('aria-hidden', 'true');

    // The bar's button is the order button itself: it orders.
    await userEvent.setup().click(button);
    expect(await screen.findByRole('heading', { name: 'Bestellprozess' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/order' && c.method === 'POST')).toHaveLength(1);
  });

  it('says "geschätzte Nettorate" without salary data, beside the disabled button and its hint', () => {
    stubCatalogApi(() => undefined);
    const pkg = buildPackage({ userPrice: null });
    renderButton(
      <OrderButton
        leasePackage={pkg}
        color="Kupferorange"
        delivery="HOME"
        rate={{ rate: pkg.estimatedUserPrice, personal: false }}
      />,
    );
    expect(within(screen.getByTestId('order-bar-rate')).getByText('geschätzte Nettorate')).toBeInTheDocument();
    const button = within(screen.getByTestId('order-bar')).getByRole('button', { name: 'Jetzt bestellen' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Gehaltsdaten vollständig/);
  });

  it('shows no rate while no package is chosen', () => {
    stubCatalogApi(() => undefined);
    renderButton(<OrderButton leasePackage={null} color={null} delivery={null} rate={null} />);
    expect(screen.queryByTestId('order-bar-rate')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('order-bar')).getByRole('button', { name: 'Jetzt bestellen' })).toBeEnabled();
  });

  it('carries the chosen package’s rate on the vehicle page', async () => {
    const vehicle = buildVehicle();
    stubCatalogApi((call) => {
      if (call.path === `/v1/vehicle/${vehicle.id}`) return jsonResponse(200, vehicle);
      if (call.path.endsWith('/tax')) return jsonResponse(200, buildPackageTaxResult());
      return undefined;
    });
    renderCatalogRoutes([{ path: '/vehicle/:vehicleId', element: <VehiclePage /> }], `/vehicle/${vehicle.id}`);
    const rate = await screen.findByTestId('order-bar-rate');
    // The same figure as the price preview's, in the same words.
    const preview = screen.getByTestId('net-rate');
    expect(text(rate)).toBe(`Ihre Nettorate${text(preview)}`);
  });
});
