import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ApiKey } from '@leasing/contract';

import { setAuthData } from '../../../lib/auth-store';
import { ME, stubApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/memory-storage';
import { renderIntegrations } from '../test-support/render-integrations';

const buildKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '7f1c2d9e-0000-4000-8000-000000000001',
  name: 'Lohnabrechnung',
  prefix: 'lk_3fa9c1d2',
  scopes: ['payroll:read'],
  createdAt: '2026-11-02T08:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-30T06:15:00.000Z',
  ...overrides,
});

function stubKeysApi(keys: ApiKey[]) {
  return stubApi((call) => {
    if (call.path === '/v1/me') return jsonResponse(200, { ...ME, role: 'TENANT_ADMIN' });
    if (call.path === '/v1/tenant/api-keys' && call.method === 'GET') return jsonResponse(200, keys);
    if (call.path === '/v1/tenant/api-keys' && call.method === 'POST') {
      const body = call.body as { name: string; scopes: ApiKey['scopes']; expiresAt: string | null };
      const created = buildKey({ id: '7f1c2d9e-0000-4000-8000-000000000002', ...body, lastUsedAt: null });
      keys.push(created);
      return jsonResponse(201, { ...created, key: 'lk_0123abcd_secret-shown-once' });
    }
    if (call.path.startsWith('/v1/tenant/api-keys/') && call.method === 'DELETE') {
      keys.splice(0, keys.length, ...keys.filter((k) => !call.path.endsWith(k.id)));
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/employer/integrations: API keys', () => {
  it('lists the keys by prefix with their scopes and dates in German', async () => {
    stubKeysApi([buildKey()]);
    renderIntegrations();
    const list = within(await screen.findByRole('list', { name: 'API-Schlüssel' }));
    expect(list.getByText('Lohnabrechnung')).toBeInTheDocument();
    expect(list.getByText('lk_3fa9c1d2…')).toBeInTheDocument();
    expect(list.getByText('payroll:read')).toBeInTheDocument();
    expect(
      list.getByText(/Erstellt am 02\.11\.2026 · gültig bis zum Widerruf · zuletzt genutzt 30\.11\.2026/),
    ).toBeInTheDocument();
  });

  it('checks name and scopes before sending, then shows the new key once', async () => {
    const calls = stubKeysApi([]);
    const user = userEvent.setup();
    renderIntegrations();
    const form = within(await screen.findByRole('form', { name: 'Neuen Schlüssel erstellen' }));
    await user.click(form.getByRole('button', { name: 'Schlüssel erstellen' }));
    expect(await form.findByText('Bitte wählen Sie mindestens eine Berechtigung.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: /Name/ }), 'HR-System');
    await user.click(form.getByRole('checkbox', { name: 'Personen und Abwesenheiten lesen' }));
    await user.click(form.getByRole('button', { name: 'Schlüssel erstellen' }));
    expect(await screen.findByTestId('secret-once')).toHaveTextContent('lk_0123abcd_secret-shown-once');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'HR-System', scopes: ['people:read'], expiresAt: null });

    await user.click(screen.getByRole('button', { name: 'Ich habe ihn gesichert' }));
    expect(screen.queryByTestId('secret-once')).not.toBeInTheDocument();
    expect(await screen.findByText('HR-System')).toBeInTheDocument();
  });

  it('revokes a key only after asking', async () => {
    const calls = stubKeysApi([buildKey()]);
    const user = userEvent.setup();
    renderIntegrations();
    await user.click(await screen.findByRole('button', { name: 'Schlüssel „Lohnabrechnung“ widerrufen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schlüssel widerrufen?' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Noch keine API-Schlüssel.')).toBeInTheDocument();
  });
});
