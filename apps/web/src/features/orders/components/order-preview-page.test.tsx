import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildOrder } from '../test-support/factories';
import { renderWithRoutes } from '../test-support/render';
import { OrderPreviewPage } from './order-preview-page';
import { ThankYouPage } from './thank-you-page';

const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\u00a0/g, ' ');
const fact = (label: string) => {
  const term = screen.getAllByText(label, { selector: 'dt' })[0];
  return text(term?.nextElementSibling as HTMLElement);
};

describe('/order/:orderId/preview (spec 2.6)', () => {
  it('shows every field of the order read-only', async () => {
    const order = buildOrder();
    const calls = stubApi((call) => (call.path === '/v1/order/42' ? jsonResponse(200, order) : undefined));
    renderWithRoutes([{ path: '/order/:orderId/preview', element: <OrderPreviewPage /> }], '/order/42/preview');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellübersicht' })).toBeInTheDocument();
    expect(screen.getByTestId('order-created')).toHaveTextContent('Bestelldatum: 01.03.2026');
    expect(fact('Marke')).toBe('Audi');
    expect(fact('Modell')).toBe('Q4 e-tron');
    expect(fact('Ausstattungslinie')).toBe('45');
    expect(fact('Leistung')).toBe('210 kW');
    expect(fact('Reichweite')).toBe('562 km');
    expect(fact('Voraussichtliche Lieferzeit')).toBe('3 - 6 Monate');
    expect(screen.getAllByRole('img', { name: /Audi Q4 e-tron 45, Bild \d von 2/ })).toHaveLength(2);

    const prices = within(screen.getByTestId('preview-prices'));
    expect(text(prices.getByTestId('preview-net-rate'))).toContain('427 € mtl.');
    expect(prices.getByText('759 € mtl.')).toBeInTheDocument();
    expect(text(prices.getByTestId('preview-savings'))).toContain('44 % (332 € mtl.)');
    expect(prices.getByText('57.900 €')).toBeInTheDocument();

    expect(fact('Laufzeit')).toBe('48 Monate');
    expect(fact('Kilometer pro Jahr')).toBe('10.000 km');
    expect(fact('Reifen')).toBe('Ganzjahresreifen');
    expect(fact('Farbe')).toBe('Kupferorange');
    expect(fact('Lieferung')).toBe('Lieferung nach Hause');

    expect(screen.getByText('Antrieb: Elektro')).toBeInTheDocument();
    expect(screen.getByText('Klimaautomatik')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sonderausstattung' }).nextElementSibling).toHaveTextContent(
      'keine Angaben',
    );

    expect(fact('Bruttomonatsgehalt')).toBe('5.200,00 €');
    expect(fact('Steuerklasse')).toBe('1');
    expect(screen.getByTestId('order-tax-table')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('repeats the warnings of the frozen tax result above the payslip comparison', async () => {
    const order = buildOrder();
    const taxResult = {
      ...order.taxResult!,
      warnings: [
        {
          code: 'JAEG_UNDERRUN' as const,
          period: 'YEAR' as const,
          limit: 77_400,
          wage: 67_800,
          shortfall: 9_600,
          message: 'Ihr regelmäßiges Jahresarbeitsentgelt sinkt …',
        },
      ],
    };
    stubApi((call) => (call.path === '/v1/order/42' ? jsonResponse(200, { ...order, taxResult }) : undefined));
    renderWithRoutes([{ path: '/order/:orderId/preview', element: <OrderPreviewPage /> }], '/order/42/preview');

    const alert = await screen.findByTestId('tax-warnings');
    expect(text(alert)).toContain('auf 67.800,00 € und liegt damit 9.600,00 € unter der Jahresarbeitsentgeltgrenze');
    expect(screen.getByTestId('order-tax-table')).toBeInTheDocument();
  });

  it('shows no warning box for an order stored without warnings', async () => {
    stubApi((call) => (call.path === '/v1/order/42' ? jsonResponse(200, buildOrder()) : undefined));
    renderWithRoutes([{ path: '/order/:orderId/preview', element: <OrderPreviewPage /> }], '/order/42/preview');
    await screen.findByTestId('order-tax-table');
    expect(screen.queryByTestId('tax-warnings')).not.toBeInTheDocument();
  });

  it('shows the package rate and the converted amount as one figure without an employer subsidy', async () => {
    stubApi((call) => (call.path === '/v1/order/42' ? jsonResponse(200, buildOrder()) : undefined));
    renderWithRoutes([{ path: '/order/:orderId/preview', element: <OrderPreviewPage /> }], '/order/42/preview');
    const table = await screen.findByTestId('order-tax-table');
    expect(fact('Bruttorate (Gehaltsumwandlung)')).toBe('643 € mtl.');
    expect(screen.queryByTestId('employer-subsidy')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-tax-row-employerContribution')).not.toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Gehaltsumwandlung (Bruttorate)' })).toBeInTheDocument();
    expect(within(screen.getByTestId('order-tax-row-conversion')).getAllByRole('cell').map(text)).toEqual([
      '0,00 €',
      '642,68 €',
    ]);
  });

  it('with an employer subsidy: names it and shows the gross rate less the subsidy as converted, as the contract does', async () => {
    const order = buildOrder();
    const taxResult = {
      ...order.taxResult!,
      salarySacrificeData: { ...order.taxResult!.salarySacrificeData, employerContribution: 50 },
    };
    stubApi((call) => (call.path === '/v1/order/42' ? jsonResponse(200, { ...order, taxResult }) : undefined));
    renderWithRoutes([{ path: '/order/:orderId/preview', element: <OrderPreviewPage /> }], '/order/42/preview');
    const table = await screen.findByTestId('order-tax-table');

    expect(fact('Bruttorate des Leasingpakets')).toBe('642,68 € mtl.');
    expect(fact('Zuschuss des Arbeitgebers')).toBe('50,00 € mtl.');
    expect(fact('Gehaltsumwandlung (Bruttorate abzüglich Zuschuss)')).toBe('592,68 € mtl.');
    expect(screen.queryByText('Bruttorate (Gehaltsumwandlung)')).not.toBeInTheDocument();

    expect(
      within(table).getByRole('rowheader', { name: 'Gehaltsumwandlung (Bruttorate abzüglich Arbeitgeberzuschuss)' }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('order-tax-row-conversion')).getAllByRole('cell').map(text)).toEqual([
      '0,00 €',
      '592,68 €',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Arbeitgeberzuschuss' })).toBeInTheDocument();
    expect(within(screen.getByTestId('order-tax-row-employerContribution')).getAllByRole('cell').map(text)).toEqual([
      '0,00 €',
      '50,00 €',
    ]);
  });

  it('shows "?" for an unknown delivery time and the default image without photos', async () => {
    const order = buildOrder();
    const vehicle = { ...order.vehicle, deliveryFromWeeks: null, pictureUrls: [], mainPhotoUrl: null };
    stubApi((call) => (call.path === '/v1/order/42' ? jsonResponse(200, { ...order, vehicle }) : undefined));
    renderWithRoutes([{ path: '/order/:orderId/preview', element: <OrderPreviewPage /> }], '/order/42/preview');
    await screen.findByRole('heading', { level: 1, name: 'Bestellübersicht' });
    expect(fact('Voraussichtliche Lieferzeit')).toBe('?');
    expect(screen.getByTestId('order-default-image')).toBeInTheDocument();
  });

  it('says when an order does not exist', async () => {
    stubApi(() => jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Bestellung nicht gefunden' }));
    renderWithRoutes([{ path: '/order/:orderId/preview', element: <OrderPreviewPage /> }], '/order/9/preview');
    expect(await screen.findByRole('heading', { name: 'Bestellung nicht gefunden' })).toBeInTheDocument();
  });
});

describe('/order/:orderId', () => {
  it('thanks with the order id and links to the workflow and the order list', async () => {
    stubApi();
    renderWithRoutes([{ path: '/order/:orderId', element: <ThankYouPage /> }], '/order/42');
    expect(await screen.findByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('Bestellnummer: 42');
    expect(screen.getByRole('link', { name: 'Zum Bestellprozess' })).toHaveAttribute('href', '/order/42/workflow');
    expect(screen.getByRole('link', { name: 'Zu meinen Bestellungen' })).toHaveAttribute('href', '/profile/orders');
  });
});
