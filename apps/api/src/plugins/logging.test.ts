import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../modules/demo/accounts.js';
import { bearer, createTestApp, databaseTargets, type TestApp } from '../test-support/harness.js';
import { latestCode } from '../test-support/mailbox.js';
import { captureLog } from '../test-support/log-capture.js';

/** Security checklist 22: JSON logs with request ids, security events, and no secrets or personal data. */
describe.each(databaseTargets())('logs on %s', (target) => {
  const { lines, sink } = captureLog();
  let t: TestApp;
  const secrets: string[] = [DEMO_PASSWORD, 'Sehr-geheimes-Passwort-7'];

  beforeAll(async () => {
    // Behind a proxy (TRUST_PROXY) that assigns request ids, as deploy/nginx.conf does.
    t = await createTestApp(target, { env: { LOG_LEVEL: 'info', TRUST_PROXY: '1' }, logStream: sink });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps passwords, tokens, codes, e-mail addresses in URLs and salary data out of the log', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: DEMO_ACCOUNTS.employee, password: DEMO_PASSWORD },
      headers: { 'x-request-id': 'test-request-0001' },
    });
    const { accessToken, refreshToken } = login.json<{ accessToken: string; refreshToken: string }>();
    secrets.push(accessToken, refreshToken);
    await t.app.inject({ method: 'POST', url: '/v1/auth/refreshToken', payload: { refreshToken } });
    await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(accessToken),
      payload: {
        addressDto: buildAddress(),
        salaryInfo: buildSalaryInfo({ grossMonthlySalaryEur: 7345.67, churchTax: true }),
      },
    });
    await t.app.inject({ method: 'POST', url: `/v1/confirm/password/reset/mail/${DEMO_ACCOUNTS.tenantAdmin}` });
    const code = await latestCode(t.app, DEMO_ACCOUNTS.tenantAdmin, '/user/passwordReset/');
    secrets.push(code);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code, password: 'Sehr-geheimes-Passwort-7' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: DEMO_ACCOUNTS.employee, password: 'falsch\r\n{"forged":true}' },
    });

    const log = lines.join('\n');
    for (const secret of [...secrets, '7345.67', '7345,67', DEMO_ACCOUNTS.tenantAdmin]) {
      expect(log, `log contains ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
    // Every line is JSON (CRLF in inputs cannot forge lines).
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(log).toContain('test-request-0001');
  });

  it('writes structured security events for logins', () => {
    const events = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e['securityEvent'] === true);
    const failed = events.find((e) => e['action'] === 'auth.login_failed');
    const ok = events.find((e) => e['action'] === 'auth.login_succeeded');
    expect(ok).toMatchObject({
      ts: expect.any(String),
      actor: expect.any(String),
      tenant: expect.any(String),
      ip: expect.any(String),
      requestId: 'test-request-0001',
    });
    expect(failed).toMatchObject({ ip: '127.0.0.1', requestId: expect.any(String) });
  });
});
