import crypto from 'node:crypto';
import net from 'node:net';

import type { WebhookDeliveryPage, WebhookEndpointCreated } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAsSystem } from '../../db/scope.js';
import { webhookEndpoints } from '../../db/schema-webhooks.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { startHookReceiver } from '../../test-support/webhook-receiver.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { enqueueWebhookEvent } from './events.js';
import { sendSigned, type Resolver } from './send.js';
import { urlRefusal } from './targets.js';
import { deliverDueWebhooks } from './worker.js';

describe('which addresses the platform posts to', () => {
  it('takes https to public hosts in production, and http and loopback only in development', () => {
    expect(urlRefusal('https://hooks.example.com/x', 'production')).toBeNull();
    expect(urlRefusal('http://hooks.example.com/x', 'production')).toBe(
      'Webhooks werden nur über https:// zugestellt.',
    );
    expect(urlRefusal('http://hooks.example.com/x', 'development')).toBeNull();
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://2130706433/',
      'https://localhost:8443/',
      'https://api.localhost/',
      'https://169.254.169.254/',
      'https://10.0.0.8/',
    ])
      expect(urlRefusal(url, 'production'), url).toMatch(/^Ziel nicht erlaubt/);
    expect(urlRefusal('http://127.0.0.1:3000/', 'development')).toBeNull();
    expect(urlRefusal('http://localhost:3000/', 'development')).toBeNull();
    for (const url of ['http://169.254.169.254/', 'http://10.0.0.8/', 'http://[fe80::1]/', 'http://0.0.0.0:80/'])
      expect(urlRefusal(url, 'development'), url).toMatch(/^Ziel nicht erlaubt/);
  });
});

