import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, databaseTargets, freePort, type TestApp } from '../../test-support/harness.js';

describe.each(databaseTargets())('health on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports ok with the database kind and version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: target, version: expect.any(String) });
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/v1/auth/login', '/v1/me']));
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('tells liveness from readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', migrations: 'done', checks: { database: 'ok' } });
  });

  it('answers 503 when the database is unreachable, while the process stays live', async () => {
    await t.runtime.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', database: target });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable' } });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});

/**
 * Redis away (nothing listens on its port): logins and budgets fail open to this process, so the
 * instance still takes traffic. Readiness stays 200 and says `degraded`; so does `/metrics`, which
 * is what an alert watches (docs/deploy.md).
 */
describe('readiness with Redis away', () => {
  let t: TestApp;
  const token = 'metrics-token-health-0123456789';
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, METRICS_TOKEN: token },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stays ready and reports Redis as degraded, in the body and in the metrics', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'degraded',
      migrations: 'done',
      checks: { database: 'ok', redis: 'degraded' },
    });
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scrape.body).toMatch(/^dependency_state\{dependency="redis",state="degraded"\} 1$/m);
    expect(scrape.body).toMatch(/^dependency_state\{dependency="redis",state="ok"\} 0$/m);
    expect(scrape.body).toMatch(/^dependency_state\{dependency="database",state="ok"\} 1$/m);
  });

  it('still signs people in (the budgets count in this process)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'max.mustermann@example.com', password: 'Demo-Passwort-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ authenticated: true });
  });
});
