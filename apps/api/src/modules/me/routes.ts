import { LanguageRequestSchema, MeResponseSchema } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Database } from '../../db/client.js';
import { tenants, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/authenticate.js';

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
        const [row] = await deps.db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            role: users.role,
            tenantName: tenants.name,
            language: users.language,
          })
          .from(users)
          .leftJoin(tenants, eq(tenants.id, users.tenantId))
          .where(eq(users.id, id));
        if (!row) throw notFound();
        return row;
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
        await deps.db.update(users).set({ language: request.body.language }).where(eq(users.id, id));
        return reply.code(204).send(null);
      },
    );
  };
}
