import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ProviderPackageChange, Role } from '@leasing/contract';

import { Component as ProviderLayout } from '../../../app/routes/provider-layout';
import { Component as PackageChangesRoute } from '../../../app/routes/provider-package-changes';
import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';
import { buildProviderPackageChange as queued } from '../../orders/test-support/package-changes';

const LIST = '/v1/provider/package-changes';
const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');

const renderAt = (path: string) =>
  renderRoutes(
    withQueryClient([
      {
        path: '/provider',
        element: <ProviderLayout />,
        children: [{ path: 'package-changes', element: <PackageChangesRoute /> }],
      },
    ]),
    path,
  );

/** The queue in memory: one open request unless told otherwise; `onDecision` answers the decision. */
function fakeQueue(
  items: ProviderPackageChange[] = [queued()],
  {
    role = 'PROVIDER_ADMIN',
    onDecision,
  }: { role?: Role; onDecision?: (call: RecordedCall, row: ProviderPackageChange) => Response } = {},
) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role });
    if (call.path === LIST) {
      const status = call.query?.['status'];
      const page = Number(call.query?.['page'] ?? '1');
      const matching = items.filter((row) => !status || row.status === status);
      return jsonResponse(200, { items: matching, total: matching.length, page, pageSize: 25 });
    }
    const decision = /^\/v1\/provider\/package-changes\/([^/]+)\/decision$/.exec(call.path);
    const row = items.find((r) => r.id === decision?.[1]);
    if (decision && row && call.method === 'POST') {
      if (onDecision) return onDecision(call, row);
      const body = call.body as { decision: 'APPROVE' | 'DECLINE'; note?: string };
      const decided: ProviderPackageChange = {
        ...row,
        status: body.decision === 'APPROVE' ? 'APPROVED' : 'DECLINED',
        effectiveMonth: body.decision === 'APPROVE' ? '2026-08' : null,
        note: body.note ?? null,
        decidedAt: '2026-07-15T10:00:00.000Z',
      };
      return jsonResponse(200, decided);
    }
    return undefined;
  });
}

