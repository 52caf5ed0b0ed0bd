/**
 * `POST /v1/contracts/verify` under a hostile upload: the check runs in a worker thread, so the
 * instance keeps answering `/health/live` while it runs; a signed file answers with its revisions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';

import { manySignatureDictionaries, repeatedByteRangeFile } from './verify-fixtures.js';

describe.each(databaseTargets())('the contract check off the main thread on %s', (target) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    token = (await loginAs(t.app)).accessToken;
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  const verify = (payload: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/contracts/verify',
      headers: { ...bearer(token), 'content-type': 'application/pdf' },
      payload,
    });

  it('keeps /health/live answering while a hostile upload is checked', async () => {
    let checked = false;
    const lure = Buffer.concat([repeatedByteRangeFile(8 * 1024 * 1024), Buffer.from('\nstartxref\n9\n%%EOF\n')]);
    const check = verify(lure).then((response) => {
      checked = true;
      return response;
    });
    const probes: number[] = [];
    while (!checked) {
      const started = Date.now();
      const live = await t.app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      if (!checked) probes.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const response = await check;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ valid: false, signatures: [] });
    expect(probes.length).toBeGreaterThan(0);
  }, 60_000);

  it('answers a file with more signatures than allowed as not valid, without checking them', async () => {
    const response = await verify(manySignatureDictionaries(25, 0));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: false, signatures: [] });
  }, 60_000);
});
