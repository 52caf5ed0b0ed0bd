/**
 * The app serves the development trust service outside production and without a configured QTSP, to
 * loopback clients only; with CSC_BASE_URL set it is absent. Also the choice of the CSC configuration.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';

import { resolveCscConfig } from './config.js';

describe.each(databaseTargets())('development trust service in the app (%s)', (target) => {
  let h: TestApp;
  afterEach(() => h.close());

  it('publishes its CSC info to loopback clients only, its test root to everyone', async () => {
    h = await createTestApp(target);
    const root = await h.app.inject({ method: 'GET', url: '/simulator/ca.pem', remoteAddress: '127.0.0.1' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('-----BEGIN CERTIFICATE-----');
    const info = await h.app.inject({ method: 'POST', url: '/simulator/csc/v2/info', remoteAddress: '127.0.0.1' });
    expect(info.json()).toMatchObject({ specs: '2.0.0.2', authType: ['oauth2client', 'oauth2code'] });
    // The app's service is found as a QTSP is: by oauth2Issuer and its RFC 8414 metadata.
    const issuer = info.json<{ oauth2Issuer: string }>().oauth2Issuer;
    const metadataPath = `/.well-known/oauth-authorization-server${new URL(issuer).pathname}`;
    const metadata = await h.app.inject({ method: 'GET', url: metadataPath, remoteAddress: '127.0.0.1' });
    expect(metadata.json()).toMatchObject({ issuer, code_challenge_methods_supported: ['S256'] });
    const hidden = await h.app.inject({ method: 'GET', url: metadataPath, remoteAddress: '198.51.100.4' });
    expect(hidden.statusCode).toBe(404);
    const outside = await h.app.inject({
      method: 'POST',
      url: '/simulator/csc/v2/info',
      remoteAddress: '198.51.100.4',
    });
    expect(outside.statusCode).toBe(404);
    // The root is public, as every CA's is: the long-term extension fetches it at the public URL.
    const published = await h.app.inject({ method: 'GET', url: '/simulator/ca.pem', remoteAddress: '198.51.100.4' });
    expect(published.statusCode).toBe(200);
  }, 60_000);

  it('is absent when a QTSP is configured', async () => {
    h = await createTestApp(target, { env: { CSC_BASE_URL: 'https://qtsp.example/csc/v2' } });
    const root = await h.app.inject({ method: 'GET', url: '/simulator/ca.pem', remoteAddress: '127.0.0.1' });
    expect(root.statusCode).toBe(404);
  });
});

describe('resolveCscConfig', () => {
  const simulatorClient = { clientId: 'dev', clientSecret: 'dev-secret-0123456789', sealPin: '12345678' };
  const selfUrl = () => 'http://127.0.0.1:4000';

  it('uses a fully configured QTSP', () => {
    const settings = {
      baseUrl: 'https://q/csc/v2',
      clientId: 'c',
      clientSecret: 's'.repeat(16),
      tsaUrl: 'https://q/tsa',
    };
    expect(resolveCscConfig({ settings, useTrustService: true, selfUrl, simulatorClient })?.()).toEqual(settings);
  });

  it('falls back to the trust service outside production, and to nothing in production', () => {
    const dev = resolveCscConfig({ settings: {}, useTrustService: true, selfUrl, simulatorClient })?.();
    expect(dev).toEqual({
      baseUrl: 'http://127.0.0.1:4000/simulator/csc/v2',
      tsaUrl: 'http://127.0.0.1:4000/simulator/tsa',
      clientId: 'dev',
      clientSecret: 'dev-secret-0123456789',
      // The seals' PIN the trust service was given, unless the operator configured authData.
      sealAuthData: { PIN: '12345678' },
    });
    const configured = resolveCscConfig({
      settings: { sealAuthData: { PIN: '99' } },
      useTrustService: true,
      selfUrl,
      simulatorClient,
    })?.();
    expect(configured?.sealAuthData).toEqual({ PIN: '99' });
    expect(resolveCscConfig({ settings: {}, useTrustService: false, selfUrl, simulatorClient })).toBeNull();
  });
});
