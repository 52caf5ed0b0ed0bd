import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LeaseReturn, LeaseReturnRequest } from '@leasing/contract';

import { setAuthData } from '../../lib/auth-store';
import { ME, stubApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/memory-storage';
import { withQueryClient } from '../../test/query';
import { renderRoutes } from '../../test/render';
import { buildProviderClaim } from '../orders/test-support/claims';
import { ReturnForm } from './return-form';

const ORDER_ID = 42;

/** The order's reports in each state the return cares about, and one of another order the search also found. */
const CLAIMS = [
  buildProviderClaim({ id: 'c1', number: 'S-2026-000041', kind: 'DAMAGE', status: 'REJECTED' }),
  buildProviderClaim({ id: 'c2', number: 'S-2026-000042', kind: 'ACCIDENT', status: 'REPAIRED' }),
  buildProviderClaim({ id: 'c3', number: 'S-2026-000043', kind: 'GLASS', status: 'IN_REVIEW' }),
  buildProviderClaim({ id: 'c4', number: 'S-2026-000044', kind: 'THEFT', status: 'REJECTED', orderId: 4200 }),
];

const RECORDED: LeaseReturn = {
  orderId: ORDER_ID,
  returnedOn: '2025-06-30',
  odometerKm: 41_000,
  damages: [{ description: 'Delle in der Fahrertür', costEur: 350, claimNumber: 'S-2026-000041' }],
  settlement: {
    contractKm: 40_000,
    drivenKm: 41_000,
    extraKm: 1_000,
    chargedExtraKm: 0,
    extraKmEur: 0,
    fewerKm: 0,
    refundedFewerKm: 0,
    fewerKmEur: 0,
    damagesEur: 350,
    totalEur: 350,
  },
  documentId: 'd1',
};

function stubReturn(claims = CLAIMS) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'PROVIDER_ADMIN' });
    if (call.path === '/v1/provider/claims')
      return jsonResponse(200, { items: claims, total: claims.length, page: 1, pageSize: 100 });
    if (call.path === `/v1/provider/orders/${String(ORDER_ID)}/return` && call.method === 'POST')
      return jsonResponse(201, RECORDED);
    return undefined;
  });
}

const renderForm = () =>
  renderRoutes(withQueryClient([{ path: '*', element: <ReturnForm orderId={ORDER_ID} /> }]), '/');

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the return form', () => {
  it("offers the order's damage reports; only a rejected one can be picked, and its number is sent", async () => {
    const calls = stubReturn();
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/provider/claims')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/provider/claims')?.query).toEqual({
      q: String(ORDER_ID),
      page: '1',
      pageSize: '100',
    });

    await user.type(screen.getByLabelText(/Rückgabedatum/), '30.06.2025');
    await user.type(screen.getByLabelText(/Kilometerstand/), '41000');
    await user.click(screen.getByRole('button', { name: 'Schaden hinzufügen' }));
    await user.type(screen.getByLabelText('Schaden'), 'Delle in der Fahrertür');
    await user.type(screen.getByLabelText('Kosten (€)'), '350');

    const select = await screen.findByRole('combobox', { name: 'Zugehörige Schadenmeldung' });
    await user.click(select);
    const settled = await screen.findByRole('option', {
      name: 'S-2026-000042 · Unfall · Repariert (von der Versicherung reguliert)',
    });
    expect(settled).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByRole('option', { name: 'S-2026-000043 · Glasschaden · In Prüfung (noch offen)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    // The search also matches other orders' reports; they are not offered.
    expect(screen.queryByRole('option', { name: /S-2026-000044/ })).not.toBeInTheDocument();
    const rejected = screen.getByRole('option', { name: 'S-2026-000041 · Schaden · Abgelehnt' });
    expect(rejected).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(rejected);
    expect(select).toHaveValue('S-2026-000041 · Schaden · Abgelehnt');

    await user.click(screen.getByRole('button', { name: 'Rückgabe erfassen' }));
    expect(await screen.findByTestId('settlement')).toBeInTheDocument();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual<LeaseReturnRequest>({
      returnedOn: '2025-06-30',
      odometerKm: 41_000,
      damages: [{ description: 'Delle in der Fahrertür', costEur: 350, claimNumber: 'S-2026-000041' }],
    });
  });

  it('shows no claim select when the order has no damage reports, and sends the damage without a number', async () => {
    const calls = stubReturn([]);
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/provider/claims')).toBe(true));
    await user.type(screen.getByLabelText(/Rückgabedatum/), '30.06.2025');
    await user.type(screen.getByLabelText(/Kilometerstand/), '41000');
    await user.click(screen.getByRole('button', { name: 'Schaden hinzufügen' }));
    await user.type(screen.getByLabelText('Schaden'), 'Kratzer');
    await user.type(screen.getByLabelText('Kosten (€)'), '80');
    expect(screen.queryByRole('combobox', { name: 'Zugehörige Schadenmeldung' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rückgabe erfassen' }));
    expect(await screen.findByTestId('settlement')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      returnedOn: '2025-06-30',
      odometerKm: 41_000,
      damages: [{ description: 'Kratzer', costEur: 80 }],
    });
  });
});
