import {
  BillingProfileSchema,
  CreditNoteRequestSchema,
  InvoiceDetailSchema,
  InvoiceExportQuerySchema,
  InvoiceIdParamsSchema,
  InvoiceListQuerySchema,
  InvoicePageSchema,
  InvoiceRunAnswerSchema,
  InvoiceRunIdParamsSchema,
  InvoiceRunProgressSchema,
  InvoiceRunRequestSchema,
  TenantBillingAnswerSchema,
  TenantBillingSchema,
  TenantIdParamsSchema,
} from '@leasing/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AppError } from '../../lib/errors.js';
import { requireRole } from '../../plugins/authenticate.js';
import { issueCreditNote } from './credit-note.js';
import type { BillingActor, BillingDeps } from './deps.js';
import { invoiceFileName } from './invoice-pdf.js';
import {
  billingExport,
  readBillingProfile,
  readTenantBillingOf,
  saveBillingProfile,
  saveTenantBilling,
} from './master-data.js';
import { invoiceDetail, invoiceDocument, invoiceList } from './reads.js';
import { runInvoices } from './run.js';
import { readRunProgress } from './run-progress.js';

const security = [{ bearerAuth: [] }];

const actorOf = (request: FastifyRequest): BillingActor => ({
  id: requireRole(request, 'PROVIDER_ADMIN').id,
  requestId: String(request.id),
});

function tenantOf(request: FastifyRequest): string {
  const user = requireRole(request, 'TENANT_ADMIN');
  if (!user.tenantId) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  return user.tenantId;
}

/** Checklist 19: a server-made name, plain ASCII (the invoice number), in both of RFC 6266's forms. */
const attachment = (fileName: string) => `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`;

function sendDocument(reply: FastifyReply, doc: { number: string; bytes: Buffer }, kind: 'xml' | 'pdf') {
  return reply
    .type(kind === 'xml' ? 'application/xml; charset=utf-8' : 'application/pdf')
    .header('content-disposition', attachment(invoiceFileName(doc.number, kind)))
    .send(doc.bytes);
}

