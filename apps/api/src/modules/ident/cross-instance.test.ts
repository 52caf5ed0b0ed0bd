import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';

import type { Order, Vehicle, VehicleSummary } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../../db/client.js';
import { startRuntime, type Runtime } from '../../runtime.js';
import {
  TestClock,
  bearer,
  databaseTargets,
  loginAs,
  openTestDatabase,
  testConfig,
} from '../../test-support/harness.js';
import { stepOfType } from '../orders/steps.js';
import { DatabaseCaseRepository, type SimulatorCase } from './simulator.js';

const IDENT_STEP = stepOfType('NECT_DRIVERS_LICENCE').id;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const pendingCase = (caseId: string, now: Date): SimulatorCase => ({
  caseId,
  kind: 'IDENT',
  reference: 'order-1',
  callbackUrl: 'http://127.0.0.1:9/callback',
  returnUrl: 'http://127.0.0.1:9/return',
  document: null,
  signerName: null,
  createdAt: now,
  expiresAt: new Date(now.getTime() + 60_000),
  outcome: null,
  outcomeAt: null,
  status: 'PENDING',
  completedAt: null,
  failureReason: null,
  signedDocument: null,
});

describe.each(databaseTargets())('simulator cases in the database on %s', (target) => {
  it('records one outcome and one completion, however many race for them', async () => {
    const { database, dropDatabase } = await openTestDatabase(target);
    try {
      await database.migrate();
      const cases = new DatabaseCaseRepository(database.db);
      const now = new Date('2026-11-24T10:00:00Z');
      await cases.add(pendingCase('case-race-0001', now));
      const outcomes = await Promise.all(
        (['success', 'failure', 'cancel'] as const).map((o) => cases.recordOutcome('case-race-0001', o, now)),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const done = { completedAt: now, failureReason: null, signedDocument: null, status: 'SUCCEEDED' as const };
      const completions = await Promise.all([1, 2, 3].map(() => cases.complete('case-race-0001', done)));
      expect(completions.filter(Boolean)).toHaveLength(1);
      expect(await cases.get('case-race-0001')).toMatchObject({ status: 'SUCCEEDED', completedAt: now });
      expect(await cases.get('unknown-case')).toBeUndefined();
    } finally {
      await database.close();
      await dropDatabase();
    }
  });
});

/** Two instances of the app on one PostgreSQL database, as behind a load balancer. */
describe.each(databaseTargets().filter((t) => t === 'postgres'))(
  'an identity case across instances on %s',
  (target) => {
    const instances: { runtime: Runtime; origin: string; dataDir: string }[] = [];
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const { database, url, dropDatabase } = await openTestDatabase(target);
      drop = dropDatabase;
      await database.close();
      const shared = {
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
        IDENT_PROVIDER_API_KEY: crypto.randomBytes(24).toString('hex'),
        IDENT_CALLBACK_SECRET: crypto.randomBytes(24).toString('hex'),
      };
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const config = testConfig({ ...shared, PUBLIC_URL: `http://127.0.0.1:${port}` });
        const handle = await openDatabase({ kind: 'postgres', url: url ?? '' });
        const runtime = await startRuntime(config, { clock: new TestClock(), database: handle, startJobs: false });
        await runtime.app.listen({ port, host: '127.0.0.1' });
        instances.push({ runtime, origin: `http://127.0.0.1:${port}`, dataDir: config.dataDir });
      }
    }, 120_000);
    afterAll(async () => {
      for (const { runtime, dataDir } of instances) {
        await runtime.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      await drop();
    });

    it('opens a case on one instance and completes it on the other; the step never fails', async () => {
      const [a, b] = instances.map((i) => i.runtime.app);
      if (!a || !b) throw new Error('two instances expected');
      const token = (await loginAs(a)).accessToken;
      const call = async <T>(app: typeof a, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
        const response = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
        return response.json<T>();
      };
      const [car] = await call<VehicleSummary[]>(a, 'GET', '/v1/search?manufacturerIds=Kia&modelIds=EV3');
      const vehicle = await call<Vehicle>(a, 'GET', `/v1/vehicle/${car?.id ?? ''}`);
      const { orderId } = await call<{ orderId: number }>(a, 'POST', '/v1/order', {
        leasePackageId: vehicle.leasePackages[0]?.id,
        color: vehicle.colors[0],
        delivery: 'HOME',
      });
      for (const step of ['CONFIRM_SUMMARY', 'PREVIEW_CONTRACT'] as const) {
        const order = await call<Order>(a, 'GET', `/v1/order/${orderId}/workflow`);
        const open = order.userSteps.filter((s) => s.status === null).at(-1);
        await call(a, 'PUT', `/v1/order/${orderId}/step/${stepOfType(step).id}/accept`, {
          orderId,
          userStepId: open?.id,
          agreed: true,
        });
      }
      // Instance A opens the case; the person's browser reaches instance B.
      const started = await call<{ link?: string }>(a, 'PUT', `/v1/order/${orderId}/step/${IDENT_STEP}/nect-ident`);
      expect(started, JSON.stringify(started)).toHaveProperty('link');
      const link = started.link ?? '';
      const onB = `${instances[1]?.origin ?? ''}${new URL(link).pathname}`;
      const page = await fetch(onB);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Erfolgreich abschließen');
      const chosen = await fetch(onB, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=success',
      });
      expect(chosen.status).toBe(200);
      // Both instances see the case done: B completed it and called back, A reads it from the database.
      let done = false;
      for (let i = 0; i < 40 && !done; i++) {
        await new Promise((r) => setTimeout(r, 250));
        done = (await call<boolean>(a, 'GET', `/v1/order/${orderId}/step/${IDENT_STEP}/nect-ident-check`)) === true;
      }
      expect(done).toBe(true);
      expect(await call<boolean>(b, 'GET', `/v1/order/${orderId}/step/${IDENT_STEP}/nect-ident-check`)).toBe(true);
      const order = await call<Order>(a, 'GET', `/v1/order/${orderId}/workflow`);
      expect(order.userSteps.some((s) => s.stepId === IDENT_STEP && s.status === 'DECLINED')).toBe(false);
    });

    it('answers an unknown case with a 404 page on any instance', async () => {
      for (const { origin } of instances) {
        const response = await fetch(`${origin}/simulator/cases/AAAAAAAAAAAAAAAAAAAAAA`);
        expect(response.status).toBe(404);
        expect(await response.text()).toContain('Vorgang nicht gefunden');
      }
    });
  },
);
