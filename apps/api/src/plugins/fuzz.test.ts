import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, loginAs, type TestApp } from '../test-support/harness.js';

/**
 * Security checklist 17: generated invalid and boundary inputs always get a 4xx with the error shape,
 * never a 5xx, and never a stack, SQL or a file path in the body.
 */
describe('schema fuzz', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = (await loginAs(t.app)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const leaky = /at .*\.(ts|js):\d+|SELECT |INSERT |\/work\/|node_modules|stack/i;

  const targets = [
    { method: 'POST' as const, url: '/v1/auth/login', auth: false },
    { method: 'POST' as const, url: '/v1/auth/refreshToken', auth: false },
    { method: 'POST' as const, url: '/v1/auth/register/DEMO2026', auth: false },
    { method: 'PUT' as const, url: '/v1/confirm/password/reset', auth: false },
    { method: 'PUT' as const, url: '/v1/user/info', auth: true },
    { method: 'POST' as const, url: '/v1/order', auth: true },
  ];

  it.each(targets)('$method $url answers 4xx to any malformed body', async ({ method, url, auth }) => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        const response = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', ...(auth ? bearer(token) : {}) },
          payload: JSON.stringify(body),
          remoteAddress: `10.9.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`,
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.body).not.toMatch(leaky);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses boundary values of the salary profile without a 5xx', async () => {
    const nasty = [NaN, -1, 0, 7, Number.MAX_VALUE, '1', null, [], {}, 'x'.repeat(10_000), '2099-01-01', '__proto__'];
    for (const value of nasty) {
      for (const field of ['taxClass', 'grossMonthlySalaryEur', 'dateOfBirth', 'federalState', 'arrivalNumber']) {
        const response = await t.app.inject({
          method: 'PUT',
          url: '/v1/user/info',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          payload: `{"addressDto":{},"salaryInfo":{"${field}":${JSON.stringify(value) ?? 'null'}}}`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      }
    }
  });

  it('refuses a 10 MB body and broken JSON with a 4xx', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"${'a'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(leaky);
  });
});
