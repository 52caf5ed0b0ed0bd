import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../modules/demo/accounts.js';
import { AUTH_LIMITS } from '../lib/rate-limiter.js';
import { createTestApp, databaseTargets, type TestApp } from '../test-support/harness.js';
import { captureLog } from '../test-support/log-capture.js';
import { hopCountWarning, trustedProxies } from '../lib/trusted-proxies.js';

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

const logged = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe.each(databaseTargets())('behind a trusted proxy (TRUST_PROXY=1) on %s', (target) => {
  const { lines, sink } = captureLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {
      env: { TRUST_PROXY: '1', LOG_LEVEL: 'info', HOST: '0.0.0.0' },
      logStream: sink,
    });
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

  it('takes no request id from a peer on a public address: a hop count names no proxy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'someone-elses-request-1' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('warns at start that a hop count on a public listening address believes any peer', () => {
    const warnings = logged(lines).filter((e) => e['level'] === 40 && String(e['msg']).includes('TRUST_PROXY'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.['msg']).toContain('HOST=0.0.0.0');
  });

  it('writes the client’s address into security events', () => {
    const events = logged(lines).filter((e) => e['securityEvent']);
    expect(events.some((e) => e['action'] === 'auth.login_failed' && e['ip'] === CLIENT_A)).toBe(true);
    expect(events.some((e) => e['ip'] === PROXY)).toBe(false);
  });
});

describe.each(databaseTargets())('with the proxy named (TRUST_PROXY=10.9.0.1/32) on %s', (target) => {
  const { lines, sink } = captureLog();
  const DIRECT = '203.0.113.50';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {
      env: { TRUST_PROXY: `${PROXY}/32`, LOG_LEVEL: 'info', HOST: '0.0.0.0' },
      logStream: sink,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const direct = (forwardedFor: string, account: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: DIRECT,
      headers: { 'x-forwarded-for': forwardedFor, 'x-request-id': 'chosen-by-the-client-1' },
      payload: { username: account, password: 'falsch-falsch' },
    });

  it('limits a client that reaches the port directly by its own address, whatever it forwards', async () => {
    for (let i = 0; i < AUTH_LIMITS.loginFailuresPerIp.limit; i++) {
      const response = await direct(`198.51.100.${i + 20}`, `direkt${i}@example.com`);
      expect(response.headers['x-request-id']).not.toBe('chosen-by-the-client-1');
    }
    expect((await direct('198.51.100.250', 'direkt-letzter@example.com')).statusCode).toBe(429);
    const events = logged(lines).filter((e) => e['action'] === 'auth.login_failed');
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e['ip'] === DIRECT && e['requestId'] !== 'chosen-by-the-client-1')).toBe(true);
  });

  it('believes the named proxy: the client it forwards for, and its request id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `${DIRECT}, ${CLIENT_B}`, 'x-request-id': 'nginx-fedcba9876543210' },
      payload: { username: DEMO_ACCOUNTS.employee, password: DEMO_PASSWORD },
    });
    // DIRECT has spent its budget above; the proxy's client is someone else.
    expect(response.json()).toMatchObject({ authenticated: true });
    expect(response.headers['x-request-id']).toBe('nginx-fedcba9876543210');
  });

  it('does not warn: the proxy is named', () => {
    expect(logged(lines).filter((e) => String(e['msg']).includes('TRUST_PROXY'))).toEqual([]);
  });
});

describe('trusted proxies', () => {
  it('names proxies by address and CIDR, IPv4-mapped peers included', () => {
    const named = trustedProxies(['10.9.0.0/24', '2001:db8::1']);
    expect(named.mayNameRequest('10.9.0.77')).toBe(true);
    expect(named.mayNameRequest('::ffff:10.9.0.77')).toBe(true);
    expect(named.mayNameRequest('2001:db8::1')).toBe(true);
    expect(named.mayNameRequest('10.9.1.1')).toBe(false);
    expect(named.mayNameRequest('127.0.0.1')).toBe(false);
    expect(named.mayNameRequest(undefined)).toBe(false);
    expect(trustedProxies(false).mayNameRequest('127.0.0.1')).toBe(false);
  });

  it('lets a hop count hand over request ids only from private and loopback peers', () => {
    const hops = trustedProxies(1);
    for (const peer of ['127.0.0.1', '::1', '10.1.2.3', '172.20.0.4', '192.168.1.1', 'fd00::5'])
      expect(hops.mayNameRequest(peer), peer).toBe(true);
    for (const peer of ['203.0.113.9', '2001:db8::9', '172.32.0.1'])
      expect(hops.mayNameRequest(peer), peer).toBe(false);
  });

  it('warns about a hop count only when the listening address is reachable from outside', () => {
    expect(hopCountWarning(1, '0.0.0.0')).toContain('TRUST_PROXY=1');
    expect(hopCountWarning(1, '::')).not.toBeNull();
    expect(hopCountWarning(2, '203.0.113.4')).not.toBeNull();
    expect(hopCountWarning(1, '127.0.0.1')).toBeNull();
    expect(hopCountWarning(1, 'localhost')).toBeNull();
    expect(hopCountWarning(1, '10.0.0.5')).toBeNull();
    expect(hopCountWarning(['10.0.0.5'], '0.0.0.0')).toBeNull();
    expect(hopCountWarning(false, '0.0.0.0')).toBeNull();
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
