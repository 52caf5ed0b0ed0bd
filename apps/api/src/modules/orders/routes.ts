import {
  AdminOrdersPageSchema,
  AdminOrdersQuerySchema,
  CancelOrderRequestSchema,
  CheckResponseSchema,
  CreateOrderRequestSchema,
  CreateOrderResponseSchema,
  LinkResponseSchema,
  OrderDocumentParamsSchema,
  OrderIdParamsSchema,
  OrderSchema,
  OrderSettingsSchema,
  OrderStepParamsSchema,
  StepActionRequestSchema,
  WaiveCancellationRequestSchema,
} from '@leasing/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { consume, ORDER_LIMITS, type RateLimiter } from '../../lib/rate-limiter.js';
import { forbidden } from '../../lib/errors.js';
import { requireUser } from '../../plugins/authenticate.js';
import { once, parseIdempotencyKey, requestFingerprint, type RecordAnswer } from '../../lib/idempotency.js';
import * as orders from './service.js';
import type { StepAction } from './steps.js';

const providerOnly = async (request: FastifyRequest) => {
  if (requireUser(request).role !== 'PROVIDER_ADMIN') throw forbidden();
};
const ctxOf = (request: { id: string; ip: string }) => ({ requestId: request.id, ip: request.ip });
const security = [{ bearerAuth: [] }];

