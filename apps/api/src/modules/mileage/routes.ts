import {
  MileageForecastRowSchema,
  MileageForecastsQuerySchema,
  MileageSchema,
  OdometerPhotoParamsSchema,
  OdometerReadingRequestSchema,
  OrderIdParamsSchema,
} from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireRole, requireUser } from '../../plugins/authenticate.js';
import { ownOrderFirst, type OrderDeps } from '../orders/index.js';
import { odometerForm, photoSentWith, readOdometerPhoto, readOdometerForm } from './photo.js';
import { providerForecasts, readMileage, recordReading } from './readings.js';

const security = [{ bearerAuth: [] }];
const tags = ['orders'];

/** Mileage during a lease: the employee reports the odometer, everyone who sees the order sees the forecast. */
export function mileageRoutes(deps: OrderDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    await odometerForm.register(app);

    app.get(
      '/v1/order/:orderId/mileage',
      {
        schema: {
          tags,
          summary:
            'Odometer readings, the forecast at the lease end and the projected settlement (409 before the handover)',
          security,
          params: OrderIdParamsSchema,
          response: { 200: MileageSchema },
        },
      },
      async (request) => readMileage(deps, requireUser(request), request.params.orderId),
    );

    app.post(
      '/v1/order/:orderId/odometer',
      {
        schema: {
          tags,
          summary: 'Report the odometer of the own running lease (400 below an earlier reading); the new forecast',
          description:
            'JSON, or multipart/form-data with the same JSON in the field `reading` and an optional `photo` of the odometer (JPEG, PNG or WebP ≤ 10 MB; 413 larger, 415 not an image), stored re-encoded as WebP.',
          security,
          params: OrderIdParamsSchema,
          body: OdometerReadingRequestSchema,
          response: { 201: MileageSchema },
        },
        // Whose order and which state before the body, and before a byte of a photo is read.
        preValidation: [ownOrderFirst(deps), readOdometerForm(deps)],
      },
      async (request, reply) => {
        const mileage = await recordReading(
          deps,
          requireUser(request),
          request.params.orderId,
          request.body,
          photoSentWith(request),
          { requestId: request.id },
        );
        return reply.code(201).send(mileage);
      },
    );

    app.get(
      '/v1/order/:orderId/odometer/:readingId/photo',
      {
        schema: {
          tags,
          summary: "A reading's photo of the odometer (WebP): the employee, their employer's HR and the provider",
          security,
          params: OdometerPhotoParamsSchema,
        },
      },
      async (request, reply) =>
        reply
          .type('image/webp')
          .header('x-content-type-options', 'nosniff')
          .send(await readOdometerPhoto(deps, requireUser(request), request.params)),
    );

    app.get(
      '/v1/provider/mileage-forecasts',
      {
        schema: {
          tags: ['provider'],
          summary: "The pipeline page's running leases with an odometer reading: forecast and projected settlement",
          security,
          querystring: MileageForecastsQuerySchema,
          response: { 200: z.array(MileageForecastRowSchema) },
        },
        onRequest: async (request) => {
          requireRole(request, 'PROVIDER_ADMIN');
        },
      },
      async (request) =>
        providerForecasts(deps, requireRole(request, 'PROVIDER_ADMIN'), request.query.orderIds.split(',').map(Number)),
    );
  };
}
