import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Mileage } from '@leasing/contract';

import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { renderWithRoutes } from '../test-support/render';
import { MileageCard } from './mileage-card';

const settlement = {
  contractKm: 30_000,
  drivenKm: 54_497,
  extraKm: 24_497,
  chargedExtraKm: 10_000,
  extraKmEur: 1_000,
  fewerKm: 0,
  refundedFewerKm: 0,
  fewerKmEur: 0,
  damagesEur: 0,
  totalEur: 1_000,
};

const mileage = (overrides: Partial<Mileage> = {}): Mileage => ({
  readings: [],
  handoverDate: '2026-01-01',
  endsOn: '2028-12-31',
  contractKm: 30_000,
  kmPerYearSoFar: null,
  forecastEndKm: null,
  projectedSettlement: null,
  overTolerance: false,
  ...overrides,
});

const renderCard = () => renderWithRoutes([{ path: '/order/42', element: <MileageCard orderId={42} /> }], '/order/42');

describe('the odometer on a running lease', () => {
  it('reports a reading and warns when the forecast passes the tolerance', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/order/42/mileage') return jsonResponse(200, mileage());
      if (call.path === '/v1/order/42/odometer')
        return jsonResponse(
          201,
          mileage({
            readings: [{ id: 'r1', readingKm: 9_000, readOn: '2026-07-01', recordedAt: '2026-07-01T10:00:00.000Z' }],
            kmPerYearSoFar: 18_149,
            forecastEndKm: 54_497,
            projectedSettlement: settlement,
            overTolerance: true,
          }),
        );
      return undefined;
    });
    renderCard();
    const card = await screen.findByTestId('mileage-card');
    expect(card).toHaveTextContent('Ihr Vertrag umfasst 30.000 km.');
    await userEvent.type(within(card).getByLabelText('Kilometerstand'), '9.000');
    await userEvent.clear(within(card).getByLabelText('Abgelesen am'));
    await userEvent.type(within(card).getByLabelText('Abgelesen am'), '2026-07-01');
    await userEvent.click(within(card).getByRole('button', { name: 'Kilometerstand melden' }));
    expect(await screen.findByTestId('mileage-forecast')).toHaveTextContent(
      'Bei Ihrem bisherigen Tempo von 18.149 km im Jahr stehen am 31.12.2028 voraussichtlich 54.497 km auf dem Tacho.',
    );
    expect(screen.getByTestId('mileage-warning')).toHaveTextContent('10.000 km');
    expect(screen.getByTestId('mileage-warning').textContent?.replace(/\u00a0/g, ' ')).toContain('1.000 €');
    expect(calls.find((c) => c.path === '/v1/order/42/odometer')?.body).toEqual({
      readingKm: 9_000,
      readOn: '2026-07-01',
    });
  });

  it('shows the server’s reason at the field when a reading runs backwards', async () => {
    stubApi((call) => {
      if (call.path === '/v1/order/42/mileage') return jsonResponse(200, mileage());
      if (call.path === '/v1/order/42/odometer')
        return jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Der Kilometerstand liegt unter einem früheren Stand.',
          errors: [{ field: 'readingKm', message: 'min 9000' }],
        });
      return undefined;
    });
    renderCard();
    const card = await screen.findByTestId('mileage-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Kilometerstand melden' }));
    expect(await within(card).findByText('Bitte geben Sie den Kilometerstand als ganze Zahl ein.')).toBeVisible();
    await userEvent.type(within(card).getByLabelText('Kilometerstand'), '8000');
    await userEvent.click(within(card).getByRole('button', { name: 'Kilometerstand melden' }));
    expect(await within(card).findByText('Der Kilometerstand liegt unter einem früheren Stand.')).toBeVisible();
  });
});
