import {
  CreateRegisterCodeRequestSchema,
  CreateTenantRequestSchema,
  CreateTenantResponseSchema,
  DeliveryWindowRequestSchema,
  OrderIdParamsSchema,
  OrderSchema,
  OrderTimelineEventSchema,
  ProviderDashboardSchema,
  ProviderOrdersExportQuerySchema,
  ProviderOrdersPageSchema,
  ProviderOrdersQuerySchema,
  ProviderTenantsPageSchema,
  ProviderTenantsQuerySchema,
  ProviderTrendSchema,
  RegisterCodeParamsOfTenantSchema,
  RegisterCodeSchema,
  TenantDetailSchema,
  TenantIdParamsSchema,
  TenantPolicyResponseSchema,
  TrendQuerySchema,
  UpdateTenantRequestSchema,
} from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sendStreamed } from '../../lib/streamed-body.js';
import { adminMfaResetRoutes } from './admin-mfa-reset.js';
import { dashboard } from './dashboard.js';
import { dashboardTrend } from './dashboard-trend.js';
import { orderExportChunks, orderExportFileName } from './order-export.js';
import { orderTimeline, providerOrders, setDeliveryWindow } from './pipeline.js';
import { createRegisterCode, revokeRegisterCode } from './register-codes.js';
import { ctxOf, provider, security, tags, type ProviderRouteDeps } from './route-helpers.js';
import { catalogBackOfficeRoutes } from './routes-catalog.js';
import { listTenants } from './tenant-list.js';
import * as tenants from './tenants.js';
import { acceptUploads } from './upload.js';

/**
 * The provider's back office under `/v1/provider/…`. Only PROVIDER_ADMIN: the role is checked before
 * the body is read, so no other role can even make the server parse an upload.
 */
