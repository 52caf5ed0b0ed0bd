import {
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointCreateRequestSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointPatchRequestSchema,
  WebhookEndpointSchema,
} from '@leasing/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/errors.js';
import { requireRole } from '../../plugins/authenticate.js';
import type { Admin, WebhookDeps } from './deps.js';
import { listDeliveries, resendDelivery } from './deliveries.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointOf,
  endpointView,
  listEndpoints,
  patchEndpoint,
  rotateSecret,
} from './endpoints.js';

const security = [{ bearerAuth: [] }];
const tags = ['tenant'];
const ctxOf = (request: { id: string }) => ({ requestId: String(request.id) });

/**
 * HR of an employer, signed in as a person. An API key never manages webhooks (as it never manages
 * keys, ADR 0057): a webhook's secret and target are the keys to the employer's own systems.
 */
function tenantAdmin(request: FastifyRequest): Admin {
  const user = requireRole(request, 'TENANT_ADMIN');
  if (!user.tenantId || user.apiKey) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  return { id: user.id, tenantId: user.tenantId };
}

/** The employer's webhooks: endpoints made, changed and removed by HR, their delivery log and re-sends (ADR 0059). */
export function webhookRoutes(
  deps: WebhookDeps & { authenticate: onRequestAsyncHookHandler; deliverSoon: () => void },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    // The role first: a refused caller learns nothing of the body's rules.
    app.addHook('onRequest', async (request) => {
      tenantAdmin(request);
    });

    app.get(
      '/v1/tenant/webhooks',
      {
        schema: {
          tags,
          summary: "The employer's webhook endpoints (never a secret)",
          security,
          response: { 200: z.array(WebhookEndpointSchema) },
        },
      },
      async (request) => listEndpoints(deps, tenantAdmin(request)),
    );

    app.post(
      '/v1/tenant/webhooks',
      {
        schema: {
          tags,
          summary: 'Register an endpoint: its signing secret (whsec_…) is answered this once',
          security,
          body: WebhookEndpointCreateRequestSchema,
          response: { 201: WebhookEndpointCreatedSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createEndpoint(deps, tenantAdmin(request), request.body, ctxOf(request))),
    );

    app.get(
      '/v1/tenant/webhooks/:id',
      {
        schema: {
          tags,
          summary: 'One webhook endpoint',
          security,
          params: WebhookEndpointParamsSchema,
          response: { 200: WebhookEndpointSchema },
        },
      },
      async (request) => endpointView(await endpointOf(deps.db, tenantAdmin(request), request.params.id)),
    );

    app.patch(
      '/v1/tenant/webhooks/:id',
      {
        schema: {
          tags,
          summary: 'Change an endpoint; enabled: true takes a failing one back into service',
          security,
          params: WebhookEndpointParamsSchema,
          body: WebhookEndpointPatchRequestSchema,
          response: { 200: WebhookEndpointSchema },
        },
      },
      async (request) => {
        const changed = await patchEndpoint(
          deps,
          tenantAdmin(request),
          request.params.id,
          request.body,
          ctxOf(request),
        );
        if (changed.status === 'ACTIVE') deps.deliverSoon();
        return changed;
      },
    );

    app.delete(
      '/v1/tenant/webhooks/:id',
      {
        schema: {
          tags,
          summary: 'Remove an endpoint and its delivery log',
          security,
          params: WebhookEndpointParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteEndpoint(deps, tenantAdmin(request), request.params.id, ctxOf(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/tenant/webhooks/:id/secret',
      {
        schema: {
          tags,
          summary: 'A new signing secret, answered this once; the old one stops signing',
          security,
          params: WebhookEndpointParamsSchema,
          response: { 200: WebhookEndpointCreatedSchema },
        },
      },
      async (request) => rotateSecret(deps, tenantAdmin(request), request.params.id, ctxOf(request)),
    );

    app.get(
      '/v1/tenant/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          summary: "The endpoint's delivery log, newest first, with each try's status code",
          security,
          params: WebhookEndpointParamsSchema,
          querystring: WebhookDeliveryListQuerySchema,
          response: { 200: WebhookDeliveryPageSchema },
        },
      },
      async (request) => listDeliveries(deps, tenantAdmin(request), request.params.id, request.query),
    );

    app.post(
      '/v1/tenant/webhooks/:id/deliveries/:deliveryId/resend',
      {
        schema: {
          tags,
          summary: 'Send a delivery again ("Erneut senden"), under the same webhook-id',
          security,
          params: WebhookDeliveryParamsSchema,
          response: { 202: WebhookDeliverySchema },
        },
      },
      async (request, reply) => {
        const delivery = await resendDelivery(
          deps,
          tenantAdmin(request),
          request.params.id,
          request.params.deliveryId,
          ctxOf(request),
        );
        deps.deliverSoon();
        return reply.code(202).send(delivery);
      },
    );
  };
}
