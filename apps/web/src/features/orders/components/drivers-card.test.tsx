import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AdditionalDriver } from '@leasing/contract';

import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { renderWithRoutes } from '../test-support/render';
import { DriversCard } from './drivers-card';

const kim: AdditionalDriver = {
  id: '7f9c2a59-6d7c-4d8a-9a53-4c1b3f2f0a99',
  firstName: 'Kim',
  lastName: 'Meyer',
  email: 'kim@example.com',
  dateOfBirth: '1996-05-10',
  licenceIssuedOn: '2022-06-01',
  licenceCountry: 'AT',
  status: 'PENDING',
  reason: null,
  checkedOn: null,
  addedAt: '2026-12-02T10:00:00.000Z',
};

const renderCard = () => renderWithRoutes([{ path: '/order/42', element: <DriversCard orderId={42} /> }], '/order/42');

describe('the additional drivers on the order page', () => {
  it('names a driver; the rule’s refusal is shown at its field in German', async () => {
    let drivers: AdditionalDriver[] = [];
    let attempts = 0;
    const calls = stubApi((call) => {
      if (call.path === '/v1/order/42/drivers' && call.method === 'GET') return jsonResponse(200, drivers);
      if (call.path === '/v1/order/42/drivers' && call.method === 'POST') {
        attempts += 1;
        if (attempts === 1)
          return jsonResponse(400, {
            status: 400,
            code: 'VALIDATION_FAILED',
            message: 'Zusatzfahrer müssen mindestens 18 Jahre alt sein.',
            errors: [{ field: 'dateOfBirth', message: 'Zusatzfahrer müssen mindestens 18 Jahre alt sein.' }],
          });
        drivers = [kim];
        return jsonResponse(201, kim);
      }
      return undefined;
    });
    renderCard();
    const card = await screen.findByTestId('drivers-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Zusatzfahrer hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zusatzfahrer hinzufügen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(within(dialog).getAllByText('Dieses Feld ist erforderlich.').length).toBeGreaterThan(0);

    await userEvent.type(within(dialog).getByLabelText(/^Vorname/), 'Kim');
    await userEvent.type(within(dialog).getByLabelText(/^Nachname/), 'Meyer');
    await userEvent.type(within(dialog).getByLabelText(/^E-Mail-Adresse/), 'kim@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Geburtsdatum/), '10.05.2010');
    await userEvent.type(within(dialog).getByLabelText(/^Führerschein ausgestellt am/), '01.06.2022');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(await within(dialog).findByText('Zusatzfahrer müssen mindestens 18 Jahre alt sein.')).toBeVisible();

    await userEvent.clear(within(dialog).getByLabelText(/^Geburtsdatum/));
    await userEvent.type(within(dialog).getByLabelText(/^Geburtsdatum/), '10.05.1996');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    const row = await screen.findByTestId('driver-row');
    expect(row).toHaveTextContent('Kim Meyer');
    expect(row).toHaveTextContent('Prüfung offen');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({
      firstName: 'Kim',
      dateOfBirth: '1996-05-10',
      licenceCountry: 'DE',
    });
  });

  it('shows who is insured and removes a driver', async () => {
    let drivers: AdditionalDriver[] = [{ ...kim, status: 'APPROVED', checkedOn: '2026-12-02' }];
    const calls = stubApi((call) => {
      if (call.path === '/v1/order/42/drivers' && call.method === 'GET') return jsonResponse(200, drivers);
      if (call.method === 'DELETE') {
        drivers = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderCard();
    const row = await screen.findByTestId('driver-row');
    expect(row).toHaveTextContent('Versichert');
    expect(row).toHaveTextContent('Führerschein geprüft am 02.12.2026');
    await userEvent.click(within(row).getByRole('button', { name: 'Kim Meyer entfernen' }));
    await screen.findByRole('button', { name: 'Zusatzfahrer hinzufügen' });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/v1/order/42/drivers/${kim.id}`)).toBe(true);
  });
});
