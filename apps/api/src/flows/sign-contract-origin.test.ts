/**
 * The signature after the README's `npm start` (no PUBLIC_URL): the employee comes back from the
 * development trust service to the address the app was opened at, `localhost` or `127.0.0.1`, where
 * the session is; the trust service's page lets its form lead there and nowhere else.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../db/schema.js';
import { runAsSystem } from '../db/scope.js';
import { authorizeAtTrustService } from '../test-support/csc-signing.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';
import { finishCase, pickOffer, placeOrder, STEP, walkOrder, type WalkStep } from '../test-support/order-fixtures.js';

describe.each(databaseTargets())('the way back from the trust service without PUBLIC_URL on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let port: number;

  /** A new order at the signing step (summary, contract and identification accepted). */
  async function orderAtSigning(): Promise<number> {
    const orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    const steps = Array.from({ length: 3 }, (): WalkStep => ['accept', null]);
    await runAsSystem(() =>
      walkOrder(t.runtime.database.db, orderId, steps, { handoverDate: '', at: () => new Date() }),
    );
    // The identification whose case id names the employee at the trust service (ADR 0051).
    await finishCase(t.runtime.database.db, orderId, 'IDENT');
    return orderId;
  }

  /** The signing link as the browser asks for it at `host`. */
  async function signingLink(orderId: number, host: string): Promise<string> {
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/v1/order/${orderId}/step/${STEP.sign}/nect-sign`,
      headers: { ...bearer(employee), host },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ link: string }>().link;
  }

  beforeAll(async () => {
    t = await createTestApp(target, { listen: true, publicUrl: false });
    port = t.config.port;
    expect(t.config.publicUrl).toBe(`http://localhost:${port}`);
    employee = (await loginAs(t.app)).accessToken;
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it.each(['localhost', '127.0.0.1'])(
    'an app opened at %s is brought back there, signed',
    async (name) => {
      const origin = `http://${name}:${port}`;
      const orderId = await orderAtSigning();
      const link = await signingLink(orderId, `${name}:${port}`);
      expect(new URL(link).searchParams.get('redirect_uri')).toBe(`${origin}/v1/signature/return`);
      // The page's form may lead to that origin after the submission, and nowhere else.
      const page = await fetch(link);
      expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${origin};`);

      const returnUrl = new URL(await authorizeAtTrustService(link));
      expect(returnUrl.origin).toBe(origin);
      // The browser follows the redirect to that origin (this server, whatever its name).
      const back = await t.app.inject({
        method: 'GET',
        url: `${returnUrl.pathname}${returnUrl.search}`,
        headers: { host: returnUrl.host },
      });
      expect(back.statusCode, back.body).toBe(303);
      expect(back.headers.location).toBe(`${origin}/order/${orderId}/workflow`);
      const [row] = await runAsSystem(() => t.runtime.database.db.select().from(orders).where(eq(orders.id, orderId)));
      expect(row?.signedAt).not.toBeNull();
    },
    120_000,
  );

  it('never follows a Host that is not this machine: the link and the way back name the default', async () => {
    const orderId = await orderAtSigning();
    const link = await signingLink(orderId, 'evil.example');
    expect(new URL(link).searchParams.get('redirect_uri')).toBe(`http://localhost:${port}/v1/signature/return`);
  }, 120_000);

  it('shows no page for a return address that is not registered', async () => {
    const orderId = await orderAtSigning();
    const link = new URL(await signingLink(orderId, `127.0.0.1:${port}`));
    for (const foreign of [`http://evil.example/v1/signature/return`, `http://127.0.0.1:${port}/elsewhere`]) {
      link.searchParams.set('redirect_uri', foreign);
      const page = await fetch(link);
      expect(page.status).toBe(400);
    }
  }, 120_000);
});