describe.each(databaseTargets())('delivery targets checked at connect time on %s', (target) => {
  let t: TestApp;
  let tenantAdmin: string;
  let tenantId: string;
  let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
  /** The names the tests' DNS knows; anything else does not resolve. */
  const names = new Map<string, string[]>();
  const resolve: Resolver = async (hostname) => {
    const addresses = names.get(hostname);
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    hooks = await startHookReceiver([200]);
  }, 120_000);
  afterAll(async () => {
    await hooks.close();
    await t.close();
  });

  async function endpoint(url: string): Promise<WebhookEndpointCreated> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/tenant/webhooks',
      headers: bearer(tenantAdmin),
      payload: { url, events: ['payroll.month_ready'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<WebhookEndpointCreated>();
  }

  async function lastAttempt(endpointId: string) {
    const log = await t.app.inject({
      method: 'GET',
      url: `/v1/tenant/webhooks/${endpointId}/deliveries`,
      headers: bearer(tenantAdmin),
    });
    return log.json<WebhookDeliveryPage>().items[0]?.attempts.at(-1);
  }

  /** One event for every endpoint that takes it, then a pass under the given policy. */
  async function deliverOnce(policy: 'production' | 'development') {
    if (!tenantId) {
      const [row] = await runAsSystem(() =>
        t.runtime.database.db.select({ tenantId: webhookEndpoints.tenantId }).from(webhookEndpoints).limit(1),
      );
      tenantId = row?.tenantId ?? '';
    }
    await runAsSystem(() =>
      t.runtime.database.db.transaction((tx) =>
        enqueueWebhookEvent(tx, {
          tenantId,
          type: 'payroll.month_ready',
          occurredAt: t.clock.now(),
          data: { month: '2026-05' },
        }),
      ),
    );
    return deliverDueWebhooks({ ...t.app.webhookWorker.deps, targets: policy, resolve });
  }

  it('connects to the address it checked, with the name as the Host header', async () => {
    names.set('hooks.test', ['127.0.0.1']);
    const created = await endpoint(`http://hooks.test:${hooks.port}/in?x=1`);
    expect(await deliverOnce('development')).toMatchObject({ delivered: 1 });
    // Node's own resolver knows no `hooks.test`: the connection went to the checked 127.0.0.1.
    expect(hooks.received.at(-1)?.headers['host']).toBe(`hooks.test:${hooks.port}`);
    expect(hooks.received.at(-1)?.path).toBe('/in?x=1');
    expect((await lastAttempt(created.id))?.statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/v1/tenant/webhooks/${created.id}`, headers: bearer(tenantAdmin) });
  });

  it('refuses in production http, loopback, metadata, private and names resolving inside, without connecting', async () => {
    const received = hooks.received.length;
    names.set('rebound.test', ['127.0.0.1']);
    names.set('metadata.test', ['169.254.169.254']);
    names.set('intranet.test', ['10.20.30.40']);
    names.set('mapped.test', ['::ffff:127.0.0.1']);
    names.set('split.test', ['93.184.215.14', '192.168.1.1']);
    // Made in development (where loopback is allowed); delivered under production's rules.
    const cases: [string, RegExp][] = [
      [`http://hooks.example.com:${hooks.port}/`, /^Webhooks werden nur über https:\/\//],
      [`https://127.0.0.1:${hooks.port}/`, /127\.0\.0\.1 ist eine Loopback-Adresse/],
      [`https://localhost:${hooks.port}/`, /localhost ist dieser Rechner/],
      [`https://rebound.test:${hooks.port}/`, /rebound\.test zeigt auf 127\.0\.0\.1\. Ziel nicht erlaubt/],
      [`https://metadata.test:${hooks.port}/`, /169\.254\.169\.254 ist eine link-lokale Adresse/],
      [`https://intranet.test:${hooks.port}/`, /10\.20\.30\.40 ist eine private Adresse/],
      [`https://mapped.test:${hooks.port}/`, /::ffff:127\.0\.0\.1 ist eine Loopback-Adresse/],
      [`https://split.test:${hooks.port}/`, /192\.168\.1\.1 ist eine private Adresse/],
      [`https://unknown.test:${hooks.port}/`, /lässt sich nicht auflösen/],
    ];
    const endpoints = [];
    for (const [url] of cases) endpoints.push(await endpoint(url));
    expect(await deliverOnce('production')).toEqual({ delivered: 0, retrying: cases.length, failed: 0 });
    for (const [i, [url, reason]] of cases.entries()) {
      const attempt = await lastAttempt(endpoints[i]?.id ?? '');
      expect(attempt?.statusCode, url).toBeNull();
      expect(attempt?.error, url).toMatch(reason);
    }
    expect(hooks.received.length).toBe(received);

    // Every retry resolves and judges the name anew: a name that pointed outside when it was saved
    // and inside now (DNS rebinding) is refused at the try itself.
    t.clock.advance(5_000);
    expect(await deliverDueWebhooks({ ...t.app.webhookWorker.deps, targets: 'production', resolve })).toEqual({
      delivered: 0,
      retrying: cases.length,
      failed: 0,
    });
    expect(hooks.received.length).toBe(received);
  });

  it('refuses literal inner addresses at send time, whatever the URL was saved as', async () => {
    for (const url of ['https://169.254.169.254/latest/meta-data/', 'https://[fd00:ec2::254]/', 'https://10.0.0.1/'])
      for (const policy of ['production', 'development'] as const) {
        const outcome = await sendSigned(
          {
            url,
            secret: `whsec_${crypto.randomBytes(32).toString('base64')}`,
            messageId: 'msg_x',
            body: '{}',
            at: new Date(),
          },
          { policy, resolve, timeoutMs: 1_000 },
        );
        expect(outcome, `${url} ${policy}`).toMatchObject({ statusCode: null, responseExcerpt: null });
        expect(outcome.error).toMatch(/Ziel nicht erlaubt/);
      }
  });

  /** A receiver that takes the connection and then says nothing, or only its status line. */
  async function stalling(answer: 'nothing' | 'status line') {
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => {
      sockets.push(socket);
      if (answer === 'status line')
        socket.write('HTTP/1.1 202 Accepted\r\ncontent-type: text/plain\r\ncontent-length: 100\r\n\r\nangenommen');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    return {
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
      close: () => {
        for (const socket of sockets) socket.destroy();
        server.close();
      },
    };
  }

  const oneTry = (url: string) =>
    sendSigned(
      {
        url,
        secret: `whsec_${crypto.randomBytes(32).toString('base64')}`,
        messageId: 'msg_y',
        body: '{}',
        at: new Date(),
      },
      { policy: 'development', resolve, timeoutMs: 300 },
    );

  it('ends a try after the timeout, keeping the status of a receiver that answered but never finished', async () => {
    const silent = await stalling('nothing');
    const slow = await stalling('status line');
    try {
      const outcome = await oneTry(silent.url);
      expect(outcome).toMatchObject({ statusCode: null, error: 'Zeitüberschreitung nach 300 ms' });
      expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
      expect(await oneTry(slow.url)).toMatchObject({ statusCode: 202, responseExcerpt: 'angenommen', error: null });
    } finally {
      silent.close();
      slow.close();
    }
  });
});