export function providerRoutes(deps: ProviderRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onRequest', async (request) => {
      provider(request);
    });
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    });
    await acceptUploads(app);

    app.get(
      '/v1/provider/tenants',
      {
        schema: {
          tags,
          summary:
            'Employers with employees, active orders and usable register codes: searched (q), filtered (status), sorted and paged',
          security,
          querystring: ProviderTenantsQuerySchema,
          response: { 200: ProviderTenantsPageSchema },
        },
      },
      async (request) => listTenants(deps, provider(request), request.query),
    );

    app.post(
      '/v1/provider/tenants',
      {
        schema: {
          tags,
          summary: 'Create an employer with its first register code and HR admin (invited by mail)',
          security,
          body: CreateTenantRequestSchema,
          response: { 201: CreateTenantResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await tenants.createTenant(deps, provider(request), request.body, ctxOf(request))),
    );

    app.get(
      '/v1/provider/tenants/:tenantId',
      {
        schema: {
          tags,
          summary: 'An employer with its register codes and HR admins',
          security,
          params: TenantIdParamsSchema,
          response: { 200: TenantDetailSchema },
        },
      },
      async (request) => tenants.getTenant(deps, provider(request), request.params.tenantId),
    );

    app.get(
      '/v1/provider/tenants/:tenantId/policy',
      {
        schema: {
          tags,
          summary: "An employer's programme policy in force (read only; its HR admins set it)",
          security,
          params: TenantIdParamsSchema,
          response: { 200: TenantPolicyResponseSchema },
        },
      },
      async (request) => tenants.getTenantPolicy(deps, provider(request), request.params.tenantId),
    );

    app.put(
      '/v1/provider/tenants/:tenantId',
      {
        schema: {
          tags,
          summary: "Change an employer's name, address or contact",
          security,
          params: TenantIdParamsSchema,
          body: UpdateTenantRequestSchema,
          response: { 200: TenantDetailSchema },
        },
      },
      async (request) =>
        tenants.updateTenant(deps, provider(request), request.params.tenantId, request.body, ctxOf(request)),
    );

    for (const [action, enabled] of [
      ['deactivate', false],
      ['reactivate', true],
    ] as const) {
      app.post(
        `/v1/provider/tenants/:tenantId/${action}`,
        {
          schema: {
            tags,
            summary: enabled
              ? 'Reactivate an employer'
              : 'Deactivate an employer: no new registrations or orders; existing leases continue',
            security,
            params: TenantIdParamsSchema,
            response: { 200: TenantDetailSchema },
          },
        },
        async (request) =>
          tenants.setTenantEnabled(deps, provider(request), request.params.tenantId, enabled, ctxOf(request)),
      );
    }

    app.post(
      '/v1/provider/tenants/:tenantId/register-codes',
      {
        schema: {
          tags,
          summary: 'Add a register code (optional expiry date and maximum number of uses)',
          security,
          params: TenantIdParamsSchema,
          // Both limits are optional, so is the body.
          body: z.nullish(CreateRegisterCodeRequestSchema),
          response: { 201: RegisterCodeSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createRegisterCode(
              deps,
              provider(request),
              request.params.tenantId,
              request.body ?? {},
              ctxOf(request),
            ),
          ),
    );

    app.delete(
      '/v1/provider/tenants/:tenantId/register-codes/:code',
      {
        schema: {
          tags,
          summary: 'Revoke a register code (refused like an unknown code from now on)',
          security,
          params: RegisterCodeParamsOfTenantSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await revokeRegisterCode(deps, provider(request), request.params.tenantId, request.params.code, ctxOf(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/provider/orders',
      {
        schema: {
          tags,
          summary: 'The order pipeline: filtered by employer, status, step and date, searched, paged',
          security,
          querystring: ProviderOrdersQuerySchema,
          response: { 200: ProviderOrdersPageSchema },
        },
      },
      async (request) => providerOrders(deps.orders, provider(request), request.query),
    );

    app.get(
      '/v1/provider/orders/export.csv',
      {
        schema: {
          tags,
          summary: 'Every order the pipeline filters match, newest first, as CSV for Excel (streamed)',
          security,
          querystring: ProviderOrdersExportQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        return sendStreamed(
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${orderExportFileName(deps.orders.clock.now())}"`),
          orderExportChunks(deps.orders.db, provider(request), request.query),
        );
      },
    );

    app.get(
      '/v1/provider/orders/:orderId/timeline',
      {
        schema: {
          tags,
          summary:
            "An order's step changes, delivery-window changes and failed licence-check or signature attempts (who, when, what)",
          security,
          params: OrderIdParamsSchema,
          response: { 200: z.array(OrderTimelineEventSchema) },
        },
      },
      async (request) => orderTimeline(deps.orders, provider(request), request.params.orderId),
    );

    app.put(
      '/v1/provider/orders/:orderId/delivery-window',
      {
        schema: {
          tags,
          summary: 'Set the expected delivery window (the employee sees it and is mailed on change)',
          security,
          params: OrderIdParamsSchema,
          body: DeliveryWindowRequestSchema,
          response: { 200: OrderSchema },
        },
      },
      async (request) =>
        setDeliveryWindow(deps.orders, provider(request), request.params.orderId, request.body, ctxOf(request)),
    );

    app.get(
      '/v1/provider/dashboard',
      {
        schema: {
          tags,
          summary: 'Orders per status and employer, median days per step, handovers this month',
          security,
          response: { 200: ProviderDashboardSchema },
        },
      },
      async (request) => dashboard(deps.orders, provider(request)),
    );

    app.get(
      '/v1/provider/dashboard/trend',
      {
        schema: {
          tags,
          summary: 'Orders per month by outcome, deliveries due per week, open orders by days in their step',
          security,
          querystring: TrendQuerySchema,
          response: { 200: ProviderTrendSchema },
        },
      },
      async (request) => dashboardTrend(deps.orders, provider(request), request.query),
    );

    await app.register(catalogBackOfficeRoutes(deps));
    await app.register(adminMfaResetRoutes(deps));
  };
}
