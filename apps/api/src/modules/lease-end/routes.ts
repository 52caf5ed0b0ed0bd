import {
  LeaseEndInfoSchema,
  LeaseReturnRequestSchema,
  LeaseReturnSchema,
  LicenceCheckCaseSchema,
  LicenceCheckRowSchema,
  OrderIdParamsSchema,
  ReturnAppointmentRequestSchema,
} from '@leasing/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/errors.js';
import { requireRole, requireUser } from '../../plugins/authenticate.js';
import type { OrderDeps } from '../orders/index.js';
import { visibleOrder } from '../orders/index.js';
import { acceptUploads, readUpload } from '../provider/index.js';
import { leaseEndInfo, setReturnAppointment } from './lease-info.js';
import { readLicenceCheck, startLicenceCheck } from './licence-check-cases.js';
import { activeLeases, licenceRows } from './licence-checks.js';
import { addReturnPhoto, assertPhotoTarget, returnPhoto } from './return-photos.js';
import { berlinToday, readReturn, recordReturn } from './returns.js';

const security = [{ bearerAuth: [] }];
const ctxOf = (request: { id: string }) => ({ requestId: String(request.id) });
const provider = (request: FastifyRequest) => requireRole(request, 'PROVIDER_ADMIN');

/**
 * The end of a lease: the provider records the return and the return appointment, the employee's
 * order page reads what is coming, HR sees the driving-licence checks.
 */
export function leaseEndRoutes(deps: OrderDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.post(
      '/v1/provider/orders/:orderId/return',
      {
        schema: {
          tags: ['provider'],
          summary:
            "Record the car's return: settles the kilometres and damages, ends the lease, files the final statement",
          security,
          params: OrderIdParamsSchema,
          body: LeaseReturnRequestSchema,
          response: { 201: LeaseReturnSchema },
        },
        // The role before the body: no other role makes the server parse one.
        onRequest: async (request) => {
          provider(request);
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await recordReturn(deps, provider(request), request.params.orderId, request.body, ctxOf(request))),
    );

    await acceptUploads(app);
    const PhotoParams = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647), photoId: z.uuid() });

    app.post(
      '/v1/provider/orders/:orderId/return/photos',
      {
        bodyLimit: 10 * 1024 * 1024 + 1,
        schema: {
          tags: ['provider'],
          summary: 'Attach a photo of a damage (JPEG, PNG or WebP ≤ 10 MB; stored as WebP without metadata)',
          security,
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'multipart/form-data'],
          params: OrderIdParamsSchema,
          body: z.any().describe('The file as the body (with its content type) or as multipart/form-data'),
          response: { 201: z.object({ id: z.string(), width: z.number(), height: z.number() }) },
        },
        onRequest: async (request) => {
          provider(request);
        },
      },
      async (request, reply) => {
        const actor = provider(request);
        await assertPhotoTarget(deps, actor, request.params.orderId);
        const file = await readUpload(request, 'schaden');
        return reply.code(201).send(await addReturnPhoto(deps, actor, request.params.orderId, file, ctxOf(request)));
      },
    );

    app.get(
      '/v1/provider/orders/:orderId/return/photos/:photoId',
      { schema: { tags: ['provider'], summary: 'A damage photo (WebP)', security, params: PhotoParams } },
      async (request, reply) =>
        reply
          .type('image/webp')
          .send(await returnPhoto(deps, provider(request), request.params.orderId, request.params.photoId)),
    );

    app.get(
      '/v1/provider/orders/:orderId/return',
      {
        schema: {
          tags: ['provider'],
          summary: 'The recorded return with its settlement (404 before the return)',
          security,
          params: OrderIdParamsSchema,
          response: { 200: LeaseReturnSchema },
        },
      },
      async (request) => {
        await visibleOrder(deps, provider(request), request.params.orderId);
        const found = await readReturn(deps.db, request.params.orderId);
        if (!found) throw new AppError('NOT_FOUND', 'Noch keine Rückgabe erfasst');
        return found;
      },
    );

    app.put(
      '/v1/provider/orders/:orderId/return-appointment',
      {
        schema: {
          tags: ['provider'],
          summary: 'Set the return appointment of a running lease (the employee sees it and is mailed)',
          security,
          params: OrderIdParamsSchema,
          body: ReturnAppointmentRequestSchema,
          response: { 200: LeaseEndInfoSchema },
        },
        onRequest: async (request) => {
          provider(request);
        },
      },
      async (request) =>
        setReturnAppointment(deps, provider(request), request.params.orderId, request.body, ctxOf(request)),
    );

    app.get(
      '/v1/order/:orderId/lease-end',
      {
        schema: {
          tags: ['orders'],
          summary: "The lease's end as the order page shows it: next car, return appointment, licence check",
          security,
          params: OrderIdParamsSchema,
          response: { 200: LeaseEndInfoSchema },
        },
      },
      async (request) => leaseEndInfo(deps, requireUser(request), request.params.orderId),
    );

    app.post(
      '/v1/order/:orderId/licence-check',
      {
        schema: {
          tags: ['orders'],
          summary: 'Start the due driving-licence check at the identity provider (an open one is answered again)',
          security,
          params: OrderIdParamsSchema,
          response: { 200: LicenceCheckCaseSchema },
        },
      },
      async (request) => startLicenceCheck(deps, requireUser(request), request.params.orderId),
    );

    app.get(
      '/v1/order/:orderId/licence-check',
      {
        schema: {
          tags: ['orders'],
          summary: 'The newest driving-licence check of an own running lease (null: none yet)',
          security,
          params: OrderIdParamsSchema,
          response: { 200: z.nullable(LicenceCheckCaseSchema) },
        },
      },
      async (request) => readLicenceCheck(deps, requireUser(request), request.params.orderId),
    );

    app.get(
      '/v1/tenant/licence-checks',
      {
        schema: {
          tags: ['employer'],
          summary: 'Driving-licence checks of every person with a running lease: last check, due date, status',
          security,
          response: { 200: z.array(LicenceCheckRowSchema) },
        },
      },
      async (request) => {
        const admin = requireRole(request, 'TENANT_ADMIN');
        if (!admin.tenantId) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
        const leases = await activeLeases(deps.db, { tenantId: admin.tenantId });
        return licenceRows(deps.db, leases, berlinToday(deps.clock.now()));
      },
    );

    app.get(
      '/v1/provider/licence-checks',
      {
        schema: {
          tags: ['provider'],
          summary: 'Driving-licence checks of every running lease (the provider sees overdue ones)',
          security,
          response: { 200: z.array(LicenceCheckRowSchema) },
        },
      },
      async (request) => {
        provider(request);
        return licenceRows(deps.db, await activeLeases(deps.db), berlinToday(deps.clock.now()));
      },
    );
  };
}
