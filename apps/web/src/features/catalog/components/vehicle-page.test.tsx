import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LeasePackage, PackageTaxResult, PolicyVerdict, Vehicle } from '@leasing/contract';

import { jsonResponse } from '../../../test/memory-storage';
import { buildPackageGrid, buildPackageTaxResult, buildTaxResult, buildVehicle } from '../test-support/factories';
import { lastCall, stubCatalogApi, type CatalogCall } from '../test-support/fake-api';
import { renderCatalogRoutes } from '../test-support/render';
import { VehiclePage } from './vehicle-page';

const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');
const find = (vehicle: Vehicle, durationMonths: number, kmPerYear: number, tires: LeasePackage['tires']) => {
  const pkg = vehicle.leasePackages.find(
    (p) => p.durationMonths === durationMonths && p.kmPerYear === kmPerYear && p.tires === tires,
  );
  if (!pkg) throw new Error('no such package');
  return pkg;
};

interface Answers {
  order?: (call: CatalogCall) => Response | Promise<Response>;
  tax?: Partial<PackageTaxResult>;
  /** The programme's verdict per package (default: orderable). */
  policy?: (pkg: LeasePackage) => PolicyVerdict | undefined;
}

function stubVehicleApi(vehicle: Vehicle, answers: Answers = {}) {
  return stubCatalogApi((call) => {
    if (call.path === `/v1/vehicle/${vehicle.id}`) return jsonResponse(200, vehicle);
    const tax = /^\/v1\/lease-packages\/([^/]+)\/tax$/.exec(call.path);
    if (tax) {
      const pkg = vehicle.leasePackages.find((p) => p.id === tax[1]);
      if (!pkg || pkg.userPrice === null) {
        return jsonResponse(409, { status: 409, code: 'PROFILE_INCOMPLETE', message: 'Profil unvollständig' });
      }
      return jsonResponse(
        200,
        buildPackageTaxResult({
          ...(answers.policy?.(pkg) ? { policy: answers.policy(pkg) } : {}),
          userPrice: pkg.userPrice,
          price: pkg.totalMonthlyGrossCostEur,
          salarySacrificeData: { ...buildTaxResult().salarySacrificeData, monthlyNetLeasing: pkg.userPrice },
          ...answers.tax,
        }),
      );
    }
    if (call.path === '/v1/order' && call.method === 'POST') {
      return answers.order ? answers.order(call) : jsonResponse(200, { orderId: 4711 });
    }
    return undefined;
  });
}

function renderVehicle(vehicleId: string) {
  return renderCatalogRoutes(
    [
      { path: '/vehicle/:vehicleId', element: <VehiclePage /> },
      { path: '/order/:orderId/workflow', element: <h1>Bestellprozess</h1> },
      { path: '/profile/salary', element: <h1>Gehaltsdaten</h1> },
      { path: '/search', element: <h1>Suche</h1> },
    ],
    `/vehicle/${vehicleId}`,
  );
}

