import {
  ScimTokenCreatedSchema,
  ScimTokenCreateRequestSchema,
  ScimTokenParamsSchema,
  ScimTokenSchema,
} from '@leasing/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/errors.js';
import { requireRole } from '../../plugins/authenticate.js';
import type { ScimDeps } from './deps.js';
import { createScimToken, listScimTokens, revokeScimToken } from './tokens.js';

const security = [{ bearerAuth: [] }];
const tags = ['tenant'];
const ctxOf = (request: { id: string }) => ({ requestId: String(request.id) });

/** HR of an employer, signed in as a person: an API key never manages SCIM tokens (no scope opens them). */
function tenantAdmin(request: FastifyRequest): { id: string; tenantId: string } {
  const user = requireRole(request, 'TENANT_ADMIN');
  if (!user.tenantId || user.apiKey) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  return { id: user.id, tenantId: user.tenantId };
}

/** The employer's SCIM tokens: made, listed and revoked by HR (ADR 0060). */
export function scimTokenRoutes(deps: ScimDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onRequest', async (request) => {
      tenantAdmin(request);
    });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.get(
      '/v1/tenant/scim-tokens',
      {
        schema: {
          tags,
          summary: "The employer's SCIM tokens in force (never a secret)",
          security,
          response: { 200: z.array(ScimTokenSchema) },
        },
      },
      async (request) => listScimTokens(deps, tenantAdmin(request)),
    );

    app.post(
      '/v1/tenant/scim-tokens',
      {
        schema: {
          tags,
          summary: "Make a SCIM token for the employer's directory: the token is answered this once",
          security,
          body: ScimTokenCreateRequestSchema,
          response: { 201: ScimTokenCreatedSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createScimToken(deps, tenantAdmin(request), request.body, ctxOf(request))),
    );

    app.delete(
      '/v1/tenant/scim-tokens/:id',
      {
        schema: {
          tags,
          summary: 'Revoke a SCIM token at once',
          security,
          params: ScimTokenParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await revokeScimToken(deps, tenantAdmin(request), request.params.id, ctxOf(request));
        return reply.code(204).send(null);
      },
    );
  };
}
