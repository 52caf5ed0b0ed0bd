import {
  ClaimParamsSchema,
  ClaimPhotoParamsSchema,
  ClaimSchema,
  ClaimUpdateRequestSchema,
  OrderIdParamsSchema,
  ProviderClaimPageSchema,
  ProviderClaimsQuerySchema,
} from '@leasing/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireRole, requireUser } from '../../plugins/authenticate.js';
import { ownOrderFirst, type OrderDeps } from '../orders/index.js';
import { providerClaims, readClaimPhoto, updateClaim } from './provider-claims.js';
import { assertReportTarget, listOrderClaims, reportClaim } from './report.js';
import { acceptClaimUploads, readClaimRequest } from './upload.js';

const security = [{ bearerAuth: [] }];
const ctxOf = (request: { id: string }) => ({ requestId: String(request.id) });
const provider = (request: FastifyRequest) => requireRole(request, 'PROVIDER_ADMIN');

/** Damage, accident and theft reports: the employee reports, the provider works the queue, HR sees the excess. */
export function claimRoutes(deps: OrderDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    await acceptClaimUploads(app);

    app.get(
      '/v1/order/:orderId/claims',
      {
        schema: {
          tags: ['orders'],
          summary: "The order's damage, accident and theft reports (HR: number, state and excess only)",
          security,
          params: OrderIdParamsSchema,
          response: { 200: z.array(ClaimSchema) },
        },
      },
      async (request) => listOrderClaims(deps, requireUser(request), request.params.orderId),
    );

    app.post(
      '/v1/order/:orderId/claims',
      {
        schema: {
          tags: ['orders'],
          summary:
            'Report a damage, accident or theft of the own running lease: JSON, or multipart with the JSON in `claim` and up to 10 `photos` (JPEG, PNG or WebP ≤ 10 MB each)',
          security,
          consumes: ['application/json', 'multipart/form-data'],
          params: OrderIdParamsSchema,
          body: z.any().describe('ClaimReportRequest as JSON, or multipart/form-data with fields claim and photos'),
          response: { 201: ClaimSchema },
        },
        preValidation: ownOrderFirst(deps),
      },
      async (request, reply) => {
        const actor = requireUser(request);
        // Whose order and which state before a byte of the photos is read.
        await assertReportTarget(deps, actor, request.params.orderId);
        const { report, photos } = await readClaimRequest(request);
        return reply
          .code(201)
          .send(await reportClaim(deps, actor, request.params.orderId, report, photos, ctxOf(request)));
      },
    );

    app.get(
      '/v1/order/:orderId/claims/:claimId/photos/:photoId',
      {
        schema: {
          tags: ['orders'],
          summary: "A claim's photo (WebP): the employee and the provider",
          security,
          params: ClaimPhotoParamsSchema,
        },
      },
      async (request, reply) =>
        reply.type('image/webp').send(await readClaimPhoto(deps, requireUser(request), request.params)),
    );

    app.get(
      '/v1/provider/claims',
      {
        schema: {
          tags: ['provider'],
          summary: 'The claims of every employer, newest first (q: claim or order number, the start of the name)',
          security,
          querystring: ProviderClaimsQuerySchema,
          response: { 200: ProviderClaimPageSchema },
        },
        onRequest: async (request) => {
          provider(request);
        },
      },
      async (request) => providerClaims(deps, provider(request), request.query),
    );

    app.patch(
      '/v1/provider/claims/:claimId',
      {
        schema: {
          tags: ['provider'],
          summary: 'Move a claim on, write the employee a note, decide the excess once (mailed to the employee)',
          security,
          params: ClaimParamsSchema,
          body: ClaimUpdateRequestSchema,
          response: { 200: ClaimSchema },
        },
        onRequest: async (request) => {
          provider(request);
        },
      },
      async (request) => updateClaim(deps, provider(request), request.params.claimId, request.body, ctxOf(request)),
    );
  };
}
