import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { VehicleSummary } from '@leasing/contract';

import { buildSummary } from '../test-support/factories';
import { renderCatalogRoutes } from '../test-support/render';
import { cardDeliveryText, VehicleCard } from './vehicle-card';

function renderCard(overrides: Partial<VehicleSummary> = {}) {
  const vehicle = buildSummary(overrides);
  const result = renderCatalogRoutes(
    [
      { path: '/search', element: <VehicleCard vehicle={vehicle} /> },
      { path: '/vehicle/:vehicleId', element: <h1>Fahrzeugseite</h1> },
    ],
    '/search',
  );
  return { ...result, vehicle, card: screen.getByTestId('vehicle-card') };
}

// Intl puts a no-break space between number and unit.
const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');

describe('vehicle card (spec 2.3)', () => {
  it('shows photo, brand, model, trim, power, range, consumption, delivery, rates, savings and list price', () => {
    const { card } = renderCard();
    expect(within(card).getByRole('img', { name: 'Kia EV3 (Symbolbild)' })).toHaveAttribute(
      'src',
      '/media/vehicles/ev3/side-0.svg',
    );
    expect(within(card).getByRole('heading', { name: 'Kia EV3' })).toBeInTheDocument();
    expect(within(card).getByText('Long Range')).toBeInTheDocument();
    expect(within(card).getByText('150 kW')).toBeInTheDocument();
    expect(within(card).getByText('605 km')).toBeInTheDocument();
    expect(text(screen.getByTestId('consumption'))).toBe('14,9 kWh/100 km');
    expect(text(screen.getByTestId('delivery-time'))).toBe('Voraussichtliche Lieferzeit: 2 - 4 Monate');
    expect(screen.getByTestId('rate-label')).toHaveTextContent('Ihre Nettorate');
    expect(text(screen.getByTestId('net-rate'))).toBe('322 € mtl.');
    expect(text(screen.getByTestId('private-rate'))).toBe('581 € mtl.');
    // What the person saves per month against private leasing, and the share below it (ADR 0062).
    expect(text(screen.getByTestId('savings-amount'))).toBe('spart 259 € im Monat');
    expect(text(screen.getByTestId('savings-percent'))).toBe('45 % Ersparnis');
    expect(text(screen.getByTestId('list-price'))).toBe('42.290 €');
    expect(within(card).getByText('0 g CO₂/km')).toBeInTheDocument();
    expect(within(card).getByText('Alle Angaben ca. (Demo-Werte)')).toBeInTheDocument();
  });

  it('shows the estimated net rate, labelled so, without salary data', () => {
    renderCard({ yourLeaseFrom: null, estimateLeaseFrom: 344.65, leaseFrom: 581.14 });
    expect(screen.getByTestId('rate-label')).toHaveTextContent('geschätzte Nettorate');
    expect(text(screen.getByTestId('net-rate'))).toBe('345 € mtl.');
    expect(text(screen.getByTestId('savings-amount'))).toBe('spart 236 € im Monat');
    expect(text(screen.getByTestId('savings-percent'))).toBe('41 % Ersparnis');
  });

  it('says there is no saving when the net rate is not below the private rate', () => {
    renderCard({ yourLeaseFrom: 600, leaseFrom: 581.14 });
    expect(text(screen.getByTestId('savings-amount'))).toBe('keine Ersparnis');
    expect(text(screen.getByTestId('savings-percent'))).toBe('-3 % Ersparnis');
  });

  it('shows ? for an unknown consumption, no trim line without a trim and no small print for exact data', () => {
    const { card } = renderCard({ consumption: null, trimLevel: null, approximate: false });
    expect(screen.getByTestId('consumption')).toHaveTextContent('?');
    expect(within(card).queryByText('Long Range')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Alle Angaben ca/)).not.toBeInTheDocument();
  });

  it('falls back to /lightning400.png without a photo and when the photo fails', () => {
    renderCard({ mainPhotoUrl: null });
    expect(screen.getByRole('img')).toHaveAttribute('src', '/lightning400.png');
  });

  it('replaces a broken photo with /lightning400.png', () => {
    renderCard();
    const image = screen.getByRole('img');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/lightning400.png');
  });

  it('links the whole card to /vehicle/{id} with one keyboard-reachable link', async () => {
    const { vehicle, router } = renderCard();
    const link = screen.getByRole('link', { name: 'Kia EV3' });
    expect(link).toHaveAttribute('href', `/vehicle/${vehicle.id}`);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    link.focus();
    expect(link).toHaveFocus();
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Fahrzeugseite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/vehicle/${vehicle.id}`);
  });
});

describe('delivery text on the card (spec 9)', () => {
  const card = (deliveryFromWeeks: number | null, deliveryToWeeks: number | null) => {
    const { onRequest, time } = cardDeliveryText({ deliveryFromWeeks, deliveryToWeeks });
    return onRequest ? time : `Voraussichtliche Lieferzeit: ${time}`;
  };

  it('says "auf Anfrage" when a bound is missing', () => {
    expect(card(null, 12)).toBe('Voraussichtliche Lieferzeit: auf Anfrage');
    expect(card(4, null)).toBe('Voraussichtliche Lieferzeit: auf Anfrage');
  });

  it('uses weeks below 8 weeks, months from 8 weeks, and each end on its own in between', () => {
    expect(card(2, 6)).toBe('Voraussichtliche Lieferzeit: 2 - 6 Wochen');
    expect(card(8, 16)).toBe('Voraussichtliche Lieferzeit: 2 - 4 Monate');
    expect(card(10, 20)).toBe('Voraussichtliche Lieferzeit: 2,5 - 5 Monate');
    expect(card(6, 12)).toBe('Voraussichtliche Lieferzeit: 6 Wochen - 3 Monate');
  });
});
