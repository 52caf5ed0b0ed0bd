import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LeaseEndInfo } from '@leasing/contract';

import { setAuthData } from '../../lib/auth-store';
import { stubApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/memory-storage';
import { withQueryClient } from '../../test/query';
import { renderRoutes } from '../../test/render';
import { LeaseEndBanner } from './lease-end-banner';

const info = (licenceCheck: LeaseEndInfo['licenceCheck']): LeaseEndInfo => ({
  orderId: 7,
  endsOn: '2028-04-30',
  nextCarOffered: false,
  appointment: null,
  returnedOn: null,
  licenceCheck,
});

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LeaseEndBanner: driving-licence check', () => {
  it('tells the employee their last check did not pass, with the provider’s reason, and offers it again', async () => {
    stubApi((call) =>
      call.path === '/v1/order/7/lease-end'
        ? jsonResponse(
            200,
            info({ lastCheckedOn: '2026-01-10', dueOn: '2026-07-10', status: 'DUE', lastFailureReason: 'expired' }),
          )
        : undefined,
    );
    renderRoutes(withQueryClient([{ path: '*', element: <LeaseEndBanner orderId={7} /> }]), '/');
    expect(await screen.findByTestId('licence-check-failed')).toHaveTextContent(
      'Die letzte Prüfung ist nicht bestanden: Link abgelaufen, Prüfung nicht abgeschlossen. Sie können sie erneut starten.',
    );
    expect(screen.getByTestId('start-licence-check')).toBeEnabled();
  });

  it('says nothing of failures when the last attempt did not fail', async () => {
    stubApi((call) =>
      call.path === '/v1/order/7/lease-end'
        ? jsonResponse(
            200,
            info({ lastCheckedOn: '2026-01-10', dueOn: '2026-07-10', status: 'OVERDUE', lastFailureReason: null }),
          )
        : undefined,
    );
    renderRoutes(withQueryClient([{ path: '*', element: <LeaseEndBanner orderId={7} /> }]), '/');
    expect(await screen.findByTestId('start-licence-check')).toBeInTheDocument();
    expect(screen.queryByTestId('licence-check-failed')).toBeNull();
  });
});