const decisions = (calls: RecordedCall[]) => calls.filter((c) => c.path.endsWith('/decision'));

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
  // Only the clock: 15 July 2026 in Berlin, so an approval now starts in August.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-07-15T10:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/provider/package-changes', () => {
  it('is closed to other roles without asking the back office', async () => {
    for (const role of ['EMPLOYEE', 'TENANT_ADMIN'] as const) {
      const calls = fakeQueue([queued()], { role });
      const { unmount } = renderAt('/provider/package-changes');
      expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
      expect(calls.some((c) => c.path.startsWith('/v1/provider/'))).toBe(false);
      unmount();
    }
  });

  it('opens on the open requests with their columns; the status filter goes to the server and the address', async () => {
    const approved = queued({
      id: '6d2f3e4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
      status: 'APPROVED',
      effectiveMonth: '2026-06',
      personName: 'Erika Musterfrau',
    });
    const calls = fakeQueue([queued(), approved]);
    const lastQuery = () => calls.filter((c) => c.path === LIST).at(-1)?.query;
    const user = userEvent.setup();
    const { router } = renderAt('/provider/package-changes');

    expect(await screen.findByRole('heading', { level: 1, name: 'Paketwechsel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paketwechsel' })).toHaveAttribute('aria-current', 'page');
    const row = await screen.findByTestId('package-change-row');
    expect(lastQuery()).toEqual({ status: 'REQUESTED', page: '1', pageSize: '25' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Offen');
    expect(screen.getByTestId('package-changes-total')).toHaveTextContent('1 Anfrage');

    const table = screen.getByRole('table', { name: 'Anfragen nach einem größeren Kilometerpaket, älteste zuerst' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Anfrage vom',
      'Person',
      'Arbeitgeber',
      'Fahrzeug',
      'km/Jahr (von → nach)',
      'Rate (alt → neu)',
      'Status',
      'Aktionen',
    ]);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('01.07.2026Bestellung Nr. 42');
    expect(within(row).getAllByRole('cell').slice(0, 6).map(text)).toEqual([
      'Max Mustermann',
      'Muster GmbH',
      'Audi Q4 e-tron 45',
      '10.000 → 15.000',
      '643,00 € → 683,50 €',
      'Angefragt',
    ]);
    expect(within(row).getByRole('button', { name: 'Paketwechsel von Max Mustermann genehmigen' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Paketwechsel von Max Mustermann ablehnen' })).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Alle' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '25' }));
    expect(router.state.location.search).toBe('?status=ALL');
    await waitFor(() => expect(screen.getAllByTestId('package-change-row')).toHaveLength(2));
    const decided = screen.getAllByTestId('package-change-row')[1]!;
    expect(text(within(decided).getByTestId('package-change-status'))).toBe('Genehmigtab Juni 2026');
    expect(within(decided).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Offen' }));
    // The open requests are the default: the address leaves them out (their list comes from the cache).
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getAllByTestId('package-change-row')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Offen');
  });

  it('approves after a confirmation that names the month after today; the row shows the decision', async () => {
    const calls = fakeQueue();
    const user = userEvent.setup();
    renderAt('/provider/package-changes');
    const row = await screen.findByTestId('package-change-row');
    await user.click(within(row).getByRole('button', { name: 'Paketwechsel von Max Mustermann genehmigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen' });
    expect(text(dialog)).toContain(
      'Paketwechsel von Max Mustermann genehmigen: 15.000 km statt 10.000 km im Jahr, 683,50 € statt 643,00 € brutto im Monat? Die neue Rate gilt ab August 2026',
    );
    expect(decisions(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Genehmigen' }));

    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    const [sent] = decisions(calls);
    expect(sent?.path).toBe(`/v1/provider/package-changes/${queued().id}/decision`);
    expect(sent?.body).toEqual({ decision: 'APPROVE' });
    await waitFor(() => expect(text(within(row).getByTestId('package-change-status'))).toBe('Genehmigtab August 2026'));
    expect(within(row).queryByRole('button')).toBeNull();
    expect(
      await screen.findByText('Paketwechsel von Max Mustermann genehmigt; die neue Rate gilt ab August 2026.'),
    ).toBeInTheDocument();
  });

  it('names January of the next year on the last evening of December, in German time', async () => {
    vi.setSystemTime(new Date('2026-12-31T23:30:00.000Z'));
    fakeQueue();
    const user = userEvent.setup();
    renderAt('/provider/package-changes');
    const row = await screen.findByTestId('package-change-row');
    await user.click(within(row).getByRole('button', { name: 'Paketwechsel von Max Mustermann genehmigen' }));
    // Already 1 January 2027 in Berlin: the new rate starts in February.
    expect(text(await screen.findByRole('dialog'))).toContain('Die neue Rate gilt ab Februar 2027');
  });

  it('declines only with a reason, which it sends; the row shows it', async () => {
    const calls = fakeQueue();
    const user = userEvent.setup();
    renderAt('/provider/package-changes');
    const row = await screen.findByTestId('package-change-row');
    await user.click(within(row).getByRole('button', { name: 'Paketwechsel von Max Mustermann ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paketwechsel ablehnen' });
    const reason = within(dialog).getByRole('textbox', { name: /Grund der Ablehnung/ });
    expect(reason).toBeRequired();

    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Grund an.')).toBeVisible();
    expect(reason).toHaveAccessibleDescription('Bitte geben Sie einen Grund an.');
    expect(decisions(calls)).toHaveLength(0);

    await user.type(reason, 'Das Paket ist für dieses Modell ausgelaufen. ');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]?.body).toEqual({
      decision: 'DECLINE',
      note: 'Das Paket ist für dieses Modell ausgelaufen.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(text(within(row).getByTestId('package-change-status'))).toBe(
      'AbgelehntGrund: Das Paket ist für dieses Modell ausgelaufen.',
    );
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('shows the server’s reason at the field, and a refusal in its own words', async () => {
    const calls = fakeQueue([queued()], {
      onDecision: (call) =>
        (call.body as { decision: string }).decision === 'DECLINE'
          ? jsonResponse(400, {
              status: 400,
              code: 'VALIDATION_FAILED',
              message: 'Bitte geben Sie einen Grund an.',
              errors: [{ field: 'note', message: 'max 1000' }],
            })
          : jsonResponse(409, {
              status: 409,
              code: 'CONFLICT',
              message: 'Über diesen Paketwechsel ist bereits entschieden.',
            }),
    });
    const user = userEvent.setup();
    renderAt('/provider/package-changes');
    const row = await screen.findByTestId('package-change-row');

    await user.click(within(row).getByRole('button', { name: 'Paketwechsel von Max Mustermann ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paketwechsel ablehnen' });
    await user.type(within(dialog).getByRole('textbox', { name: /Grund/ }), 'Zu lang');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Höchstens 1.000')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(
      within(await screen.findByTestId('package-change-row')).getByRole('button', {
        name: 'Paketwechsel von Max Mustermann genehmigen',
      }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Genehmigen' }));
    expect(await screen.findByTestId('package-change-refusal')).toHaveTextContent(
      'Über diesen Paketwechsel ist bereits entschieden.',
    );
    expect(decisions(calls)).toHaveLength(2);
  });
});
