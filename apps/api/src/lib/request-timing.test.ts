import type { VehicleSummary } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';

const phasesOf = (header: unknown) =>
  Object.fromEntries(
    String(header ?? '')
      .split(',')
      .filter((part) => part.includes('dur='))
      .map((part) => {
        const [name, dur] = part.trim().split(';dur=');
        return [name, Number(dur)];
      }),
  );

/** SERVER_TIMING: where a signed-in answer's time goes, phase by phase (ADR 0044). */
describe.each(databaseTargets())('per-phase timing on %s', (target) => {
  let timed: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    timed = await createTestApp(target, { env: { SERVER_TIMING: 'true' } });
    plain = await createTestApp(target);
  });
  afterAll(async () => {
    await timed.close();
    await plain.close();
  });

  it('names the phases of a personal search, and a repeated one sets no scope up again', async () => {
    const token = (await loginAs(timed.app)).accessToken;
    const search = () => timed.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(token) });
    const first = await search();
    expect(first.statusCode).toBe(200);
    expect(first.json<VehicleSummary[]>().length).toBeGreaterThan(0);
    const phases = phasesOf(first.headers['server-timing']);
    for (const phase of ['jwt', 'user', 'programme', 'profile', 'answer', 'app']) {
      expect(phases[phase], phase).toBeGreaterThanOrEqual(0);
    }
    // The user, the session and the versions are read under the scope the request then keeps: a
    // connection that served the person last is not set up again (background work may take one).
    const again = [];
    for (let i = 0; i < 3; i++) again.push(phasesOf((await search()).headers['server-timing']));
    expect(again.some((p) => p['scope'] === undefined)).toBe(true);
    expect(again.every((p) => p['user'] !== undefined && p['programme'] !== undefined)).toBe(true);
  });

  it('sends nothing of the kind unless asked to', async () => {
    const token = (await loginAs(plain.app)).accessToken;
    const response = await plain.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['server-timing']).toBeUndefined();
  });
});
