import { SiteConfigSchema } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test-support/harness.js';

function directive(csp: string, name: string): string[] {
  const found = csp.split(';').find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

describe('without page analytics (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the browser there is none, and the CSP names no other host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/site-config' });
    expect(response.statusCode).toBe(200);
    expect(SiteConfigSchema.parse(response.json())).toEqual({ analytics: null });
    const csp = String(response.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
  });
});

describe('with a configured analytics script', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: {
        ANALYTICS_SCRIPT_URL: 'https://stats.example.com/js/script.manual.js',
        PUBLIC_URL: 'https://leasing.example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("names the script, the site and the host, to anyone and cacheable, since it is no one's data", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/site-config' });
    expect(response.json()).toEqual({
      analytics: {
        scriptUrl: 'https://stats.example.com/js/script.manual.js',
        site: 'leasing.example.com',
        host: 'stats.example.com',
      },
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('lets only that origin serve scripts and take page views, and nothing else', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://stats.example.com']);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://stats.example.com']);
    for (const name of ['default-src', 'img-src', 'frame-src', 'form-action']) {
      expect(directive(csp, name).join(' ')).not.toContain('stats.example.com');
    }
  });
});