export function orderRoutes(
  deps: orders.OrderDeps & { authenticate: onRequestAsyncHookHandler; limiter: RateLimiter },
): FastifyPluginAsyncZod {
  const limit = (rule: keyof typeof ORDER_LIMITS) => async (request: FastifyRequest) => {
    await consume(deps.limiter, `${rule}:${requireUser(request).id}`, ORDER_LIMITS[rule]);
  };
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.post(
      '/v1/order',
      {
        schema: {
          tags: ['orders'],
          summary:
            'Order a lease package (422 with the missing things as errors); an Idempotency-Key header makes repeats return the first order',
          security,
          body: CreateOrderRequestSchema,
          response: { 201: CreateOrderResponseSchema },
        },
        preHandler: limit('createOrder'),
      },
      async (request, reply) => {
        const user = requireUser(request);
        const create = async (record?: RecordAnswer<{ orderId: number }>) => ({
          orderId: await orders.createOrder(
            deps,
            user,
            request.body,
            ctxOf(request),
            record && ((tx, orderId) => record(tx, { orderId })),
          ),
        });
        // With an Idempotency-Key a repeat (double click, retry after a lost answer) gets the first
        // order back instead of a second one, on any instance. The key's answer is written in the
        // order's own transaction.
        const key = parseIdempotencyKey(request.headers['idempotency-key']);
        const answer = key
          ? await once(
              deps,
              { userId: user.id, key, operation: 'order.create', fingerprint: requestFingerprint(request.body) },
              create,
            )
          : await create();
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/v1/order',
      {
        schema: {
          tags: ['orders'],
          summary: 'Own orders, newest first',
          security,
          response: { 200: z.array(OrderSchema) },
        },
      },
      async (request) => orders.listOwnOrders(deps, requireUser(request)),
    );

    for (const path of ['/v1/order/:orderId', '/v1/order/:orderId/workflow']) {
      app.get(
        path,
        {
          schema: {
            tags: ['orders'],
            summary: 'An order with its steps and status records',
            security,
            params: OrderIdParamsSchema,
            response: { 200: OrderSchema },
          },
        },
        async (request) => orders.getOrder(deps, requireUser(request), request.params.orderId),
      );
    }

    app.delete(
      '/v1/order/:orderId',
      {
        schema: {
          tags: ['orders'],
          summary: 'Delete an own order before the signature (else 409)',
          security,
          params: OrderIdParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await orders.deleteOrder(deps, requireUser(request), request.params.orderId, ctxOf(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/order/:orderId/cancel',
      {
        schema: {
          tags: ['orders'],
          summary: 'Cancel an own signed order within the week to cancel (409 after it, once waived or ordered)',
          security,
          params: OrderIdParamsSchema,
          body: CancelOrderRequestSchema,
          response: { 200: OrderSchema },
        },
      },
      async (request) =>
        orders.cancelOrder(deps, requireUser(request), request.params.orderId, request.body, ctxOf(request)),
    );

    app.post(
      '/v1/order/:orderId/waive-cancellation',
      {
        schema: {
          tags: ['orders'],
          summary: 'Give up the rest of the week to cancel so that the car can be ordered at once (audited)',
          security,
          params: OrderIdParamsSchema,
          body: WaiveCancellationRequestSchema,
          response: { 200: OrderSchema },
        },
      },
      async (request) => orders.waiveCancellation(deps, requireUser(request), request.params.orderId, ctxOf(request)),
    );

    app.get(
      '/v1/provider/order-settings',
      {
        schema: {
          tags: ['provider'],
          summary: "The provider's order settings (the week to cancel in days)",
          security,
          response: { 200: OrderSettingsSchema },
        },
        onRequest: providerOnly,
      },
      async (request) => orders.readOrderSettings(deps, requireUser(request)),
    );

    app.put(
      '/v1/provider/order-settings',
      {
        schema: {
          tags: ['provider'],
          summary: 'Change the order settings; orders signed before keep their window',
          security,
          body: OrderSettingsSchema,
          response: { 200: OrderSettingsSchema },
        },
        // Other roles are refused before their body is read.
        onRequest: providerOnly,
      },
      async (request) => orders.saveOrderSettings(deps, requireUser(request), request.body, ctxOf(request)),
    );

    for (const action of ['execute', 'accept', 'decline'] as const satisfies StepAction[]) {
      app.put(
        `/v1/order/:orderId/step/:stepId/${action}`,
        {
          schema: {
            tags: ['orders'],
            summary: `${action} the current step (403 wrong role, 409 wrong step or state)`,
            security,
            params: OrderStepParamsSchema,
            body: StepActionRequestSchema,
            response: { 200: OrderSchema },
          },
        },
        async (request) =>
          orders.stepAction(deps, requireUser(request), { ...request.params, action }, request.body, ctxOf(request)),
      );
    }

    for (const [path, kind] of [
      ['nect-ident', 'IDENT'],
      ['nect-sign', 'SIGN'],
    ] as const) {
      app.put(
        `/v1/order/:orderId/step/:stepId/${path}`,
        {
          schema: {
            tags: ['orders'],
            summary: `Link to the provider (${kind === 'IDENT' ? 'driving licence check' : 'signature'}); the same link while a case is open`,
            security,
            params: OrderStepParamsSchema,
            response: { 200: LinkResponseSchema },
          },
          preHandler: limit('startProviderCase'),
        },
        async (request) => ({
          link: await orders.startCase(
            deps,
            requireUser(request),
            request.params.orderId,
            request.params.stepId,
            kind,
            deps.originOf(request.host),
          ),
        }),
      );
      app.get(
        `/v1/order/:orderId/step/:stepId/${path}-check`,
        {
          preHandler: limit('check'),
          schema: {
            tags: ['orders'],
            summary: 'Whether the provider case succeeded (our database only)',
            security,
            params: OrderStepParamsSchema,
            response: { 200: CheckResponseSchema },
          },
        },
        async (request) =>
          orders.checkCase(deps, requireUser(request), request.params.orderId, request.params.stepId, kind),
      );
    }

    app.get(
      '/v1/order/:orderId/contract',
      {
        preHandler: limit('pdf'),
        schema: {
          tags: ['orders'],
          summary: 'The transfer contract as PDF (download; the signed one once it exists)',
          security,
          params: OrderIdParamsSchema,
        },
      },
      async (request, reply) =>
        sendPdf(reply, await orders.contractPreview(deps, requireUser(request), request.params.orderId)),
    );

    app.get(
      '/v1/order/:orderId/contract/:documentId',
      {
        preHandler: limit('pdf'),
        schema: {
          tags: ['orders'],
          summary: 'A stored order document as PDF (download)',
          security,
          params: OrderDocumentParamsSchema,
        },
      },
      async (request, reply) =>
        sendPdf(
          reply,
          await orders.contractDocument(deps, requireUser(request), request.params.orderId, request.params.documentId),
        ),
    );

    app.get(
      '/v1/admin/orders',
      {
        schema: {
          tags: ['admin'],
          summary:
            "A page of the orders the admin may see, newest first: the employer's (tenant admin) or all (provider admin); view=open: those waiting for this admin; q: order number or the start of a name or e-mail address; no salary data",
          security,
          querystring: AdminOrdersQuerySchema,
          response: { 200: AdminOrdersPageSchema },
        },
      },
      async (request) => orders.adminOrders(deps, requireUser(request), request.query),
    );
  };
}

/**
 * PDFs: always a download (`attachment`, security checklist: no document opens in our origin), under a
 * server-made name that is safe in the header whatever it contains: an ASCII fallback of letters,
 * digits, `.`, `-` and `_` only, and the exact name percent-encoded (RFC 6266, RFC 8187).
 * Never cached, never sniffed.
 */
function sendPdf(reply: FastifyReply, doc: { pdf: Uint8Array; fileName: string }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(doc.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(doc.pdf));
}

export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\w.-]/g, '_')
      .replace(/^\.+/, '_') || 'Dokument.pdf';
  // RFC 8187 attr-char: what encodeURIComponent leaves as it is, less ' ( ) * !
  const exact = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The provider's callback: unauthenticated, verified by its HMAC signature over the raw body. */
export function providerCallbackRoutes(
  deps: orders.OrderDeps,
  otherCases: readonly orders.CaseSync[] = [],
): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/v1/provider/callback',
      { schema: { tags: ['provider'], summary: 'Signed status hint from the identity provider' } },
      async (request, reply) => {
        const result = await orders.handleCallback(
          deps,
          request.headers,
          typeof request.body === 'string' ? request.body : '',
          otherCases,
        );
        return reply.code(200).send({ received: true, replay: result === 'replay' });
      },
    );
  };
}
