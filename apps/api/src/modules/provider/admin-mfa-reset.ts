import { TenantAdminParamsSchema } from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { resetTenantAdminFactor } from '../mfa/index.js';
import { provider, security, tags, type ProviderRouteDeps } from './route-helpers.js';

/** The provider resets an HR admin's lost second factor (audited, mailed; ADR 0025). */
export function adminMfaResetRoutes(deps: ProviderRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/provider/tenants/:tenantId/admins/:userId/mfa/reset',
      {
        schema: {
          tags,
          summary: "Reset an HR admin's second factor: sessions end, the admin enrols again with a code mailed to them",
          security,
          params: TenantAdminParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await resetTenantAdminFactor(deps, provider(request), request.params, request.id);
        return reply.code(204).send(null);
      },
    );
  };
}
