import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../lib/auth-store';
import { stubApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/memory-storage';
import { withQueryClient } from '../../test/query';
import { renderRoutes } from '../../test/render';
import { ProviderLicenceChecks } from './provider-licence-checks';

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const base = { orderId: 7, lastCheckedOn: '2026-01-10', lastFailureReason: null };

describe("the provider's view of licence checks", () => {
  it('shows the due and overdue checks only', async () => {
    stubApi((call) =>
      call.path === '/v1/provider/licence-checks'
        ? jsonResponse(200, [
            {
              ...base,
              userId: '00000000-0000-4000-8000-000000000001',
              name: 'Max Mustermann',
              dueOn: '2026-07-10',
              status: 'OK',
            },
            {
              ...base,
              userId: '00000000-0000-4000-8000-000000000002',
              name: 'Erika Muster',
              dueOn: '2026-02-01',
              status: 'OVERDUE',
            },
          ])
        : undefined,
    );
    renderRoutes(withQueryClient([{ path: '/', element: <ProviderLicenceChecks /> }]), '/');
    const table = await screen.findByTestId('licence-checks');
    expect(within(table).getByText('Erika Muster')).toBeInTheDocument();
    expect(within(table).getByText('Überfällig')).toBeInTheDocument();
    expect(within(table).queryByText('Max Mustermann')).not.toBeInTheDocument();
  });
});
