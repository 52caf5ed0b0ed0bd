import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';

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
    expect(ready.json()).toMatchObject({ checks: { database: 'unavailable' } });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});
