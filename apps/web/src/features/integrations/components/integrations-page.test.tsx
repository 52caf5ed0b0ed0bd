import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TenantSsoConfig, WebhookDeliveryPage, WebhookEndpoint } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi, type RecordedCall } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { renderIntegrations } from '../test-support/render-integrations';

const SSO: TenantSsoConfig = {
  configured: true,
  issuer: 'https://login.example.com/muster',
  clientId: 'leasing-app',
  clientSecretSet: true,
  emailDomains: ['muster-gmbh.de'],
  enabled: true,
  requireSso: false,
  callbackUrl: 'https://leasing.example.com/v1/auth/sso/callback',
  updatedAt: '2026-11-30T08:00:00.000Z',
};

const ENDPOINT: WebhookEndpoint = {
  id: '0d7c2b8e-0000-4000-8000-00000000000a',
  url: 'https://hr.muster-gmbh.de/hooks',
  description: 'HR-System',
  events: ['order.approved'],
  status: 'FAILING',
  failingSince: '2026-11-29T08:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-29T08:00:00.000Z',
};

const DELIVERIES: WebhookDeliveryPage = {
  items: [
    {
      id: '0d7c2b8e-0000-4000-8000-0000000000d1',
      messageId: 'msg_2abc',
      type: 'order.approved',
      status: 'FAILED',
      createdAt: '2026-11-28T08:00:00.000Z',
      nextAttemptAt: null,
      deliveredAt: null,
      lastStatusCode: 500,
      body: '{}',
      attempts: [
        { at: '2026-11-28T08:00:00.000Z', statusCode: 500, durationMs: 30, responseExcerpt: 'oops', error: null },
        { at: '2026-11-28T08:00:05.000Z', statusCode: 500, durationMs: 31, responseExcerpt: 'oops', error: null },
      ],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
};

function stubIntegrations(overrides: (call: RecordedCall) => Response | undefined = () => undefined) {
  return stubApi((call) => {
    const own = overrides(call);
    if (own) return own;
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/tenant/sso') return jsonResponse(200, SSO);
    if (call.path === '/v1/tenant/scim-tokens' && call.method === 'GET') return jsonResponse(200, []);
    if (call.path === '/v1/tenant/api-keys') return jsonResponse(200, []);
    if (call.path === '/v1/tenant/webhooks' && call.method === 'GET') return jsonResponse(200, [ENDPOINT]);
    if (call.path === `/v1/tenant/webhooks/${ENDPOINT.id}/deliveries`) return jsonResponse(200, DELIVERIES);
    return undefined;
  });
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/employer/integrations', () => {
  it('keeps the stored client secret unless a new one is typed, and shows the discovery refusal in German', async () => {
    const calls = stubIntegrations((call) =>
      call.path === '/v1/tenant/sso' && call.method === 'PUT'
        ? jsonResponse(422, {
            status: 422,
            code: 'SSO_DISCOVERY_FAILED',
            message: 'Der Identitätsdienst unter dieser Adresse antwortet nicht wie erwartet.',
            errors: [{ field: 'issuer', message: 'discovery' }],
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderIntegrations();
    const form = within(await screen.findByRole('form', { name: 'Anmeldung mit dem Firmenkonto (SSO)' }));
    expect(screen.getByText(SSO.callbackUrl)).toBeInTheDocument();
    expect(form.getByText('Ein Geheimnis ist gespeichert. Leer lassen, um es zu behalten.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    const put = await waitFor(() => {
      const found = calls.find((c) => c.method === 'PUT');
      expect(found).toBeDefined();
      return found;
    });
    expect(put?.body).toEqual({
      issuer: SSO.issuer,
      clientId: SSO.clientId,
      emailDomains: ['muster-gmbh.de'],
      enabled: true,
      requireSso: false,
    });
    expect((await form.findAllByText(/antwortet nicht wie erwartet/)).length).toBeGreaterThan(0);
  });

  it('shows a new SCIM token once with the tenant URL for the directory', async () => {
    stubIntegrations((call) =>
      call.path === '/v1/tenant/scim-tokens' && call.method === 'POST'
        ? jsonResponse(201, {
            id: '0d7c2b8e-0000-4000-8000-0000000000c1',
            name: 'Entra ID',
            prefix: 'scim_0a1b2c3d',
            createdAt: '2026-12-01T08:00:00.000Z',
            expiresAt: null,
            lastUsedAt: null,
            token: 'scim_0a1b2c3d_shown-once',
            scimUrl: 'https://leasing.example.com/scim/v2',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderIntegrations();
    const form = within(await screen.findByRole('form', { name: 'Neues SCIM-Token erstellen' }));
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'Entra ID');
    await user.click(form.getByRole('button', { name: 'Token erstellen' }));
    expect(await screen.findByText('scim_0a1b2c3d_shown-once')).toBeInTheDocument();
    expect(screen.getByText('https://leasing.example.com/scim/v2')).toBeInTheDocument();
  });

  it('marks a failing endpoint, lists its deliveries with their answer codes and sends one again', async () => {
    const calls = stubIntegrations((call) =>
      call.path.endsWith('/resend') ? jsonResponse(202, { ...DELIVERIES.items[0], status: 'PENDING' }) : undefined,
    );
    const user = userEvent.setup();
    renderIntegrations();
    const list = within(await screen.findByRole('list', { name: 'Webhook-Empfänger' }));
    expect(list.getByText('Fehlerhaft')).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: 'Zustellungen' }));
    const log = within(await screen.findByRole('list', { name: 'Zustellungen' }));
    expect(log.getByText(/2 Versuche · Antwort 500/)).toBeInTheDocument();
    await user.click(log.getByRole('button', { name: 'Erneut senden' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path.endsWith(`/deliveries/${DELIVERIES.items[0]?.id}/resend`)),
      ).toBe(true),
    );
  });

  it('refuses a webhook without events before sending', async () => {
    const calls = stubIntegrations();
    const user = userEvent.setup();
    renderIntegrations();
    const form = within(await screen.findByRole('form', { name: 'Neuen Empfänger anlegen' }));
    await user.type(form.getByRole('textbox', { name: /Empfänger-URL/ }), 'https://hr.muster-gmbh.de/neu');
    await user.click(form.getByRole('button', { name: 'Empfänger anlegen' }));
    expect(await form.findByText('Bitte wählen Sie mindestens ein Ereignis.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/tenant/webhooks')).toBe(false);
  });
});
