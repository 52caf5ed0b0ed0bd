import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAsSystem } from '../../db/scope.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test-support/harness.js';
import { orderState, pickOffer, placeOrder, settleOrder } from '../../test-support/order-fixtures.js';
import { attachmentDisposition } from './routes.js';

/**
 * Security checklist 21: every contract and document download is an attachment with a safe name,
 * for every route of the route table that sends an order's PDF, and for everyone who may fetch it.
 */
describe('contract downloads', () => {
  let t: TestApp;
  let orderId: number;
  let documentId: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp('pglite');
    tokens['employee'] = (await loginAs(t.app)).accessToken;
    tokens['HR admin'] = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    tokens['provider admin'] = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
    orderId = await placeOrder(t.app, tokens['employee'], await pickOffer(t.app, tokens['employee']));
    await runAsSystem(() =>
      settleOrder(t.runtime.database.db, orderId, {
        status: 'TENANT_ADMIN_CLICK_CONFIRM',
        at: t.clock.now(),
        signed: true,
      }),
    );
    documentId = (await orderState(t.runtime.database.db, orderId)).documents[0]?.id ?? '';
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('sends every order PDF as an attachment, never inline, to everyone who may fetch it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const downloads = Object.entries(doc.paths)
      .filter(([path, methods]) => path.startsWith('/v1/order/') && path.includes('/contract') && 'get' in methods)
      .map(([path]) => path.replace('{orderId}', String(orderId)).replace('{documentId}', documentId));
    expect(downloads).toHaveLength(2);
    for (const [who, token] of Object.entries(tokens)) {
      for (const url of downloads) {
        const answer = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        const label = `${who}: ${url}`;
        expect(answer.statusCode, label).toBe(200);
        expect(answer.headers['content-type'], label).toBe('application/pdf');
        expect(answer.headers['content-disposition'], label).toMatch(
          /^attachment; filename="[\w.-]+\.pdf"; filename\*=UTF-8''[\w.%-]+\.pdf$/,
        );
        expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
        expect(answer.headers['cache-control'], label).toBe('no-store');
      }
    }
  });

  it('keeps any file name safe in the header', () => {
    expect(attachmentDisposition('Überlassungsvertrag-7.pdf')).toBe(
      `attachment; filename="Uberlassungsvertrag-7.pdf"; filename*=UTF-8''%C3%9Cberlassungsvertrag-7.pdf`,
    );
    for (const hostile of [
      'a"; filename="evil.html',
      'x\r\nSet-Cookie: a=b.pdf',
      '../../etc/passwd',
      "it's (1)*!.pdf",
      '',
    ]) {
      const header = attachmentDisposition(hostile);
      const [, ascii, exact] = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S*)$/.exec(header) ?? [];
      expect(ascii, hostile).toMatch(/^[\w-][\w.-]*$/);
      expect(exact, hostile).toMatch(/^[\w.~%-]*$/);
      expect(decodeURIComponent(exact ?? ''), hostile).toBe(hostile);
    }
  });
});
