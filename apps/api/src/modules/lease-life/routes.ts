import {
  AbsenceParamsSchema,
  AbsencePatchSchema,
  AbsenceRequestSchema,
  AbsenceSchema,
  EmployeeIdParamsSchema,
  OrderIdParamsSchema,
  TerminationQuoteQuerySchema,
  TerminationQuoteSchema,
} from '@leasing/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/errors.js';
import { requireRole, requireUser } from '../../plugins/authenticate.js';
import type { Admin, Ctx, LeaseLifeDeps } from './deps.js';
import { listAbsences, moveAbsenceEnd, personOrRefuse, recordAbsence, removeAbsence } from './absences.js';
import { absencesOfOwnOrder, terminationQuote } from './termination.js';

function tenantAdmin(request: FastifyRequest): Admin {
  const user = requireRole(request, 'TENANT_ADMIN');
  if (!user.tenantId) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  return { id: user.id, tenantId: user.tenantId };
}

const ctxOf = (request: FastifyRequest): Ctx => ({ requestId: String(request.id), ip: request.ip });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Life during a lease: absences without pay (HR records them, the employee reads them) and the
 * early-termination quote (HR for its employer's orders, the employee for their own).
 */
export function leaseLifeRoutes(
  deps: LeaseLifeDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    const security = [{ bearerAuth: [] }];
    const tags = ['employer'];
    const base = '/v1/tenant/employees/:id/absences';
    // Who asks and whose person it is come before the body: another employer's person is a 404
    // whatever the body says (a malformed id is left to the schema's 400).
    const personFirst = {
      preValidation: async (request: FastifyRequest) => {
        const admin = tenantAdmin(request);
        const { id } = request.params as { id?: unknown };
        if (typeof id === 'string' && UUID.test(id)) await personOrRefuse(deps, admin, id);
      },
    };

    app.get(
      base,
      {
        schema: {
          tags,
          summary: "A person's absences without pay, with who carries the rate",
          security,
          params: EmployeeIdParamsSchema,
          response: { 200: z.array(AbsenceSchema) },
        },
      },
      async (request) => listAbsences(deps, tenantAdmin(request), request.params.id),
    );

    app.post(
      base,
      {
        ...personFirst,
        schema: {
          tags,
          summary: 'Records an absence without pay (Krankengeld, parental leave, unpaid leave); pauses the payroll',
          security,
          params: EmployeeIdParamsSchema,
          body: AbsenceRequestSchema,
          response: { 201: AbsenceSchema },
        },
      },
      async (request, reply) => {
        const absence = await recordAbsence(
          deps,
          tenantAdmin(request),
          request.params.id,
          request.body,
          ctxOf(request),
        );
        return reply.code(201).send(absence);
      },
    );

    app.patch(
      `${base}/:absenceId`,
      {
        ...personFirst,
        schema: {
          tags,
          summary: "Sets or moves an absence's last day (null: open end)",
          security,
          params: AbsenceParamsSchema,
          body: AbsencePatchSchema,
          response: { 200: AbsenceSchema },
        },
      },
      async (request) =>
        moveAbsenceEnd(
          deps,
          tenantAdmin(request),
          request.params.id,
          request.params.absenceId,
          request.body,
          ctxOf(request),
        ),
    );

    app.delete(
      `${base}/:absenceId`,
      {
        ...personFirst,
        schema: {
          tags,
          summary: 'Removes an absence before it starts (else 409: set its end instead)',
          security,
          params: AbsenceParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeAbsence(deps, tenantAdmin(request), request.params.id, request.params.absenceId, ctxOf(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/tenant/orders/:orderId/termination-quote',
      {
        schema: {
          tags,
          summary: "The early-termination quote of one of the employer's running leases",
          security,
          params: OrderIdParamsSchema,
          querystring: TerminationQuoteQuerySchema,
          response: { 200: TerminationQuoteSchema },
        },
      },
      async (request) =>
        terminationQuote(
          deps.db,
          { kind: 'TENANT_ADMIN', tenantId: tenantAdmin(request).tenantId },
          request.params.orderId,
          request.query,
        ),
    );

    app.get(
      '/v1/order/:orderId/termination-quote',
      {
        schema: {
          tags: ['orders'],
          summary: "The early-termination quote of the employee's own running lease",
          security,
          params: OrderIdParamsSchema,
          querystring: TerminationQuoteQuerySchema,
          response: { 200: TerminationQuoteSchema },
        },
      },
      async (request) =>
        terminationQuote(
          deps.db,
          { kind: 'EMPLOYEE', userId: requireUser(request).id },
          request.params.orderId,
          request.query,
        ),
    );

    app.get(
      '/v1/order/:orderId/absences',
      {
        schema: {
          tags: ['orders'],
          summary: "The employee's absences without pay recorded by the employer, with who carries the rate",
          security,
          params: OrderIdParamsSchema,
          response: { 200: z.array(AbsenceSchema) },
        },
      },
      async (request) => absencesOfOwnOrder(deps.db, requireUser(request).id, request.params.orderId),
    );
  };
}
