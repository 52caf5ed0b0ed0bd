import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';

import { jsonResponse } from '../../../test/memory-storage';
import { buildUserInfo, renderProfile, saveButton, stubProfileApi } from '../test-support/profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('salary profile: loading and formats', { timeout: 20_000 }, () => {
  it('shows the stored profile with German number and date formats', async () => {
    stubProfileApi({
      info: buildUserInfo(buildSalaryInfo({ grossMonthlySalaryEur: 5234.5, arrivalKilometers: 18.5 })),
    });
    await renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Persönliche Daten und Gehalt' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Vorname/)).toHaveValue('Max');
    expect(screen.getByLabelText(/^Bruttomonatsgehalt/)).toHaveValue('5.234,5 €');
    expect(screen.getByLabelText(/^Entfernung Wohnung/)).toHaveValue('18,5 km');
    expect(screen.getByLabelText(/^Geburtsdatum/)).toHaveValue('12.04.1986');
    expect(screen.getByLabelText(/^Allgemeiner Beitragssatz/)).toHaveValue('14,6 %');
    expect(screen.getByLabelText(/^Bundesland der Beschäftigung/)).toHaveValue('NW');
    expect(screen.getByRole('switch', { name: 'Kirchensteuerpflichtig' })).toBeChecked();
    expect(screen.getByText('Kirchensteuersatz in Nordrhein-Westfalen: 9 %')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveAttribute('readonly');
  });

  it('starts an empty profile from sensible defaults', async () => {
    stubProfileApi({ info: buildUserInfo(null, buildAddress({ street: null, state: null })) });
    await renderProfile();
    expect(screen.getByText(/Ihr Profil ist noch unvollständig/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Gesetzlich' })).toBeChecked();
    expect(screen.getByLabelText(/^Allgemeiner Beitragssatz/)).toHaveValue('14,6 %');
    expect(screen.getByLabelText(/^Zusatzbeitrag/)).toHaveValue('2,9 %');
    expect(screen.getByLabelText(/^Arbeitstage im Büro/)).toHaveValue('0');
    expect(screen.getByLabelText(/^Bruttomonatsgehalt/)).toHaveValue('');
    expect(screen.getByLabelText(/^Steuerklasse/)).toHaveValue('1');
    expect(screen.getByLabelText(/^Straße/)).toHaveValue('');
    expect(screen.getByText('Keine Gehaltsumwandlungen erfasst.')).toBeInTheDocument();
  });

  it('shows the configured bounds of the office days', async () => {
    stubProfileApi({ config: { arrivalNumberMin: 1, arrivalNumberMax: 23 } });
    await renderProfile();
    expect(screen.getByText('Tage, an denen Sie zur Arbeitsstätte fahren (1 bis 23)')).toBeInTheDocument();
  });
});

describe('salary profile: validation in German', { timeout: 20_000 }, () => {
  it('marks touched fields: required, bounds, postcode and dates', async () => {
    const api = stubProfileApi();
    const { user } = await renderProfile();

    await user.clear(screen.getByLabelText(/^Vorname/));
    await user.tab();
    expect(await screen.findByText('Pflichtfeld')).toBeInTheDocument();

    const postcode = screen.getByLabelText(/^PLZ/);
    await user.clear(postcode);
    await user.type(postcode, '1234');
    await user.tab();
    expect(await screen.findByText('Bitte geben Sie eine gültige Postleitzahl ein.')).toBeInTheDocument();

    const salary = screen.getByLabelText(/^Bruttomonatsgehalt/);
    await user.clear(salary);
    await user.type(salary, '0');
    await user.tab();
    expect(await screen.findByText('Mindestens 1')).toBeInTheDocument();
    await user.clear(salary);
    await user.type(salary, '250000');
    await user.tab();
    expect(await screen.findByText('Höchstens 200.000')).toBeInTheDocument();

    const additional = screen.getByLabelText(/^Zusatzbeitrag/);
    await user.clear(additional);
    await user.type(additional, '5');
    await user.tab();
    expect(await screen.findByText('Höchstens 4,5')).toBeInTheDocument();

    const birth = screen.getByLabelText(/^Geburtsdatum/);
    await user.clear(birth);
    await user.type(birth, '12.4.');
    await user.tab();
    expect(await screen.findByText('Bitte geben Sie ein gültiges Datum ein.')).toBeInTheDocument();
    await user.clear(birth);
    await user.type(birth, '01.01.2099');
    await user.tab();
    expect(await screen.findByText('Das Datum muss in der Vergangenheit liegen.')).toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText('Bitte überprüfen Sie die markierten Felder.')).toBeInTheDocument();
    expect(api.puts()).toHaveLength(0);
    expect(screen.queryByText(/required|must|invalid/i)).not.toBeInTheDocument();
  });

  it('does not show errors of untouched fields before submitting', async () => {
    stubProfileApi({ info: buildUserInfo(null) });
    const { user } = await renderProfile();
    expect(screen.queryByText('Pflichtfeld')).not.toBeInTheDocument();
    await user.click(saveButton());
    // Geburtsdatum, Bruttomonatsgehalt, Straße, Hausnummer, ... are empty in a new profile.
    expect((await screen.findAllByText('Pflichtfeld')).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText(/^Bruttomonatsgehalt/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('salary profile: conditional fields', { timeout: 20_000 }, () => {
  it('asks for the factor only in tax class 4 and requires it there', async () => {
    const api = stubProfileApi();
    const { user } = await renderProfile();
    expect(screen.queryByLabelText(/^Faktor/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/^Steuerklasse/), '4');
    const factor = await screen.findByLabelText(/^Faktor/);
    await user.click(saveButton());
    expect(await screen.findByText('Pflichtfeld')).toBeInTheDocument();
    expect(factor).toHaveAttribute('aria-invalid', 'true');

    await user.type(factor, '0,95');
    await user.click(saveButton());
    await waitFor(() => {
      expect(api.puts()).toHaveLength(1);
    });
    expect(api.puts()[0]?.body).toMatchObject({ salaryInfo: { taxClass: 4, spouseFactor: 0.95 } });

    await user.selectOptions(screen.getByLabelText(/^Steuerklasse/), '1');
    expect(screen.queryByLabelText(/^Faktor/)).not.toBeInTheDocument();
  });

  it('shows the Arbeitskammer switch only for Bremen and Saarland', async () => {
    stubProfileApi();
    const { user } = await renderProfile();
    const state = screen.getByLabelText(/^Bundesland der Beschäftigung/);
    expect(screen.queryByRole('switch', { name: 'Arbeitskammerbeitrag' })).not.toBeInTheDocument();
    await user.selectOptions(state, 'HB');
    expect(screen.getByRole('switch', { name: 'Arbeitskammerbeitrag' })).toBeInTheDocument();
    await user.selectOptions(state, 'SL');
    expect(screen.getByRole('switch', { name: 'Arbeitskammerbeitrag' })).toBeInTheDocument();
    await user.selectOptions(state, 'BY');
    expect(screen.queryByRole('switch', { name: 'Arbeitskammerbeitrag' })).not.toBeInTheDocument();
    expect(screen.getByText('Kirchensteuersatz in Bayern: 8 %')).toBeInTheDocument();
  });

  it('switches between the statutory rates and the private contributions', async () => {
    const api = stubProfileApi();
    const { user } = await renderProfile();
    expect(screen.queryByLabelText(/^PKV-Beitrag/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Privat' }));
    expect(screen.queryByLabelText(/^Allgemeiner Beitragssatz/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Zusatzbeitrag/)).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Arbeitgeberzuschuss' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Steuerlich relevanter Basisbeitrag/)).toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findAllByText('Pflichtfeld')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^PKV-Beitrag/), '450,5');
    await user.type(screen.getByLabelText(/^PV-Beitrag/), '60');
    await user.click(screen.getByRole('switch', { name: 'Arbeitgeberzuschuss' }));
    await user.click(saveButton());
    await waitFor(() => {
      expect(api.puts()).toHaveLength(1);
    });
    expect(api.puts()[0]?.body).toMatchObject({
      salaryInfo: {
        healthInsurance: 'PRIVATE',
        beitragPkv: 450.5,
        beitragPv: 60,
        arbeitgeberzuschuss: true,
        basicRateHealthInsurance: null,
        additionalAmountHealthInsurance: null,
      },
    });
  });

  it('asks for the amounts each salary conversion type needs, with the spec messages in German', async () => {
    const api = stubProfileApi();
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Gehaltsumwandlung hinzufügen' }));
    const item = screen.getByRole('region', { name: 'Gehaltsumwandlung 1' });
    await user.click(saveButton());
    expect(await within(item).findByText('Bitte wählen Sie die Art aus.')).toBeInTheDocument();

    const type = within(item).getByLabelText(/^Art/);
    await user.selectOptions(type, 'BIKE_LEASING_UNDER_25');
    expect(within(item).getByLabelText(/^Leasingrate/)).toBeInTheDocument();
    expect(within(item).getByLabelText(/^Geldwerter Vorteil private Nutzung/)).toBeInTheDocument();
    expect(within(item).queryByLabelText(/^Geldwerter Vorteil Arbeitsweg/)).not.toBeInTheDocument();
    await user.click(saveButton());
    expect(await within(item).findByText('Bitte geben Sie die Leasingrate ein.')).toBeInTheDocument();
    expect(within(item).getByText('Pflichtfeld')).toBeInTheDocument();

    await user.selectOptions(type, 'BIKE_LEASING_OVER_25');
    expect(within(item).getByLabelText(/^Geldwerter Vorteil Arbeitsweg/)).toBeInTheDocument();

    await user.selectOptions(type, 'HARDWARE_LEASING');
    expect(within(item).queryByLabelText(/^Leasingrate/)).not.toBeInTheDocument();
    await user.click(saveButton());
    expect(await within(item).findByText('Diese Angabe ist erforderlich.')).toBeInTheDocument();
    await user.type(within(item).getByLabelText(/^Umwandlungsbetrag/), '1.234,56');
    expect(within(item).getByLabelText(/^Umwandlungsbetrag/)).toHaveValue('1.234,56 €');

    await user.click(saveButton());
    await waitFor(() => {
      expect(api.puts()).toHaveLength(1);
    });
    expect(api.puts()[0]?.body).toMatchObject({
      salaryInfo: {
        salaryConversions: [
          {
            conversationType: 'HARDWARE_LEASING',
            salaryConversionAmount: 1234.56,
            leasingRate: null,
            monetaryBenefitPrivateUse: null,
            monetaryBenefitCommuteToWork: null,
          },
        ],
      },
    });
  });

  it('edits and removes stored conversions', async () => {
    const api = stubProfileApi({
      info: buildUserInfo(
        buildSalaryInfo({
          salaryConversions: [
            {
              id: 'c1',
              conversationType: 'COMPANY_PENSION_PLAN',
              leasingRate: null,
              monetaryBenefitPrivateUse: null,
              monetaryBenefitCommuteToWork: null,
              salaryConversionAmount: 100,
            },
            {
              id: 'c2',
              conversationType: 'BIKE_LEASING_UNDER_25',
              leasingRate: 80,
              monetaryBenefitPrivateUse: 20,
              monetaryBenefitCommuteToWork: null,
              salaryConversionAmount: null,
            },
          ],
        }),
      ),
    });
    const { user } = await renderProfile();
    const first = screen.getByRole('region', { name: 'Gehaltsumwandlung 1' });
    const amount = within(first).getByLabelText(/^Umwandlungsbetrag/);
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByRole('button', { name: 'Gehaltsumwandlung 2 entfernen' }));
    expect(screen.queryByRole('region', { name: 'Gehaltsumwandlung 2' })).not.toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(() => {
      expect(api.puts()).toHaveLength(1);
    });
    const body = api.puts()[0]?.body as { salaryInfo: { salaryConversions: unknown[] } };
    expect(body.salaryInfo.salaryConversions).toEqual([
      expect.objectContaining({ id: 'c1', conversationType: 'COMPANY_PENSION_PLAN', salaryConversionAmount: 150 }),
    ]);
  });
});

describe('salary profile: saving', { timeout: 20_000 }, () => {
  it('saves, toasts "Gespeichert" and reloads the profile', async () => {
    const api = stubProfileApi();
    const { user } = await renderProfile();
    const gets = () => api.calls.filter((call) => call.method === 'GET' && call.path === '/v1/user/info').length;
    const before = gets();
    const salary = screen.getByLabelText(/^Bruttomonatsgehalt/);
    await user.clear(salary);
    await user.type(salary, '6100');
    await user.click(saveButton());

    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    await waitFor(() => {
      expect(gets()).toBe(before + 1);
    });
    const body = api.puts()[0]?.body as { addressDto: Record<string, unknown>; salaryInfo: Record<string, unknown> };
    expect(body.salaryInfo).toMatchObject({ grossMonthlySalaryEur: 6100, spouseFactor: null, akb: false });
    expect(body.addressDto).toMatchObject({ firstName: 'Max', postcode: '50667', state: 'NW', employeeId: null });
    expect(body.addressDto).not.toHaveProperty('email');
    expect(screen.getByLabelText(/^Bruttomonatsgehalt/)).toHaveValue('6.100 €');
  });

  it('shows each server error as a warning and under its field', async () => {
    stubProfileApi({
      onPut: () =>
        jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Die Angaben sind unvollständig oder ungültig.',
          errors: [
            { field: 'salaryInfo.taxClass', message: 'max 6' },
            { field: 'addressDto.postcode', message: 'postcode' },
          ],
        }),
    });
    const { user } = await renderProfile();
    await user.click(saveButton());

    expect(await screen.findByText('Steuerklasse: Höchstens 6')).toBeInTheDocument();
    expect(screen.getByText('PLZ: Bitte geben Sie eine gültige Postleitzahl ein.')).toBeInTheDocument();
    expect(screen.getAllByTestId('toast-warning')).toHaveLength(2);
    expect(screen.getByLabelText(/^Steuerklasse/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Höchstens 6')).toBeInTheDocument();
    expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument();
  });

  it('treats a refused save in a 200 answer the same way', async () => {
    stubProfileApi({
      onPut: () =>
        jsonResponse(200, {
          saved: false,
          errors: [{ field: 'salaryInfo.salaryConversions.0.leasingRate', message: 'Leasing rate is required' }],
        }),
    });
    const { user } = await renderProfile();
    await user.click(saveButton());
    expect(
      await screen.findByText('Gehaltsumwandlung 1 – Leasingrate: Bitte geben Sie die Leasingrate ein.'),
    ).toBeInTheDocument();
  });

  it('toasts the message when the request fails', async () => {
    stubProfileApi({
      onPut: () => jsonResponse(409, { status: 409, code: 'CONFLICT', message: 'Bitte später erneut versuchen.' }),
    });
    const { user } = await renderProfile();
    await user.click(saveButton());
    expect(
      await screen.findByText('Die Angaben konnten nicht gespeichert werden: Bitte später erneut versuchen.'),
    ).toBeInTheDocument();
  });
});

describe('salary profile: e-mail block', { timeout: 20_000 }, () => {
  const emailField = () => screen.getByRole('textbox', { name: 'E-Mail-Adresse' });

  it('does not call the server when the address did not change', async () => {
    const api = stubProfileApi();
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    expect(emailField()).not.toHaveAttribute('readonly');
    expect(emailField()).toHaveFocus();
    await user.clear(emailField());
    await user.type(emailField(), ' Max.Mustermann@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(emailField()).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Bearbeiten' })).toHaveFocus();
    expect(api.calls.filter((call) => call.path.startsWith('/v1/user/email'))).toHaveLength(0);
  });

  it('asks for a new address and says the change waits for the confirmation', async () => {
    const api = stubProfileApi();
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await user.clear(emailField());
    await user.type(emailField(), 'neu@example.com{Enter}');
    // Step-up: without the current password nothing is sent.
    expect(await screen.findByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/v1/user/email'))).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Aktuelles Passwort/), 'Demo-Passwort-1{Enter}');

    await waitFor(() => {
      expect(api.calls.filter((call) => call.path.startsWith('/v1/user/email'))).toHaveLength(1);
    });
    expect(api.calls.find((call) => call.path.startsWith('/v1/user/email'))).toMatchObject({
      method: 'PUT',
      path: '/v1/user/email/neu%40example.com',
      body: { password: 'Demo-Passwort-1' },
    });
    expect(await screen.findByTestId('toast-success')).toHaveTextContent(
      'Wir haben einen Bestätigungslink an neu@example.com gesendet.',
    );
    expect(screen.getByText(/Die Änderung wird wirksam, sobald Sie den Link/)).toBeInTheDocument();
    // The current address stays until the new one is confirmed.
    expect(emailField()).toHaveValue('max.mustermann@example.com');
  });

  it('says so under the password field when the server refuses the password', async () => {
    stubProfileApi({
      onEmail: () =>
        jsonResponse(422, {
          status: 422,
          code: 'VALIDATION_FAILED',
          message: 'Das Passwort ist nicht korrekt.',
          errors: [{ field: 'password', message: 'Password is incorrect' }],
        }),
    });
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await user.clear(emailField());
    await user.type(emailField(), 'neu@example.com');
    await user.type(screen.getByLabelText(/^Aktuelles Passwort/), 'falsch{Enter}');
    expect(await screen.findByText('Das Passwort ist nicht korrekt.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Aktuelles Passwort/)).toHaveValue('');
    expect(emailField()).not.toHaveAttribute('readonly');
  });

  it('validates the address in German, cancels, and toasts a server refusal', async () => {
    stubProfileApi({
      onEmail: () =>
        jsonResponse(429, {
          status: 429,
          code: 'RATE_LIMITED',
          message: 'Zu viele Versuche. Bitte später erneut versuchen.',
        }),
    });
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await user.clear(emailField());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    await user.type(emailField(), 'kein-at');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(emailField()).toHaveValue('max.mustermann@example.com');

    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await user.clear(emailField());
    await user.type(emailField(), 'neu@example.com');
    await user.type(screen.getByLabelText(/^Aktuelles Passwort/), 'Demo-Passwort-1');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Zu viele Versuche. Bitte später erneut versuchen.')).toBeInTheDocument();
  });
});