/** The provider's billing under `/v1/provider/…` (PROVIDER_ADMIN only, checked before any body is read). */
export function providerBillingRoutes(
  deps: BillingDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onRequest', async (request) => {
      requireRole(request, 'PROVIDER_ADMIN');
    });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    const tags = ['billing'];

    app.get(
      '/v1/provider/billing-profile',
      {
        schema: {
          tags,
          summary: "The provider's billing profile (404 until saved)",
          security,
          response: { 200: BillingProfileSchema },
        },
      },
      async () => readBillingProfile(deps),
    );
    app.put(
      '/v1/provider/billing-profile',
      {
        schema: {
          tags,
          summary: 'Saves the billing profile',
          security,
          body: BillingProfileSchema,
          response: { 200: BillingProfileSchema },
        },
      },
      async (request) => saveBillingProfile(deps, request.body, actorOf(request)),
    );
    app.get(
      '/v1/provider/tenants/:tenantId/billing',
      {
        schema: {
          tags,
          summary: "An employer's billing data",
          security,
          params: TenantIdParamsSchema,
          response: { 200: TenantBillingAnswerSchema },
        },
      },
      async (request) => readTenantBillingOf(deps, request.params.tenantId),
    );
    app.put(
      '/v1/provider/tenants/:tenantId/billing',
      {
        schema: {
          tags,
          summary: "Saves an employer's billing data (a public body needs a valid Leitweg-ID)",
          security,
          params: TenantIdParamsSchema,
          body: TenantBillingSchema,
          response: { 200: TenantBillingAnswerSchema },
        },
      },
      async (request) => saveTenantBilling(deps, request.params.tenantId, request.body, actorOf(request)),
    );
    app.post(
      '/v1/provider/invoices/run',
      {
        schema: {
          tags,
          summary: 'Invoices a month: one e-invoice per employer, idempotent per employer and month',
          security,
          body: InvoiceRunRequestSchema,
          response: { 200: InvoiceRunAnswerSchema },
        },
      },
      async (request) => runInvoices(deps, request.body.month, actorOf(request), { runId: request.body.runId }),
    );
    app.get(
      '/v1/provider/invoices/runs/:runId',
      {
        schema: {
          tags,
          summary: "A run's progress by the runId its request named (404 until the run has started)",
          security,
          params: InvoiceRunIdParamsSchema,
          response: { 200: InvoiceRunProgressSchema },
        },
      },
      async (request) => readRunProgress(deps.db, request.params.runId, deps.clock.now()),
    );
    app.get(
      '/v1/provider/invoices',
      {
        schema: {
          tags,
          summary: 'Invoices and credit notes, newest number first',
          security,
          querystring: InvoiceListQuerySchema,
          response: { 200: InvoicePageSchema },
        },
      },
      async (request) => invoiceList(deps.db, request.query, {}),
    );
    app.get(
      '/v1/provider/invoices/export.csv',
      {
        schema: {
          tags,
          summary: "The month's bookings in DATEV's Buchungsstapel (EXTF)",
          security,
          querystring: InvoiceExportQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await billingExport(deps, request.query.month);
        return reply
          .type('text/csv; charset=windows-1252')
          .header('content-disposition', attachment(`EXTF_Rechnungen_${request.query.month}.csv`))
          .send(file);
      },
    );
    app.get(
      '/v1/provider/invoices/:id',
      {
        schema: {
          tags,
          summary: 'An invoice with its lines',
          security,
          params: InvoiceIdParamsSchema,
          response: { 200: InvoiceDetailSchema },
        },
      },
      async (request) => invoiceDetail(deps.db, request.params.id, {}),
    );
    for (const kind of ['xml', 'pdf'] as const) {
      app.get(
        `/v1/provider/invoices/:id/${kind}`,
        {
          schema: {
            tags,
            summary: `The invoice's ${kind.toUpperCase()} as issued`,
            security,
            params: InvoiceIdParamsSchema,
          },
        },
        async (request, reply) =>
          sendDocument(reply, await invoiceDocument(deps.db, request.params.id, kind, {}), kind),
      );
    }
    app.post(
      '/v1/provider/invoices/:id/credit-note',
      {
        schema: {
          tags,
          summary: 'Cancels an invoice by a credit note (381) that references it; 409 when already credited',
          security,
          params: InvoiceIdParamsSchema,
          body: CreditNoteRequestSchema,
          response: { 201: InvoiceDetailSchema },
        },
      },
      async (request, reply) => {
        const note = await issueCreditNote(deps, request.params.id, request.body.reason, actorOf(request));
        return reply.code(201).send(note);
      },
    );
  };
}

/** The employer's view under `/v1/tenant/…` (TENANT_ADMIN, its own employer only). */
export function tenantBillingRoutes(
  deps: BillingDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onRequest', async (request) => {
      tenantOf(request);
    });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    const tags = ['employer'];
    app.get(
      '/v1/tenant/billing',
      {
        schema: {
          tags,
          summary: "The employer's billing data as the provider keeps it",
          security,
          response: { 200: TenantBillingAnswerSchema },
        },
      },
      async (request) => readTenantBillingOf(deps, tenantOf(request)),
    );
    app.get(
      '/v1/tenant/invoices',
      {
        schema: {
          tags,
          summary: "The employer's invoices and credit notes",
          security,
          querystring: InvoiceListQuerySchema,
          response: { 200: InvoicePageSchema },
        },
      },
      async (request) => invoiceList(deps.db, request.query, { tenantId: tenantOf(request) }),
    );
    app.get(
      '/v1/tenant/invoices/:id',
      {
        schema: {
          tags,
          summary: 'One of its invoices with the lines',
          security,
          params: InvoiceIdParamsSchema,
          response: { 200: InvoiceDetailSchema },
        },
      },
      async (request) => invoiceDetail(deps.db, request.params.id, { tenantId: tenantOf(request) }),
    );
    for (const kind of ['xml', 'pdf'] as const) {
      app.get(
        `/v1/tenant/invoices/:id/${kind}`,
        {
          schema: {
            tags,
            summary: `One of its invoices' ${kind.toUpperCase()}`,
            security,
            params: InvoiceIdParamsSchema,
          },
        },
        async (request, reply) =>
          sendDocument(
            reply,
            await invoiceDocument(deps.db, request.params.id, kind, { tenantId: tenantOf(request) }),
            kind,
          ),
      );
    }
  };
}
