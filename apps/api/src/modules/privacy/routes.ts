import { DataExportSchema, dataExportFileName, DeleteAccountRequestSchema } from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendStreamed } from '../../lib/streamed-body.js';
import { requireUser } from '../../plugins/authenticate.js';
import { exportChunks } from './export.js';
import * as privacy from './service.js';

export function privacyRoutes(
  deps: privacy.PrivacyDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    const security = [{ bearerAuth: [] }];

    app.get(
      '/v1/user/export',
      {
        schema: {
          tags: ['privacy'],
          summary: 'Everything held about the signed-in user as a JSON download (GDPR Art. 15 and 20)',
          security,
          response: { 200: DataExportSchema },
        },
      },
      async (request, reply) => {
        const chunks = await exportChunks(deps, requireUser(request), { requestId: request.id });
        // Written as it is read, indented for people who open the file (ADR 0041).
        return sendStreamed(
          reply
            .type('application/json; charset=utf-8')
            .header('content-disposition', `attachment; filename="${dataExportFileName(deps.clock.now())}"`),
          chunks,
        );
      },
    );

    app.delete(
      '/v1/user',
      {
        schema: {
          tags: ['privacy'],
          summary:
            'Erase the account (needs the password; GDPR Art. 17): personal data goes, signed contracts stay restricted',
          security,
          body: DeleteAccountRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await privacy.deleteAccount(deps, requireUser(request), request.body.password, { requestId: request.id });
        return reply.code(204).send(null);
      },
    );
  };
}
