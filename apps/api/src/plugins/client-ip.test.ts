import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../modules/demo/accounts.js';
import { AUTH_LIMITS } from '../lib/rate-limiter.js';
import { createTestApp, databaseTargets, type TestApp } from '../test-support/harness.js';
import { captureLog } from '../test-support/log-capture.js';

const PROXY = '10.9.0.1';
const CLIENT_A = '198.51.100.1';
const CLIENT_B = '198.51.100.2';

function failedLogin(t: TestApp, forwardedFor: string, account = 'niemand@example.com') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: account, password: 'falsch-falsch' },
  });
}

describe.each(databaseTargets())('behind a trusted proxy (TRUST_PROXY=1) on %s', (target) => {
  const { lines, sink } = captureLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { env: { TRUST_PROXY: '1', LOG_LEVEL: 'info' }, logStream: sink });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits each client by its own address, not everyone behind the proxy', async () => {
    for (let i = 0; i < AUTH_LIMITS.loginFailuresPerIp.limit; i++)
      await failedLogin(t, CLIENT_A, `konto${i}@example.com`);
    expect((await failedLogin(t, CLIENT_A)).statusCode).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': CLIENT_B },
      payload: { username: DEMO_ACCOUNTS.employee, password: DEMO_PASSWORD },
    });
    expect(other.json()).toMatchObject({ authenticated: true });
  });

  it('takes only the hop the proxy appended, so a client cannot name itself', async () => {
    // The client sends its own X-Forwarded-For; nginx appends the real address last.
    const clientC = '198.51.100.3';
    for (let i = 0; i < AUTH_LIMITS.loginFailuresPerAccountAndIp.limit; i++) {
      expect((await failedLogin(t, `203.0.113.${i}, ${clientC}`, 'opfer@example.com')).statusCode).toBe(200);
    }
    expect((await failedLogin(t, `203.0.113.99, ${clientC}`, 'opfer@example.com')).statusCode).toBe(429);
  });

  it('ends no one else’s sessions when one client refreshes too often', async () => {
    const refresh = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/refreshToken',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
        payload: { refreshToken: 'unbekannt' },
      });
    for (let i = 0; i < AUTH_LIMITS.refreshPerIp.limit; i++) await refresh('198.51.100.7');
    expect((await refresh('198.51.100.7')).statusCode).toBe(429);
    expect((await refresh('198.51.100.8')).statusCode).toBe(401);
  });

  it('keeps the request id the proxy assigned', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      remoteAddress: PROXY,
      headers: { 'x-request-id': 'nginx-0123456789abcdef' },
    });
    expect(response.headers['x-request-id']).toBe('nginx-0123456789abcdef');
  });

  it('writes the client’s address into security events', () => {
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e['securityEvent']);
    expect(events.some((e) => e['action'] === 'auth.login_failed' && e['ip'] === CLIENT_A)).toBe(true);
    expect(events.some((e) => e['ip'] === PROXY)).toBe(false);
  });
});

describe.each(databaseTargets())('without TRUST_PROXY on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For: a changing header does not escape the limit', async () => {
    for (let i = 0; i < AUTH_LIMITS.loginFailuresPerIp.limit; i++)
      await failedLogin(t, `198.51.100.${i + 10}`, `konto${i}@example.com`);
    expect((await failedLogin(t, '198.51.100.200')).statusCode).toBe(429);
  });

  it('ignores a request id the client chose: it could borrow someone else’s', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'someone-elses-request-1' },
    });
    expect(response.headers['x-request-id']).not.toBe('someone-elses-request-1');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
