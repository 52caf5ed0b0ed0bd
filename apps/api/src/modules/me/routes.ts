import { LanguageRequestSchema, MeResponseSchema } from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/authenticate.js';
import { saveLanguage, signedInAccountOf } from '../account/index.js';
import { runningLeaseOf } from '../orders/index.js';
import { tenantFactsOf } from '../tenants/index.js';

export function meRoutes(deps: { db: Database; authenticate: onRequestAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/me',
      {
        onRequest: deps.authenticate,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: MeResponseSchema },
        },
      },
      async (request) => {
        const { id } = requireUser(request);
        const account = await signedInAccountOf(deps.db, id);
        if (!account) throw notFound();
        const { tenantId, ...person } = account;
        const [facts, activeLeaseOrderId] = await Promise.all([
          tenantId ? tenantFactsOf(deps.db, [tenantId]) : null,
          runningLeaseOf(deps.db, id),
        ]);
        const employer = tenantId ? facts?.get(tenantId) : undefined;
        return { ...person, tenantName: employer?.name ?? null, activeLeaseOrderId };
      },
    );

    app.put(
      '/v1/user/language',
      {
        onRequest: deps.authenticate,
        schema: {
          tags: ['auth'],
          summary: 'Remembers the interface language on the account (German or English)',
          security: [{ bearerAuth: [] }],
          body: LanguageRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { id } = requireUser(request);
        await saveLanguage(deps.db, id, request.body.language);
        return reply.code(204).send(null);
      },
    );
  };
}
