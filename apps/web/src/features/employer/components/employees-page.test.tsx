import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AdditionalDriver, BulkInviteResult, TenantEmployee } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildClaim } from '../../orders/test-support/claims';
import { buildEmployee } from '../test-support/factories';
import { renderEmployer } from '../test-support/render-employer';

const ERIKA_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const PEOPLE: TenantEmployee[] = [
  buildEmployee(),
  buildEmployee({
    id: ERIKA_ID,
    firstName: 'Erika',
    lastName: 'Musterfrau',
    email: 'erika.musterfrau@example.com',
    employeeId: null,
    status: 'INVITED',
    orders: [],
    activeLeases: 0,
  }),
];

/** As HR reads them: names and the check's outcome, the rest withheld. */
const DRIVERS: AdditionalDriver[] = [
  { firstName: 'Kim', lastName: 'Meyer', status: 'APPROVED', id: 'd1' },
  { firstName: 'Ana', lastName: 'Roth', status: 'PENDING', id: 'd2' },
].map((d) => ({
  ...d,
  status: d.status as AdditionalDriver['status'],
  email: null,
  dateOfBirth: null,
  licenceIssuedOn: null,
  licenceCountry: null,
  reason: null,
  checkedOn: null,
  addedAt: '2026-03-01T10:00:00.000Z',
}));

/** As HR reads them: number, state and excess (ADR 0056). */
const CLAIMS = [
  buildClaim({ id: 'c1', number: 'S-2026-000041', status: 'REPAIRED', excessEur: 500 }),
  buildClaim({ id: 'c2', number: 'S-2026-000042', status: 'IN_REVIEW', excessEur: null }),
];

function stubEmployerApi(
  options: {
    people?: TenantEmployee[];
    onInvite?: (call: RecordedCall) => Response;
    /** An answer of its own, or undefined for the default (the person leaves). */
    onLeave?: (call: RecordedCall) => Response | undefined;
  } = {},
) {
  let people = options.people ?? PEOPLE;
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/tenant/employees') {
      // The server's search: name, e-mail or personnel number, one page.
      const q = (call.query?.['q'] ?? '').toLowerCase();
      const items = people.filter((p) =>
        [p.firstName, p.lastName, p.email, p.employeeId ?? ''].join(' ').toLowerCase().includes(q),
      );
      return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 50 });
    }
    if (call.path === '/v1/order/42/drivers') return jsonResponse(200, DRIVERS);
    if (call.path === '/v1/order/42/claims') return jsonResponse(200, CLAIMS);
    if (call.path === '/v1/tenant/invites' && call.method === 'POST') {
      const result: BulkInviteResult = { created: 1, skipped: 0, errors: [] };
      return options.onInvite?.(call) ?? jsonResponse(200, result);
    }
    const leave = /^\/v1\/tenant\/employees\/([^/]+)\/leave$/.exec(call.path);
    if (leave && call.method === 'POST') {
      const answer = options.onLeave?.(call);
      if (answer) return answer;
      const { date } = call.body as { date: string };
      people = people.map((p) => (p.id === leave[1] ? { ...p, status: 'LEAVING', leavingDate: date } : p));
      return jsonResponse(
        200,
        people.find((p) => p.id === leave[1]),
      );
    }
    return undefined;
  });
}

/** The employees page with the leave dialog of Max Mustermann open. */
async function openLeaveDialog(user: ReturnType<typeof userEvent.setup>) {
  renderEmployer('/employer/employees');
  await screen.findByText('Max Mustermann');
  await user.click(
    within(rowOf('Max Mustermann')).getByRole('button', { name: 'Ausscheiden von Max Mustermann melden' }),
  );
  return within(await screen.findByRole('dialog', { name: 'Ausscheiden von Max Mustermann' }));
}

