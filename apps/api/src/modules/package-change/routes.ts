import {
  OrderIdParamsSchema,
  PackageChangeDecisionSchema,
  PackageChangeOverviewSchema,
  PackageChangeParamsSchema,
  PackageChangeRequestSchema,
  PackageChangeSchema,
  ProviderPackageChangePageSchema,
  ProviderPackageChangeSchema,
  ProviderPackageChangesQuerySchema,
} from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireRole, requireUser } from '../../plugins/authenticate.js';
import { ownOrderFirst, type OrderDeps } from '../orders/index.js';
import { decidePackageChange, packageChangeOverview, packageChangeQueue, requestPackageChange } from './service.js';

const security = [{ bearerAuth: [] }];

/** A larger kilometre package during the lease: the employee asks, everyone who sees the order reads. */
export function packageChangeRoutes(
  deps: OrderDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    app.get(
      '/v1/order/:orderId/package-change',
      {
        schema: {
          tags: ['orders'],
          summary: 'The kilometre package in force, the larger ones to ask for (the employee only) and every request',
          security,
          params: OrderIdParamsSchema,
          response: { 200: PackageChangeOverviewSchema },
        },
      },
      async (request) => packageChangeOverview(deps, requireUser(request), request.params.orderId),
    );
    app.post(
      '/v1/order/:orderId/package-change',
      {
        schema: {
          tags: ['orders'],
          summary:
            'Ask for a larger kilometre package of the current price list (one open request; the provider decides)',
          security,
          params: OrderIdParamsSchema,
          body: PackageChangeRequestSchema,
          response: { 201: PackageChangeSchema },
        },
        // Whose order before the body: another's is a 404, HR's or the provider's look a 403.
        preValidation: ownOrderFirst(deps),
      },
      async (request, reply) => {
        const change = await requestPackageChange(
          deps,
          requireUser(request),
          request.params.orderId,
          request.body.kmPerYear,
          {
            requestId: String(request.id),
          },
        );
        return reply.code(201).send(change);
      },
    );
  };
}

/** The provider's queue of package changes and its decisions (PROVIDER_ADMIN only, checked before the body). */
export function providerPackageChangeRoutes(
  deps: OrderDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onRequest', async (request) => {
      requireRole(request, 'PROVIDER_ADMIN');
    });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    app.get(
      '/v1/provider/package-changes',
      {
        schema: {
          tags: ['provider'],
          summary: 'Requests for a larger kilometre package, oldest first',
          security,
          querystring: ProviderPackageChangesQuerySchema,
          response: { 200: ProviderPackageChangePageSchema },
        },
      },
      async (request) => packageChangeQueue(deps, request.query),
    );
    app.post(
      '/v1/provider/package-changes/:changeId/decision',
      {
        schema: {
          tags: ['provider'],
          summary:
            'Approve (from next month, with an addendum) or decline (with a reason) a package change; 409 once decided',
          security,
          params: PackageChangeParamsSchema,
          body: PackageChangeDecisionSchema,
          response: { 200: ProviderPackageChangeSchema },
        },
      },
      async (request) =>
        decidePackageChange(deps, requireRole(request, 'PROVIDER_ADMIN'), request.params.changeId, request.body, {
          requestId: String(request.id),
        }),
    );
  };
}
