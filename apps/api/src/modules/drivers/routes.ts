import {
  AdditionalDriverRequestSchema,
  AdditionalDriverSchema,
  DriverParamsSchema,
  OrderIdParamsSchema,
} from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireRole, requireUser } from '../../plugins/authenticate.js';
import { ownOrderFirst, type OrderDeps } from '../orders/index.js';
import { addDriver, listDrivers, removeDriver } from './service.js';

const security = [{ bearerAuth: [] }];
const tags = ['orders'];
const DriverListSchema = z.array(AdditionalDriverSchema);

/** Additional drivers: the employee names and removes them, HR sees the names, the provider everything. */
export function driverRoutes(deps: OrderDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.get(
      '/v1/order/:orderId/drivers',
      {
        schema: {
          tags,
          summary: "The order's additional drivers and their licence checks (HR: names and outcome only)",
          security,
          params: OrderIdParamsSchema,
          response: { 200: DriverListSchema },
        },
      },
      async (request) => listDrivers(deps, requireUser(request), request.params.orderId),
    );

    app.post(
      '/v1/order/:orderId/drivers',
      {
        schema: {
          tags,
          summary: 'Name an additional driver (400 outside the rule, 409 a fourth); the licence check is mailed',
          security,
          params: OrderIdParamsSchema,
          body: AdditionalDriverRequestSchema,
          response: { 201: AdditionalDriverSchema },
        },
        preValidation: ownOrderFirst(deps),
      },
      async (request, reply) =>
        reply.code(201).send(
          await addDriver(deps, requireUser(request), request.params.orderId, request.body, {
            requestId: request.id,
          }),
        ),
    );

    app.delete(
      '/v1/order/:orderId/drivers/:driverId',
      {
        schema: {
          tags,
          summary: 'Remove an additional driver (kept for the record)',
          security,
          params: DriverParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeDriver(deps, requireUser(request), request.params, { requestId: request.id });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/provider/orders/:orderId/drivers',
      {
        schema: {
          tags: ['provider'],
          summary: "An order's additional drivers with their licence checks",
          security,
          params: OrderIdParamsSchema,
          response: { 200: DriverListSchema },
        },
        onRequest: async (request) => {
          requireRole(request, 'PROVIDER_ADMIN');
        },
      },
      async (request) => listDrivers(deps, requireUser(request), request.params.orderId),
    );
  };
}
