import { ApiKeyCreatedSchema, ApiKeyCreateRequestSchema, ApiKeyParamsSchema, ApiKeySchema } from '@leasing/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/errors.js';
import { requireRole } from '../../plugins/authenticate.js';
import { createApiKey, listApiKeys, revokeApiKey, type IntegrationDeps } from './keys.js';

const security = [{ bearerAuth: [] }];
const tags = ['tenant'];
const ctxOf = (request: { id: string }) => ({ requestId: String(request.id) });

/** HR of an employer, signed in as a person (a key never manages keys: the scopes open no key route). */
function tenantAdmin(request: FastifyRequest): { id: string; tenantId: string } {
  const user = requireRole(request, 'TENANT_ADMIN');
  if (!user.tenantId || user.apiKey) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  return { id: user.id, tenantId: user.tenantId };
}

/** The employer's API keys: made, listed and revoked by HR (ADR 0057). */
export function integrationRoutes(
  deps: IntegrationDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.get(
      '/v1/tenant/api-keys',
      {
        schema: {
          tags,
          summary: "The employer's API keys in force (never a secret)",
          security,
          response: { 200: z.array(ApiKeySchema) },
        },
      },
      async (request) => listApiKeys(deps, tenantAdmin(request)),
    );

    app.post(
      '/v1/tenant/api-keys',
      {
        schema: {
          tags,
          summary: 'Make an API key with scopes: the key is answered this once',
          security,
          body: ApiKeyCreateRequestSchema,
          response: { 201: ApiKeyCreatedSchema },
        },
        onRequest: async (request) => {
          tenantAdmin(request);
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createApiKey(deps, tenantAdmin(request), request.body, ctxOf(request))),
    );

    app.delete(
      '/v1/tenant/api-keys/:id',
      {
        schema: {
          tags,
          summary: 'Revoke an API key at once',
          security,
          params: ApiKeyParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await revokeApiKey(deps, tenantAdmin(request), request.params.id, ctxOf(request));
        return reply.code(204).send(null);
      },
    );
  };
}
