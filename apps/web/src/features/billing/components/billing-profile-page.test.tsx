import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildBillingProfile } from '../test-support/factories';
import { renderBilling } from '../test-support/render-billing';

const SLOW = { timeout: 10_000 };

function stubProfileApi({ saved = true, onPut }: { saved?: boolean; onPut?: (call: RecordedCall) => Response } = {}) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
    if (call.path === '/v1/provider/billing-profile') {
      if (call.method === 'PUT') return onPut?.(call) ?? jsonResponse(200, call.body);
      return saved ? jsonResponse(200, buildBillingProfile()) : undefined;
    }
    return undefined;
  });
}

const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/provider/invoices/profile', () => {
  it('starts empty while none is saved and checks the input with the contract before saving', async () => {
    const calls = stubProfileApi({ saved: false });
    const user = userEvent.setup();
    renderBilling('/provider/invoices/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rechnungsstellerdaten' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('no-billing-profile')).toHaveTextContent('noch keine Rechnungsstellerdaten');
    const form = within(screen.getByRole('form', { name: 'Rechnungsstellerdaten' }));
    const field = (name: RegExp) => form.getByRole('textbox', { name });
    expect(field(/^Ländercode/)).toHaveValue('DE');
    expect(field(/^Zahlungsziel in Tagen/)).toHaveValue('14');

    await user.type(field(/^IBAN/), 'DE89 3704 0044 0532 0130 01');
    await user.type(field(/^BIC/), 'COBA');
    await user.type(field(/^USt-IdNr/), 'DE12345');
    await user.type(field(/^Telefon/), 'ruf an');
    await user.type(field(/^Präfix der Rechnungsnummern/), 'RE-');
    await user.click(form.getByRole('button', { name: 'Rechnungsstellerdaten speichern' }));
    // The contract's own sentences, and the shared keys in German.
    expect(await form.findByText('Die IBAN ist ungültig (Länge oder Prüfziffer).')).toBeInTheDocument();
    expect(form.getByText('Die BIC ist ungültig (8 oder 11 Zeichen).')).toBeInTheDocument();
    expect(form.getByText('Die USt-IdNr. ist ungültig (z. B. DE123456789).')).toBeInTheDocument();
    expect(form.getByText(/^Bitte eine Telefonnummer angeben/)).toBeInTheDocument();
    expect(form.getByText('Bitte 1 bis 10 Buchstaben oder Ziffern angeben.')).toBeInTheDocument();
    expect(form.getAllByText('Pflichtfeld')).toHaveLength(5); // name, street, number, town, contact
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves the profile as the contract writes it, optional fields left empty as null', async () => {
    const calls = stubProfileApi({ saved: false });
    const user = userEvent.setup();
    renderBilling('/provider/invoices/profile');
    const form = within(await screen.findByRole('form', { name: 'Rechnungsstellerdaten' }, SLOW));
    const type = async (name: RegExp, value: string) => {
      const input = form.getByRole('textbox', { name });
      await user.clear(input);
      await user.type(input, value);
    };
    await type(/^Firmierung/, 'E-Auto-Leasing GmbH');
    await type(/^Straße/, 'Leasingallee');
    await type(/^Hausnummer/, '1');
    await type(/^Postleitzahl/, '10115');
    await type(/^Ort/, 'Berlin');
    await type(/^USt-IdNr/, 'de 123456789');
    await type(/^IBAN/, 'de89 3704 0044 0532 0130 00');
    await type(/^Name/, 'Rita Rechnung');
    await type(/^Telefon/, '+49 30 1234567');
    await type(/^E-Mail-Adresse/, 'Rechnung@Leasing.example');
    await type(/^Präfix der Rechnungsnummern/, 're');
    expect(form.getByText(`Nummern wie RE-${String(new Date().getFullYear())}-000001`)).toBeInTheDocument();
    await type(/^Zahlungsziel in Tagen/, '30');
    await type(/^Erlöskonto/, '8400');
    await type(/^Debitorenkonto/, '10000');
    await type(/^Beraternummer/, '1234567');
    await type(/^Mandantennummer/, '12345');
    await user.click(form.getByRole('button', { name: 'Rechnungsstellerdaten speichern' }));

    expect(await screen.findByText('Rechnungsstellerdaten gespeichert', {}, SLOW)).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      expect.objectContaining({
        path: '/v1/provider/billing-profile',
        authorization: 'Bearer access',
        body: {
          legalName: 'E-Auto-Leasing GmbH',
          street: 'Leasingallee',
          streetNumber: '1',
          postcode: '10115',
          place: 'Berlin',
          countryCode: 'DE',
          vatId: 'DE123456789',
          taxNumber: null,
          iban: 'DE89370400440532013000',
          bic: null,
          bankName: null,
          contactName: 'Rita Rechnung',
          contactPhone: '+49 30 1234567',
          contactEmail: 'rechnung@leasing.example',
          invoicePrefix: 'RE',
          paymentTermsDays: 30,
          datevRevenueAccount: '8400',
          datevDebtorAccount: '10000',
          datevTaxKey: null,
          datevConsultantNumber: '1234567',
          datevClientNumber: '12345',
        },
      }),
    ]);
    expect(screen.queryByTestId('no-billing-profile')).not.toBeInTheDocument();
  });

  it("shows the saved profile and the server's field errors at their fields", async () => {
    const calls = stubProfileApi({
      onPut: () =>
        jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Bitte überprüfen Sie Ihre Eingaben.',
          errors: [
            { field: 'datevClientNumber', message: 'invalid' },
            { field: 'legalName', message: 'Diese Firmierung ist beim Finanzamt anders hinterlegt.' },
          ],
        }),
    });
    const user = userEvent.setup();
    renderBilling('/provider/invoices/profile');
    const form = within(await screen.findByRole('form', { name: 'Rechnungsstellerdaten' }, SLOW));
    const client = form.getByRole('textbox', { name: /^Mandantennummer/ });
    await waitFor(() => expect(client).toHaveValue('12345'));
    expect(form.getByRole('textbox', { name: /^IBAN/ })).toHaveValue('DE89370400440532013000');
    const save = form.getByRole('button', { name: 'Rechnungsstellerdaten speichern' });
    expect(save).toBeDisabled();

    await user.clear(client);
    await user.type(client, '54321');
    await user.click(save);
    expect(await form.findByText('Bitte überprüfen Sie Ihre Eingabe.')).toBeInTheDocument();
    expect(form.getByText('Diese Firmierung ist beim Finanzamt anders hinterlegt.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
  });
});
