import {
  LeasePackageIdParamsSchema,
  ModelsQuerySchema,
  PackageTaxResultSchema,
  SearchQuerySchema,
  VehicleIdParamsSchema,
  VehicleSchema,
  VehicleSummarySchema,
} from '@leasing/contract';
import type { PackageTaxResult } from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireUser } from '../../plugins/authenticate.js';
import { AnswerCache, sendPrepared } from './answer-cache.js';
import * as catalog from './service.js';

/**
 * Bytes of prepared search and vehicle answers kept per process: about 150 personal searches of the
 * full 1,000-car catalogue with both compressions, or thousands of typical answers.
 */
const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

export function catalogRoutes(
  deps: catalog.CatalogDeps & { authenticate: onRequestAsyncHookHandler; answers?: AnswerCache },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    // Personal rates derive from salary data: never stored by caches (the prepared answers below say
    // `private, no-cache` themselves: the person's own browser may revalidate them).
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    });
    // Answers ready to send, shared by the routes of this app, bounded by bytes.
    const answers =
      deps.answers ??
      new AnswerCache(ANSWER_CACHE_BYTES, (hit) =>
        app.metrics.cacheLookups.labels('answers', hit ? 'hit' : 'miss').inc(),
      );
    // What the cache holds, so an operator (and the cluster test) sees it stay bounded.
    app.metrics.gauge('answer_cache_bytes', 'Bytes of prepared search and vehicle answers held', () => answers.bytes);
    const withAnswers = { ...deps, answers };
    const security = [{ bearerAuth: [] }];

    app.get(
      '/v1/search',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Vehicles with the private leasing rate, the estimated and the personal net rate',
          security,
          querystring: SearchQuerySchema,
          response: { 200: z.array(VehicleSummarySchema) },
        },
      },
      async (request, reply) =>
        sendPrepared(request, reply, await catalog.searchAnswer(withAnswers, requireUser(request), request.query)),
    );

    app.get(
      '/v1/search/manufacturers',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Brand names, sorted',
          security,
          response: { 200: z.array(z.string()) },
        },
      },
      async () => catalog.manufacturers(deps),
    );

    app.get(
      '/v1/search/models',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Model names of the given brands, sorted',
          security,
          querystring: ModelsQuerySchema,
          response: { 200: z.array(z.string()) },
        },
      },
      async (request) => catalog.models(deps, request.query.manufacturerIds),
    );

    app.get(
      '/v1/vehicle/:vehicleId',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'A vehicle with its lease packages and the personal net rate of each',
          security,
          params: VehicleIdParamsSchema,
          response: { 200: VehicleSchema },
        },
      },
      async (request, reply) =>
        sendPrepared(
          request,
          reply,
          await catalog.vehicleAnswer(withAnswers, requireUser(request), request.params.vehicleId),
        ),
    );

    app.get(
      '/v1/lease-packages/:id/tax',
      {
        schema: {
          tags: ['catalogue'],
          summary:
            'Payslip before and after the salary conversion for this package, and whether the employer programme lets the employee order it (409 when the profile is incomplete)',
          security,
          params: LeasePackageIdParamsSchema,
          response: { 200: PackageTaxResultSchema },
        },
      },
      async (request, reply) => {
        const json = await catalog.taxResultJson(deps, requireUser(request), request.params.id);
        // Already serialised (and cached) by the service: sent as it is.
        return reply.type('application/json; charset=utf-8').send(json as unknown as PackageTaxResult);
      },
    );
  };
}
