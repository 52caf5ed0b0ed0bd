import net from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test-support/harness.js';

const TOKEN = 'metrics-token-0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('metrics', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('serves Prometheus text to the holder of METRICS_TOKEN only', async () => {
    t = await createTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
    await t.app.inject({ method: 'GET', url: '/health' });
    await t.app.inject({ method: 'GET', url: '/v1/me' });
    for (const headers of [{}, { authorization: 'Bearer falsch-falsch-falsch' }]) {
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('http_request_duration_seconds');
    }
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/text\/plain/);
    expect(scrape.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/health",status_code="200"\} 1/,
    );
    expect(scrape.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/me",status_code="401"\} 1/,
    );
    expect(scrape.body).toContain('nodejs_eventloop_lag_seconds');
    expect(scrape.body).toContain('mail_delivery_failures_total');
    expect(scrape.body).toContain('mail_deliveries_total');
    expect(scrape.body).toMatch(/db_pool_connections_total [1-9]/);
  });

  it('has no metrics endpoint on the app port without a token', async () => {
    t = await createTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('serves them on a separate METRICS_PORT without a token', async () => {
    const port = await freePort();
    t = await createTestApp('pglite', { env: { METRICS_PORT: String(port) } });
    await t.app.inject({ method: 'GET', url: '/health' });
    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('route="/health"');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