const rowOf = (name: string) => {
  const row = screen.getAllByTestId('employee-row').find((element) => within(element).queryByText(name));
  if (!row) throw new Error(`no row ${name}`);
  return row;
};
const posts = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/employer/employees', () => {
  it('lists the people with personnel number, status, orders and leases', async () => {
    stubEmployerApi();
    const user = userEvent.setup();
    renderEmployer('/employer/employees');

    expect(await screen.findByRole('heading', { level: 1, name: 'Beschäftigte' })).toBeInTheDocument();
    const max = await screen.findByText('Max Mustermann');
    const row = rowOf('Max Mustermann');
    expect(max).toBeInTheDocument();
    expect(within(row).getByText('M-1001')).toBeInTheDocument();
    expect(within(row).getByText('max.mustermann@example.com')).toBeInTheDocument();
    // On a phone the row is a card: the name on top, every other column a line with its name.
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Max Mustermann');
    expect(within(row).getByText('max.mustermann@example.com').closest('td')).toHaveAttribute('data-label', 'E-Mail');
    expect(within(row).getByText('Aktiv')).toBeInTheDocument();
    expect(within(row).getByText('Nr. 42: Audi Q4 e-tron 45')).toBeInTheDocument();
    expect(within(row).getByText(/übergeben am 16\.02\.2026/)).toBeInTheDocument();
    expect(within(rowOf('Erika Musterfrau')).getByText('Eingeladen')).toBeInTheDocument();
    expect(screen.getByText('2 Personen')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: /Suchen/ }), 'erika');
    await waitFor(() => expect(screen.getAllByTestId('employee-row')).toHaveLength(1));
    expect(screen.getByText('1 Person')).toBeInTheDocument();
  });

  it("shows an order's additional drivers with their check when HR opens the list, not before", async () => {
    const calls = stubEmployerApi();
    const user = userEvent.setup();
    renderEmployer('/employer/employees');
    await screen.findByText('Max Mustermann');
    expect(calls.some((c) => c.path === '/v1/order/42/drivers')).toBe(false);

    await user.click(within(rowOf('Max Mustermann')).getByRole('button', { name: 'Zusatzfahrer der Bestellung 42' }));
    expect(await screen.findByText('Kim Meyer')).toBeInTheDocument();
    expect(screen.getByText('versichert')).toBeInTheDocument();
    expect(screen.getByText('Ana Roth')).toBeInTheDocument();
    expect(screen.getByText('Prüfung offen')).toBeInTheDocument();
    // Erika has no order: no list to open.
    expect(within(rowOf('Erika Musterfrau')).queryByRole('button', { name: /Zusatzfahrer/ })).toBeNull();
  });

  it("shows an order's damage reports with state and excess when HR opens the list, not before", async () => {
    const calls = stubEmployerApi();
    const user = userEvent.setup();
    renderEmployer('/employer/employees');
    await screen.findByText('Max Mustermann');
    expect(calls.some((c) => c.path === '/v1/order/42/claims')).toBe(false);

    await user.click(
      within(rowOf('Max Mustermann')).getByRole('button', { name: 'Schadenmeldungen der Bestellung 42' }),
    );
    expect(await screen.findByText('S-2026-000041')).toBeInTheDocument();
    expect(screen.getByText('Repariert')).toBeInTheDocument();
    expect(screen.getByText(/^Selbstbeteiligung 500,00\s€$/)).toBeInTheDocument();
    expect(screen.getByText('S-2026-000042')).toBeInTheDocument();
    expect(within(rowOf('Erika Musterfrau')).queryByRole('button', { name: /Schadenmeldungen/ })).toBeNull();
  });

  it('pages and searches through the server, the count in German number format', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
      if (call.path === '/v1/tenant/employees') {
        const page = Number(call.query?.['page'] ?? '1');
        return jsonResponse(200, {
          items: [buildEmployee({ lastName: `Seite${page}` })],
          total: 12_345,
          page,
          pageSize: 50,
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderEmployer('/employer/employees');
    expect(await screen.findByText('12.345 Personen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Max Seite2')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: /Suchen/ }), 'müller');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/v1/tenant/employees').at(-1);
      // A new search starts on the first page again.
      expect(last?.query).toMatchObject({ q: 'müller', page: '1', pageSize: '50' });
    });
  });

  it('invites a list of people, checking each row before sending', async () => {
    const calls = stubEmployerApi({ onInvite: () => jsonResponse(200, { created: 1, skipped: 1, errors: [] }) });
    const user = userEvent.setup();
    renderEmployer('/employer/employees');
    await user.click(await screen.findByRole('button', { name: 'Beschäftigte einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beschäftigte einladen' });
    const form = within(within(dialog).getByRole('form', { name: 'Liste eingeben' }));

    await user.click(form.getByRole('button', { name: 'Weitere Person' }));
    const rows = form.getAllByTestId('invite-row').map((row) => within(row));
    expect(rows).toHaveLength(2);
    await user.type(rows[0]!.getByRole('textbox', { name: /Vorname/ }), 'Erika');
    await user.type(rows[0]!.getByRole('textbox', { name: /Nachname/ }), 'Musterfrau');
    await user.type(rows[0]!.getByRole('textbox', { name: /E-Mail/ }), 'Erika.Musterfrau@Example.com');
    await user.type(rows[0]!.getByRole('textbox', { name: 'Personalnummer' }), 'P-4711');
    await user.type(rows[1]!.getByRole('textbox', { name: /Vorname/ }), 'Max');
    await user.type(rows[1]!.getByRole('textbox', { name: /Nachname/ }), 'Mustermann');
    await user.type(rows[1]!.getByRole('textbox', { name: /E-Mail/ }), 'kein-at-zeichen');
    await user.click(form.getByRole('button', { name: '2 Einladungen senden' }));

    // The bad address is caught under its field; nothing is sent.
    expect(await rows[1]!.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(posts(calls, '/v1/tenant/invites')).toHaveLength(0);

    await user.clear(rows[1]!.getByRole('textbox', { name: /E-Mail/ }));
    await user.type(rows[1]!.getByRole('textbox', { name: /E-Mail/ }), 'max.mustermann@example.com');
    await user.click(form.getByRole('button', { name: '2 Einladungen senden' }));

    const result = await within(dialog).findByTestId('invite-result');
    expect(within(result).getByText('1 Person eingeladen')).toBeInTheDocument();
    expect(within(result).getByText(/1 übersprungen/)).toBeInTheDocument();
    expect(posts(calls, '/v1/tenant/invites')).toEqual([
      expect.objectContaining({
        authorization: 'Bearer access',
        body: {
          invites: [
            { firstName: 'Erika', lastName: 'Musterfrau', email: 'erika.musterfrau@example.com', employeeId: 'P-4711' },
            { firstName: 'Max', lastName: 'Mustermann', email: 'max.mustermann@example.com', employeeId: null },
          ],
        },
      }),
    ]);
  });

  it('uploads a CSV file as text/csv and shows the result per line', async () => {
    const calls = stubEmployerApi({
      onInvite: () =>
        jsonResponse(200, {
          created: 2,
          skipped: 1,
          errors: [
            { row: 4, message: 'E-Mail ungültig' },
            { row: 6, message: 'Vorname fehlt, Nachname fehlt' },
          ],
        }),
    });
    const user = userEvent.setup();
    renderEmployer('/employer/employees');
    await user.click(await screen.findByRole('button', { name: 'Beschäftigte einladen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Beschäftigte einladen' }));
    await user.click(dialog.getByRole('tab', { name: 'CSV-Datei hochladen' }));
    const form = within(dialog.getByRole('form', { name: 'CSV-Datei hochladen' }));

    // Without a file nothing is sent.
    await user.click(form.getByRole('button', { name: 'Hochladen und einladen' }));
    expect(await form.findByText('Bitte wählen Sie eine Datei aus.')).toBeInTheDocument();

    const csv = 'Vorname;Nachname;E-Mail;Personalnummer\nErika;Musterfrau;erika@example.com;P-1\n';
    await user.upload(form.getByLabelText(/CSV-Datei/), new File([csv], 'personal.csv', { type: 'text/csv' }));
    await user.click(form.getByRole('button', { name: 'Hochladen und einladen' }));

    const result = within(await dialog.findByTestId('invite-result'));
    expect(result.getByText('2 Personen eingeladen')).toBeInTheDocument();
    expect(result.getByText(/1 übersprungen/)).toBeInTheDocument();
    expect(result.getByText('2 Zeilen nicht eingeladen:')).toBeInTheDocument();
    const errors = within(result.getByTestId('invite-errors')).getAllByRole('listitem');
    expect(errors.map((item) => item.textContent)).toEqual([
      'Zeile 4: E-Mail ungültig',
      'Zeile 6: Vorname fehlt, Nachname fehlt',
    ]);
    expect(posts(calls, '/v1/tenant/invites')).toEqual([
      expect.objectContaining({ contentType: 'text/csv', body: csv, authorization: 'Bearer access' }),
    ]);
  });

  it('shows a file the server cannot read under the file field', async () => {
    stubEmployerApi({
      onInvite: () =>
        jsonResponse(400, {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Kopfzeile unvollständig: erwartet werden Vorname, Nachname, E-Mail und optional Personalnummer.',
          errors: [{ field: 'file', message: 'invalid' }],
        }),
    });
    const user = userEvent.setup();
    renderEmployer('/employer/employees');
    await user.click(await screen.findByRole('button', { name: 'Beschäftigte einladen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Beschäftigte einladen' }));
    await user.click(dialog.getByRole('tab', { name: 'CSV-Datei hochladen' }));
    await user.upload(
      dialog.getByLabelText(/CSV-Datei/, { selector: 'input' }),
      new File(['a;b\n1;2\n'], 'x.csv', { type: 'text/csv' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Hochladen und einladen' }));
    expect(await dialog.findByText(/Kopfzeile unvollständig/)).toBeInTheDocument();
    expect(dialog.queryByTestId('invite-result')).not.toBeInTheDocument();
  });

  it('marks someone as leaving with the last working day', async () => {
    const calls = stubEmployerApi();
    const user = userEvent.setup();
    const dialog = await openLeaveDialog(user);
    expect(dialog.getByText('Zu dieser Person läuft 1 Leasingvertrag.')).toBeInTheDocument();

    const date = dialog.getByLabelText(/Letzter Arbeitstag/);
    await user.clear(date);
    await user.click(dialog.getByRole('button', { name: 'Ausscheiden melden' }));
    expect(await dialog.findByText('Bitte geben Sie ein gültiges Datum ein.')).toBeInTheDocument();
    expect(posts(calls, `/v1/tenant/employees/${PEOPLE[0]!.id}/leave`)).toHaveLength(0);

    await user.type(date, '30.06.2026');
    await user.click(dialog.getByRole('button', { name: 'Ausscheiden melden' }));
    expect(await screen.findByText('Ausscheiden von Max Mustermann gemeldet')).toBeInTheDocument();
    expect(posts(calls, `/v1/tenant/employees/${PEOPLE[0]!.id}/leave`)).toEqual([
      expect.objectContaining({ body: { date: '2026-06-30' } }),
    ]);
    // The list is read again and shows the new status with the date.
    const row = rowOf('Max Mustermann');
    expect(await within(row).findByText('Ausscheidend')).toBeInTheDocument();
    expect(within(row).getByText('zum 30.06.2026')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Ausscheiden/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the date under the date field and keeps the dialog open", async () => {
    const message = 'Der letzte Arbeitstag darf nicht vor der Übergabe des Leasingfahrzeugs am 31.03.2026 liegen.';
    const calls = stubEmployerApi({
      onLeave: (call) =>
        (call.body as { date: string }).date < '2026-03-31'
          ? jsonResponse(422, {
              status: 422,
              code: 'LEAVING_DATE_REFUSED',
              message,
              errors: [{ field: 'date', message }],
            })
          : undefined,
    });
    const user = userEvent.setup();
    const dialog = await openLeaveDialog(user);
    const date = dialog.getByLabelText(/Letzter Arbeitstag/);
    await user.clear(date);
    await user.type(date, '30.03.2026');
    await user.click(dialog.getByRole('button', { name: 'Ausscheiden melden' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(within(rowOf('Max Mustermann')).getByText('Aktiv')).toBeInTheDocument();

    // A new date clears the refusal; the next answer decides.
    await user.clear(date);
    await user.type(date, '30.04.2026');
    expect(dialog.queryByText(message)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Ausscheiden melden' }));
    expect(await screen.findByText('Ausscheiden von Max Mustermann gemeldet')).toBeInTheDocument();
    expect(posts(calls, `/v1/tenant/employees/${PEOPLE[0]!.id}/leave`)).toHaveLength(2);
  });
});
