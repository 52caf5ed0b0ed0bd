import type { LeaseEndInfo, TerminationQuote } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { orderAt, record, recordsUpTo } from '../test-support/factories';
import { renderWithRoutes } from '../test-support/render';
import { MyCarPage } from './my-car-page';

const LEASE = orderAt('LEASING_ACTIVE', {
  handoverDate: '2026-03-02',
  userSteps: [...recordsUpTo('LEASING_ACTIVE'), record('LEASING_ACTIVE', 'ACCEPTED', 59)],
  documents: [
    { id: 'contract', name: 'Überlassungsvertrag-42.pdf', created: '2026-02-20T10:00:00.000Z' },
    { id: 'signed', name: 'Überlassungsvertrag-42-gegengezeichnet.pdf', created: '2026-02-25T10:00:00.000Z' },
  ],
});

const LEASE_END: LeaseEndInfo = {
  orderId: 42,
  endsOn: '2030-03-01',
  nextCarOffered: false,
  appointment: null,
  returnedOn: null,
  licenceCheck: null,
  conversionEndedOn: null,
} as LeaseEndInfo;

function quoteFor(date: string, reason: 'LEAVING' | 'EARLY_RETURN'): TerminationQuote {
  return {
    date,
    reason,
    remainingMonths: 35,
    remainingRatesEur: 22505,
    feeEur: 5626.25,
    rule: 'Ausgleichszahlung: 25 % der restlichen Raten.',
    options: [
      { kind: 'RETURN', oneOffEur: 5626.25, monthlyEur: null, description: '…' },
      { kind: 'TAKEOVER', oneOffEur: 0, monthlyEur: 759, description: '…' },
      ...(reason === 'LEAVING' ? [{ kind: 'TRANSFER' as const, oneOffEur: 0, monthlyEur: 643, description: '…' }] : []),
    ],
  };
}

function serve(me: object = { ...ME, activeLeaseOrderId: 42 }): RecordedCall[] {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, me);
    if (call.path === '/v1/order/42/workflow') return jsonResponse(200, LEASE);
    if (call.path === '/v1/order/42/lease-end') return jsonResponse(200, LEASE_END);
    if (call.path === '/v1/order/42/termination-quote') {
      const date = call.query?.['date'] ?? '';
      const reason = call.query?.['reason'] === 'EARLY_RETURN' ? 'EARLY_RETURN' : 'LEAVING';
      return jsonResponse(200, quoteFor(date, reason));
    }
    if (['/v1/order/42/drivers', '/v1/order/42/claims', '/v1/order/42/absences'].includes(call.path)) {
      return jsonResponse(200, []);
    }
    return undefined;
  });
}

const renderPage = () => renderWithRoutes([{ path: '/my-car', element: <MyCarPage /> }], '/my-car');
const normalised = (element: HTMLElement) => element.textContent.replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

describe('/my-car', () => {
  it('shows the car, its rates, the lease’s dates and the documents of the running lease', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Auto' })).toBeInTheDocument();
    const facts = await screen.findByTestId('my-car-facts');
    expect(within(facts).getByText('Audi Q4 e-tron 45, Kupferorange')).toBeInTheDocument();
    expect(normalised(screen.getByTestId('my-car-net-rate'))).toContain('427,00 €');
    expect(normalised(facts)).toContain('643,00 €');
    expect(normalised(facts)).toContain('48 Monate, 10.000 km im Jahr');
    expect(screen.getByTestId('my-car-handover')).toHaveTextContent('02.03.2026');
    await waitFor(() => expect(screen.getByTestId('my-car-ends')).toHaveTextContent('01.03.2030'));
    const documents = within(screen.getByTestId('my-car-documents')).getAllByRole('button');
    // The newest first.
    expect(documents.map((button) => button.textContent)).toEqual([
      'Überlassungsvertrag-42-gegengezeichnet.pdf',
      'Überlassungsvertrag-42.pdf',
    ]);
    expect(documents[0]).toHaveAccessibleName(
      'Dokument öffnen: Überlassungsvertrag-42-gegengezeichnet.pdf vom 25.02.2026',
    );
    expect(screen.getByRole('link', { name: 'Bestellverlauf' })).toHaveAttribute('href', '/order/42/workflow');
    // What the lease brings: the cards of the order page.
    expect(await screen.findByTestId('termination-estimate')).toBeInTheDocument();
  });

  it('tells the employee what ending the lease on a day would cost, for leaving or an early return', async () => {
    const calls = serve();
    renderPage();
    const estimate = await screen.findByTestId('termination-estimate');
    const user = userEvent.setup();
    const field = within(estimate).getByRole('textbox', { name: /Ende am/ });
    await user.type(field, '31.03.2027');
    const quote = await within(estimate).findByTestId('termination-quote');
    expect(calls.filter((c) => c.path === '/v1/order/42/termination-quote').at(-1)?.query).toEqual({
      date: '2027-03-31',
      reason: 'LEAVING',
    });
    expect(normalised(quote)).toContain('Bei einem Ende am 31.03.2027');
    expect(normalised(quote)).toContain('Es blieben 35 Monate mit zusammen 22.505,00 € Bruttorate.');
    expect(normalised(quote)).toContain('Rückgabe: einmalig 5.626,25 €');
    expect(normalised(quote)).toContain('Übernahme als Privatleasing: 759,00 € im Monat bis zum Vertragsende');
    expect(normalised(quote)).toContain('Wechsel zu einem neuen Arbeitgeber auf der Plattform: 643,00 € im Monat');

    await user.click(within(estimate).getByRole('radio', { name: 'Ich möchte das Auto früher zurückgeben' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/v1/order/42/termination-quote').at(-1)?.query).toEqual({
        date: '2027-03-31',
        reason: 'EARLY_RETURN',
      }),
    );
    await waitFor(() => expect(normalised(within(estimate).getByTestId('termination-quote'))).not.toContain('Wechsel'));
  });

  it('refuses a day before the handover without asking the server', async () => {
    const calls = serve();
    renderPage();
    const estimate = await screen.findByTestId('termination-estimate');
    const user = userEvent.setup();
    await user.type(within(estimate).getByRole('textbox', { name: /Ende am/ }), '01.01.2026');
    expect(
      await within(estimate).findByText('Der Tag darf nicht vor der Übergabe am 02.03.2026 liegen.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/order/42/termination-quote')).toBe(false);
  });

  it('says so without a running lease and asks for no order', async () => {
    const calls = serve({ ...ME, activeLeaseOrderId: null });
    renderPage();
    expect(await screen.findByTestId('my-car-none')).toHaveTextContent('Sie haben zurzeit kein Fahrzeug im Leasing.');
    expect(screen.getByRole('link', { name: 'Zur Fahrzeugsuche' })).toHaveAttribute('href', '/search');
    expect(calls.some((c) => c.path.startsWith('/v1/order'))).toBe(false);
  });
});