const select = (name: string) => screen.getByRole('combobox', { name });
const selectedText = (name: string) => {
  const element = select(name) as HTMLSelectElement;
  return element.options[element.selectedIndex]?.textContent.replace(/\u00a0/g, ' ');
};
const taxCalls = (calls: CatalogCall[]) =>
  calls.filter((c) => c.path.endsWith('/tax')).map((c) => c.path.split('/')[3]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('vehicle page (spec 2.4, 4.3)', () => {
  it('preselects the cheapest package, the first colour and the first delivery option', async () => {
    const vehicle = buildVehicle();
    const calls = stubVehicleApi(vehicle);
    renderVehicle(vehicle.id);

    expect(await screen.findByRole('heading', { level: 1, name: 'EV3' })).toBeInTheDocument();
    expect(selectedText('Laufzeit')).toBe('48 Monate');
    expect(selectedText('Kilometer pro Jahr')).toBe('10.000 km');
    expect(selectedText('Reifen')).toBe('Ganzjahresreifen');
    expect(selectedText('Farbe')).toBe('Kupferorange');
    expect(selectedText('Lieferung')).toBe('Lieferung nach Hause');

    const cheapest = find(vehicle, 48, 10000, 'ALL_SEASON');
    expect(screen.getByTestId('rate-label')).toHaveTextContent('Ihre Nettorate');
    expect(text(screen.getByTestId('net-rate'))).toBe('325 € pro Monat');
    expect(await screen.findByTestId('tax-table')).toBeInTheDocument();
    expect(taxCalls(calls)).toEqual([cheapest.id]);
  });

  it('re-picks packages on duration, km and tyre changes and loads the tax result for each', async () => {
    const vehicle = buildVehicle();
    const calls = stubVehicleApi(vehicle);
    renderVehicle(vehicle.id);
    await screen.findByTestId('tax-table');
    const user = userEvent.setup();

    // Duration: cheapest package of 24 months; km back to the cheapest (10,000).
    await user.selectOptions(select('Kilometer pro Jahr'), '15000');
    expect(selectedText('Kilometer pro Jahr')).toBe('15.000 km');
    await user.selectOptions(select('Laufzeit'), '24');
    expect(selectedText('Kilometer pro Jahr')).toBe('10.000 km');
    expect(selectedText('Reifen')).toBe('Ganzjahresreifen');
    const p24 = find(vehicle, 24, 10000, 'ALL_SEASON');
    expect(text(screen.getByTestId('net-rate'))).toBe('348 € pro Monat');

    // km: cheapest package of 24 months and 15,000 km.
    await user.selectOptions(select('Kilometer pro Jahr'), '15000');
    const p24km = find(vehicle, 24, 15000, 'ALL_SEASON');
    expect(text(screen.getByTestId('net-rate'))).toBe('381 € pro Monat');

    // Tyres: the concrete package.
    await user.selectOptions(select('Reifen'), 'SUMMER_WINTER_SETS');
    const p24kmTires = find(vehicle, 24, 15000, 'SUMMER_WINTER_SETS');
    expect(text(screen.getByTestId('net-rate'))).toBe('400 € pro Monat');

    await waitFor(() => {
      expect(taxCalls(calls)).toEqual([
        find(vehicle, 48, 10000, 'ALL_SEASON').id,
        find(vehicle, 48, 15000, 'ALL_SEASON').id,
        p24.id,
        p24km.id,
        p24kmTires.id,
      ]);
    });
    await waitFor(() => {
      expect(text(within(screen.getByTestId('tax-row-netRate')).getAllByRole('cell')[1]!)).toBe('400,40 €');
    });
  });

  it('shows gross rate, private comparison, savings, inclusions and kilometre rules', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle);
    renderVehicle(vehicle.id);
    await screen.findByTestId('price-preview');
    const pkg = find(vehicle, 48, 10000, 'ALL_SEASON');
    expect(pkg.totalMonthlyGrossCostEur).toBe(500);
    expect(text(screen.getByTestId('gross-rate'))).toBe('500 € mtl.');
    expect(text(screen.getByTestId('private-rate'))).toBe('600 € mtl.');
    expect(text(screen.getByTestId('savings'))).toBe('46 % (275 € mtl.)');

    const inclusions = screen.getByTestId('inclusions');
    for (const item of [
      'Wartung und Inspektion',
      'Fahrzeugversicherung',
      'Reifenpaket',
      'Reifenwechsel',
      'Ratenabsicherung',
    ]) {
      expect(within(inclusions).getByText(item)).toBeInTheDocument();
    }
    const rules = screen.getByTestId('km-rules');
    expect(within(rules).getByRole('row', { name: /Preis je Mehrkilometer/ })).toHaveTextContent('0,1111 €/km');
    expect(within(rules).getByRole('row', { name: /Erstattung je Minderkilometer/ })).toHaveTextContent('0,0667 €/km');
    expect(text(within(rules).getByRole('row', { name: /Höchstens erstattete/ }))).toContain('7.500 km');
  });

  it('shows the tax table with German row labels, the money-flow chart and the pension note', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle);
    renderVehicle(vehicle.id);
    const table = await screen.findByTestId('tax-table');
    for (const label of [
      'Bruttogehalt',
      'steuerpflichtiges Brutto',
      'Lohnsteuer',
      'Solidaritätszuschlag',
      'Kirchensteuer',
      'Krankenversicherung',
      'Pflegeversicherung',
      'Rentenversicherung',
      'Arbeitslosenversicherung',
      'Arbeitskammerbeitrag',
      'AG-Zuschuss PKV',
      'AG-Zuschuss PV',
      'Nettoauszahlung',
      'geldwerter Vorteil gesamt',
      'Ihre Nettorate',
    ]) {
      expect(within(table).getByRole('rowheader', { name: label })).toBeInTheDocument();
    }
    const takeHome = within(screen.getByTestId('tax-row-takeHome')).getAllByRole('cell').map(text);
    expect(takeHome).toEqual(['3.156,50 €', '2.834,16 €', '-322,34 €']);

    const chart = screen.getByTestId('money-flow');
    expect(within(chart).getByText('Nettoauszahlung vorher')).toBeInTheDocument();
    expect(within(chart).getByText('sparen Sie an Steuern')).toBeInTheDocument();
    expect(text(chart)).toContain('98,10 €');
    expect(text(chart)).toContain('71,92 €');
    expect(text(screen.getByTestId('pension-impact'))).toContain('0,0764 Entgeltpunkte');
  });

  it('shows no employer-subsidy row and the full gross rate as conversion without a subsidy', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle);
    renderVehicle(vehicle.id);
    const table = await screen.findByTestId('tax-table');
    // The cheapest package (48 months, 10,000 km, all-season tyres) has a gross rate of 500 EUR.
    expect(within(table).getByRole('rowheader', { name: 'Gehaltsumwandlung (Bruttorate)' })).toBeInTheDocument();
    const conversion = within(screen.getByTestId('tax-row-conversion')).getAllByRole('cell').map(text);
    expect(conversion).toEqual(['0,00 €', '500,00 €', '+500,00 €']);
    expect(screen.queryByTestId('tax-row-employerContribution')).not.toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: 'Arbeitgeberzuschuss' })).not.toBeInTheDocument();
  });

  it('with an employer subsidy: its own row, and the gross rate less the subsidy as conversion', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle, {
      tax: {
        price: 517,
        salarySacrificeData: { ...buildTaxResult().salarySacrificeData, employerContribution: 50 },
      },
    });
    renderVehicle(vehicle.id);
    const table = await screen.findByTestId('tax-table');
    expect(
      within(table).getByRole('rowheader', { name: 'Gehaltsumwandlung (Bruttorate abzüglich Arbeitgeberzuschuss)' }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('tax-row-conversion')).getAllByRole('cell').map(text)).toEqual([
      '0,00 €',
      '467,00 €',
      '+467,00 €',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Arbeitgeberzuschuss' })).toBeInTheDocument();
    expect(within(screen.getByTestId('tax-row-employerContribution')).getAllByRole('cell').map(text)).toEqual([
      '0,00 €',
      '50,00 €',
      '+50,00 €',
    ]);
  });

  it('warns a privately insured employee near the JAEG in plain German, with the shortfall', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle, {
      tax: {
        warnings: [
          {
            code: 'JAEG_UNDERRUN',
            period: 'YEAR',
            limit: 77_400,
            wage: 76_980.6,
            shortfall: 419.4,
            message: 'Ihr regelmäßiges Jahresarbeitsentgelt sinkt …',
          },
        ],
      },
    });
    renderVehicle(vehicle.id);
    const alert = await screen.findByTestId('tax-warnings');
    expect(within(alert).getByText('Bitte vor der Bestellung prüfen')).toBeInTheDocument();
    expect(text(alert)).toContain(
      'Ihr regelmäßiges Jahresarbeitsentgelt sinkt durch die Gehaltsumwandlung auf 76.980,60 € und liegt damit 419,40 € unter der Jahresarbeitsentgeltgrenze von 77.400,00 €.',
    );
    expect(text(alert)).toContain('Versicherungspflicht in der gesetzlichen Krankenversicherung');
  });

  it('shows no warning box when the tax result has none (or was stored without the field)', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle, { tax: { warnings: [] } });
    renderVehicle(vehicle.id);
    await screen.findByTestId('tax-table');
    expect(screen.queryByTestId('tax-warnings')).not.toBeInTheDocument();
  });

  it('shows the four info sections, "keine Angaben" for missing text', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle);
    renderVehicle(vehicle.id);
    for (const title of ['Fahrzeugdetails', 'Serienausstattung', 'Sonderausstattung', 'Technische Daten']) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('keine Angaben')).toBeInTheDocument();
    expect(screen.getByText('Rückfahrkamera')).toBeInTheDocument();
  });

  it('captions every picture "Symbolbild" and shows the lightning graphic without pictures', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle);
    const { unmount } = renderVehicle(vehicle.id);
    expect(await screen.findByRole('img', { name: 'Kia EV3, Bild 1 von 2' })).toBeInTheDocument();
    expect(screen.getAllByText('Symbolbild')).toHaveLength(2);
    unmount();

    const bare = buildVehicle({ pictureUrls: [], mainPhotoUrl: null, otherPhotos: [] });
    stubVehicleApi(bare);
    renderVehicle(bare.id);
    const placeholder = await screen.findByTestId('lightning-placeholder');
    expect(placeholder).toHaveAttribute('height', '300');
    expect(placeholder).toHaveAccessibleName('Kein Bild vorhanden (Symbolbild)');
  });

  it('orders with package, colour and delivery and opens the order workflow', async () => {
    const vehicle = buildVehicle();
    const calls = stubVehicleApi(vehicle);
    const { router } = renderVehicle(vehicle.id);
    await screen.findByTestId('price-preview');
    const user = userEvent.setup();
    await user.selectOptions(select('Farbe'), 'Reflexsilber');
    await user.selectOptions(select('Lieferung'), 'DEALER');
    await user.click(screen.getByRole('button', { name: 'Jetzt bestellen' }));

    expect(await screen.findByRole('heading', { name: 'Bestellprozess' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order/4711/workflow');
    expect(lastCall(calls, '/v1/order')?.body).toEqual({
      leasePackageId: find(vehicle, 48, 10000, 'ALL_SEASON').id,
      color: 'Reflexsilber',
      delivery: 'DEALER',
    });
    // One key per order attempt, so a repeat cannot make a second order.
    expect(lastCall(calls, '/v1/order')?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('repeats an unanswered order with its key, and takes a new key for another choice', async () => {
    const vehicle = buildVehicle();
    const calls = stubVehicleApi(vehicle, { order: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderVehicle(vehicle.id);
    await screen.findByTestId('price-preview');
    const user = userEvent.setup();
    await user.selectOptions(select('Farbe'), 'Reflexsilber');
    const orderButton = screen.getByRole('button', { name: 'Jetzt bestellen' });
    const orderKeys = () => calls.filter((c) => c.path === '/v1/order').map((c) => c.idempotencyKey);

    await user.click(orderButton);
    await waitFor(() => expect(orderKeys()).toHaveLength(1));
    await waitFor(() => expect(orderButton).toBeEnabled());
    await user.click(orderButton);
    await waitFor(() => expect(orderKeys()).toHaveLength(2));
    // No answer came: the repeat is the same attempt, so the server cannot make a second order.
    expect(orderKeys()[1]).toBe(orderKeys()[0]);

    await waitFor(() => expect(orderButton).toBeEnabled());
    await user.selectOptions(select('Lieferung'), 'DEALER');
    await user.click(orderButton);
    await waitFor(() => expect(orderKeys()).toHaveLength(3));
    // Another choice is another order: the server would refuse the old key with another body.
    expect(orderKeys()[2]).not.toBe(orderKeys()[0]);
  });

  it('shows each listed error as "Fehlt: ..." and stays on the page', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle, {
      order: () =>
        jsonResponse(200, {
          orderId: null,
          errors: [
            { field: 'addressDto.placeOfBirth', message: 'Geburtsort' },
            { field: 'addressDto.street', message: '' },
          ],
        }),
    });
    const { router } = renderVehicle(vehicle.id);
    await screen.findByTestId('price-preview');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Jetzt bestellen' }));
    expect(await screen.findByText('Fehlt: Geburtsort')).toBeInTheDocument();
    expect(screen.getByText('Fehlt: addressDto.street')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/vehicle/${vehicle.id}`);
  });

  it('says "Fehler beim Erstellen der Bestellung" when the request fails', async () => {
    const vehicle = buildVehicle();
    stubVehicleApi(vehicle, {
      order: () => jsonResponse(500, { status: 500, code: 'INTERNAL', message: 'boom' }),
    });
    const { router } = renderVehicle(vehicle.id);
    await screen.findByTestId('price-preview');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Jetzt bestellen' }));
    expect(await screen.findByText('Fehler beim Erstellen der Bestellung')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/vehicle/${vehicle.id}`);
  });

  it('asks for all options when the vehicle offers no colour, without calling the API', async () => {
    const vehicle = buildVehicle({ colors: [] });
    const calls = stubVehicleApi(vehicle);
    renderVehicle(vehicle.id);
    await screen.findByTestId('price-preview');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Jetzt bestellen' }));
    expect(await screen.findByText('Bitte alle notwendigen Optionen auswählen')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/order')).toBe(false);
  });

  it('without salary data: estimated rates, no tax table but the hint, order button disabled with the hint', async () => {
    const vehicle = buildVehicle({ leasePackages: buildPackageGrid({ personal: false }) });
    const calls = stubVehicleApi(vehicle);
    const { router } = renderVehicle(vehicle.id);
    await screen.findByTestId('price-preview');

    expect(screen.getByTestId('rate-label')).toHaveTextContent('geschätzte Nettorate');
    // 70 % of the gross cost of 500 EUR.
    expect(text(screen.getByTestId('net-rate'))).toBe('350 € pro Monat');
    expect(screen.queryByTestId('tax-table')).not.toBeInTheDocument();
    expect(screen.getByTestId('tax-needs-salary')).toBeInTheDocument();
    expect(taxCalls(calls)).toEqual([]);

    const button = screen.getByRole('button', { name: 'Jetzt bestellen' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Bestellen können Sie, sobald Ihre Gehaltsdaten vollständig sind/);
    const hint = screen.getByTestId('order-hint');
    await userEvent.setup().click(within(hint).getByRole('link', { name: 'Gehaltsdaten eingeben' }));
    expect(router.state.location.pathname).toBe('/profile/salary');
  });

  it("shows the server's estimate, which takes the employer's subsidy off before the 70 %", async () => {
    // The cheapest package costs 500 EUR gross; with a subsidy of 50 EUR the estimate is 70 % of 450 EUR.
    const packages = buildPackageGrid({ personal: false }).map((p) => ({
      ...p,
      estimatedUserPrice: Math.round((p.totalMonthlyGrossCostEur - 50) * 70) / 100,
    }));
    const vehicle = buildVehicle({ leasePackages: packages });
    stubVehicleApi(vehicle);
    renderVehicle(vehicle.id);
    await screen.findByTestId('price-preview');
    expect(screen.getByTestId('rate-label')).toHaveTextContent('geschätzte Nettorate');
    expect(text(screen.getByTestId('net-rate'))).toBe('315 € pro Monat');
  });

  it('says before ordering that the conversion would leave less than the minimum gross pay, button disabled', async () => {
    const vehicle = buildVehicle();
    const calls = stubVehicleApi(vehicle, {
      policy: () => ({
        orderable: false,
        policyVersion: 3,
        reasons: [
          {
            code: 'BELOW_MINIMUM_GROSS',
            minimumGrossEur: 2409.29,
            grossAfterEur: 2310,
            shortfallEur: 99.29,
            message: 'Nach der Gehaltsumwandlung blieben …',
          },
        ],
      }),
    });
    renderVehicle(vehicle.id);
    const alert = await screen.findByTestId('policy-refusal');
    expect(within(alert).getByText('Dieses Paket können Sie nicht bestellen')).toBeInTheDocument();
    expect(text(alert)).toContain(
      'Mit dieser Rate läge Ihr Bruttogehalt nach der Umwandlung bei 2.310,00 € und damit unter dem Mindestbetrag Ihres Arbeitgebers von 2.409,29 € (es fehlen 99,29 €).',
    );
    const button = screen.getByRole('button', { name: 'Jetzt bestellen' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/unter dem Mindestbetrag Ihres Arbeitgebers von 2.409,29/);
    // Not the salary hint: the salary data is there.
    expect(screen.queryByTestId('order-hint')).not.toBeInTheDocument();
    // The legal warnings stay apart: none here.
    expect(screen.queryByTestId('tax-warnings')).not.toBeInTheDocument();
    await userEvent.setup().click(button);
    expect(calls.some((c) => c.path === '/v1/order')).toBe(false);
  });

  it('refuses only the packages above the rate cap, and lets the employee order again on a cheaper one', async () => {
    const vehicle = buildVehicle();
    const cheapest = find(vehicle, 48, 10000, 'ALL_SEASON');
    const calls = stubVehicleApi(vehicle, {
      policy: (pkg) =>
        pkg.totalMonthlyGrossCostEur > cheapest.totalMonthlyGrossCostEur
          ? {
              orderable: false,
              policyVersion: 4,
              reasons: [
                {
                  code: 'ABOVE_RATE_CAP',
                  maxMonthlyGrossRateEur: cheapest.totalMonthlyGrossCostEur,
                  grossRateEur: pkg.totalMonthlyGrossCostEur,
                  message: 'Die monatliche Bruttorate liegt über der Grenze …',
                },
              ],
            }
          : undefined,
    });
    renderVehicle(vehicle.id);
    await screen.findByTestId('tax-table');
    const button = () => screen.getByRole('button', { name: 'Jetzt bestellen' });
    expect(screen.queryByTestId('policy-refusal')).not.toBeInTheDocument();
    expect(button()).toBeEnabled();

    const user = userEvent.setup();
    await user.selectOptions(select('Laufzeit'), '24');
    const dearer = find(vehicle, 24, 10000, 'ALL_SEASON');
    expect(dearer.totalMonthlyGrossCostEur).toBeGreaterThan(cheapest.totalMonthlyGrossCostEur);
    const alert = await screen.findByTestId('policy-refusal');
    expect(dearer.totalMonthlyGrossCostEur).toBe(536);
    expect(text(alert)).toContain(
      'Die Bruttorate von 536,00 € im Monat liegt über dem Höchstbetrag Ihres Arbeitgebers von 500,00 €.',
    );
    expect(button()).toBeDisabled();

    await user.selectOptions(select('Laufzeit'), '48');
    await waitFor(() => {
      expect(screen.queryByTestId('policy-refusal')).not.toBeInTheDocument();
    });
    expect(button()).toBeEnabled();
    await user.click(button());
    expect(await screen.findByRole('heading', { name: 'Bestellprozess' })).toBeInTheDocument();
    expect(lastCall(calls, '/v1/order')?.body).toMatchObject({ leasePackageId: cheapest.id });
  });

  it('says "not found" for an unknown and for a malformed id', async () => {
    const calls = stubCatalogApi(() =>
      jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Fahrzeug nicht gefunden' }),
    );
    const { unmount } = renderVehicle('00000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { name: 'Fahrzeug nicht gefunden' })).toBeInTheDocument();
    unmount();

    renderVehicle('kein-fahrzeug');
    expect(await screen.findByRole('heading', { name: 'Fahrzeug nicht gefunden' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
