import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { buildOverview } from '../test-support/factories';
import { renderEmployer } from '../test-support/render-employer';

const TENANT_ADMIN = { ...ME, role: 'TENANT_ADMIN' };

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/employer', () => {
  it('shows participants, approvals, leases and this month with the employer saving', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, TENANT_ADMIN);
      if (call.path === '/v1/tenant/overview') return jsonResponse(200, buildOverview());
      return undefined;
    });
    const user = userEvent.setup();
    const view = renderEmployer('/employer');

    expect(await screen.findByRole('heading', { level: 1, name: 'Arbeitgeberportal' })).toBeInTheDocument();
    const participants = await screen.findByTestId('overview-participants');
    expect(within(participants).getByText('12')).toBeInTheDocument();
    expect(within(participants).getByText(/3 Einladungen offen · 1 scheidet aus/)).toBeInTheDocument();
    expect(within(screen.getByTestId('overview-leases')).getByText('7')).toBeInTheDocument();
    const saving = screen.getByTestId('overview-saving');
    expect(within(saving).getByText('Ersparnis Sozialversicherung April 2026')).toBeInTheDocument();
    expect(within(saving).getByText('760,48 €')).toBeInTheDocument();
    expect(within(saving).getByText('9.125,76 € im Kalenderjahr')).toBeInTheDocument();
    const month = screen.getByTestId('overview-month');
    expect(within(month).getByRole('heading', { name: 'Summen April 2026' })).toBeInTheDocument();
    expect(within(month).getByText('543,21 €')).toBeInTheDocument();
    expect(within(month).getByRole('link', { name: 'Zur Entgeltabrechnung' })).toHaveAttribute(
      'href',
      '/employer/payroll/2026-04',
    );
    expect(calls.find((c) => c.path === '/v1/tenant/overview')?.authorization).toBe('Bearer access');

    // The section navigation marks the page; the approvals figure leads to the existing list.
    expect(screen.getByRole('link', { name: 'Übersicht' })).toHaveAttribute('aria-current', 'page');
    const approvals = screen.getByTestId('overview-approvals');
    expect(within(approvals).getByText('2')).toBeInTheDocument();
    await user.click(within(approvals).getByRole('link', { name: 'Zur Freigabeliste' }));
    expect(view.router.state.location.pathname).toBe('/admin/orders');
  });

  it('is closed to employees and provider admins without asking the tenant API', async () => {
    for (const role of ['EMPLOYEE', 'PROVIDER_ADMIN']) {
      const calls = stubApi((call) => (call.path === '/v1/me' ? jsonResponse(200, { ...ME, role }) : undefined));
      const view = renderEmployer('/employer');
      expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeInTheDocument();
      expect(calls.filter((c) => c.path.startsWith('/v1/tenant'))).toEqual([]);
      view.unmount();
    }
  });

  it('offers a retry when the overview does not load', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path === '/v1/me') return jsonResponse(200, TENANT_ADMIN);
      if (call.path === '/v1/tenant/overview')
        return fail
          ? // A 4xx is not retried by the query client, so the alert shows at once.
            jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Not found' })
          : jsonResponse(200, buildOverview());
      return undefined;
    });
    const user = userEvent.setup();
    renderEmployer('/employer');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('overview-participants')).toBeInTheDocument();
  });
});
