import {
  BulkInviteRequestSchema,
  BulkInviteResultSchema,
  EmployeeIdParamsSchema,
  EmployerOverviewSchema,
  LeaveRequestSchema,
  PayrollExportSchema,
  PayrollMonthSchema,
  PayrollSettingsSchema,
  TenantEmployeeSchema,
  TenantEmployeesPageSchema,
  TenantEmployeesQuerySchema,
  TenantPolicyResponseSchema,
  TenantPolicySchema,
  TenantTrendSchema,
  TrendQuerySchema,
} from '@leasing/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/errors.js';
import { sendStreamed } from '../../lib/streamed-body.js';
import { consume, INVITE_LIMIT } from '../../lib/rate-limiter.js';
import { requireRole } from '../../plugins/authenticate.js';
import type { Admin, Ctx, EmployerDeps } from './deps.js';
import { parseInviteCsv } from './invite-csv.js';
import { startPayrollRun } from './payroll.js';
import { payrollCsvChunks, payrollJsonChunks, payrollLodasChunks } from './payroll-stream.js';
import { markLeaving } from './leaving.js';
import { bulkInvite, csvRows, listEmployees } from './people.js';
import { policyInForce, policyResponse, savePolicy } from '../policy/index.js';
import { getPayrollSettings, overview, savePayrollSettings } from './settings.js';
import { tenantTrend } from './trend.js';

/** Only the employer's tenant admins; the employer is always the admin's own (from the database). */
function tenantAdmin(request: FastifyRequest): Admin {
  const user = requireRole(request, 'TENANT_ADMIN');
  if (!user.tenantId) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  return { id: user.id, tenantId: user.tenantId };
}

const ctxOf = (request: FastifyRequest): Ctx => ({ requestId: String(request.id), ip: request.ip });

/** `/v1/tenant/…`: the employer portal of the tenant admin. */
export function employerRoutes(
  deps: EmployerDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    // The whole area is the tenant admin's: other roles are refused before anything is parsed.
    app.addHook('onRequest', async (request) => {
      requireRole(request, 'TENANT_ADMIN');
    });
    // Salaries and personnel numbers: never stored by caches.
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    // Invite lists as uploaded files: bytes, read line by line by invite-csv.ts (which refuses NUL and non-UTF-8).
    app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => {
      done(null, body);
    });
    const security = [{ bearerAuth: [] }];
    const tags = ['employer'];

    app.get(
      '/v1/tenant/overview',
      {
        schema: {
          tags,
          summary: 'Participants, approvals, leases and this month',
          security,
          response: { 200: EmployerOverviewSchema },
        },
      },
      async (request) => overview(deps, tenantAdmin(request)),
    );

    app.get(
      '/v1/tenant/overview/trend',
      {
        schema: {
          tags,
          summary: "The programme's last months (each month's payroll totals), uptake and approvals by days waiting",
          security,
          querystring: TrendQuerySchema,
          response: { 200: TenantTrendSchema },
        },
      },
      async (request) => tenantTrend(deps, tenantAdmin(request), request.query),
    );

    app.get(
      '/v1/tenant/policy',
      {
        schema: {
          tags,
          summary: "The programme's policy in force",
          security,
          response: { 200: TenantPolicyResponseSchema },
        },
      },
      async (request) => policyResponse(await policyInForce(deps.db, tenantAdmin(request).tenantId)),
    );

    app.put(
      '/v1/tenant/policy',
      {
        schema: {
          tags,
          summary: 'Saves a new version of the policy (running orders keep theirs)',
          security,
          body: TenantPolicySchema,
          response: { 200: TenantPolicyResponseSchema },
        },
      },
      async (request) =>
        policyResponse(await savePolicy(deps.db, tenantAdmin(request), request.body, ctxOf(request), deps.clock.now())),
    );

    app.get(
      '/v1/tenant/employees',
      {
        schema: {
          tags,
          summary: "The employer's people with orders and leases: searched (q), filtered (status), sorted and paged",
          security,
          querystring: TenantEmployeesQuerySchema,
          response: { 200: TenantEmployeesPageSchema },
        },
      },
      async (request) => listEmployees(deps, tenantAdmin(request), request.query),
    );

    app.post(
      '/v1/tenant/invites',
      {
        schema: {
          tags,
          summary:
            'Invites many people: JSON {invites: [...]} or a text/csv upload (Vorname;Nachname;E-Mail;Personalnummer). Per-row result.',
          security,
          response: { 200: BulkInviteResultSchema },
        },
      },
      async (request) => {
        const admin = tenantAdmin(request);
        await consume(deps.account.limiter, `invite:user:${admin.id}`, INVITE_LIMIT);
        if (Buffer.isBuffer(request.body)) {
          const parsed = parseInviteCsv(request.body);
          if (!parsed.ok) {
            throw new AppError('VALIDATION_FAILED', parsed.message, {
              errors: [{ field: 'file', message: 'invalid' }],
            });
          }
          if (parsed.rows.length === 0 || parsed.rows.length > 500) {
            throw new AppError('VALIDATION_FAILED', 'Die Datei muss 1 bis 500 Personen enthalten.', {
              errors: [{ field: 'file', message: parsed.rows.length === 0 ? 'min 1' : 'max 500' }],
            });
          }
          return bulkInvite(deps, admin, csvRows(parsed.rows), ctxOf(request));
        }
        const body = BulkInviteRequestSchema.safeParse(request.body);
        if (!body.success) {
          throw new AppError('VALIDATION_FAILED', 'Bitte eine Liste von Einladungen senden.', {
            errors: body.error.issues.map((i) => ({ field: i.path.join('.') || 'invites', message: i.message })),
          });
        }
        const rows = body.data.invites.map((values, i) => ({ row: i + 1, values }));
        return bulkInvite(deps, admin, rows, ctxOf(request));
      },
    );

    app.post(
      '/v1/tenant/employees/:id/leave',
      {
        schema: {
          tags,
          summary: 'Marks a person as leaving on the given date (the provider is told)',
          security,
          params: EmployeeIdParamsSchema,
          body: LeaveRequestSchema,
          response: { 200: TenantEmployeeSchema },
        },
      },
      async (request) => markLeaving(deps, tenantAdmin(request), request.params.id, request.body, ctxOf(request)),
    );

    // One route for the three forms of the export: `2026-04`, `2026-04.csv` and `2026-04/datev`.
    app.get(
      '/v1/tenant/payroll/:month',
      {
        schema: {
          tags,
          summary: 'Payroll export of a month (YYYY-MM; YYYY-MM.csv for Excel)',
          security,
          params: z.object({ month: z.string().max(20) }),
          response: { 200: z.union([PayrollExportSchema, z.string()]) },
        },
      },
      async (request, reply) => {
        const admin = tenantAdmin(request);
        const csv = request.params.month.endsWith('.csv');
        const month = monthParam(csv ? request.params.month.slice(0, -4) : request.params.month);
        // Streamed a batch of people at a time; the JSON keeps the contract's shape (ADR 0041).
        const run = await startPayrollRun(deps, admin.tenantId, month);
        if (!csv) return sendStreamed(reply.type('application/json; charset=utf-8'), payrollJsonChunks(run));
        return sendStreamed(
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="Gehaltsumwandlung-${month}.csv"`),
          payrollCsvChunks(run),
        );
      },
    );

    app.get(
      '/v1/tenant/payroll/:month/datev',
      {
        schema: {
          tags,
          summary: 'Payroll export of a month as DATEV LODAS ASCII import',
          security,
          params: z.object({ month: z.string().max(20) }),
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const admin = tenantAdmin(request);
        const month = monthParam(request.params.month);
        const settings = await getPayrollSettings(deps, admin);
        const run = await startPayrollRun(deps, admin.tenantId, month);
        return sendStreamed(
          reply
            .type('text/plain; charset=utf-8')
            .header('content-disposition', `attachment; filename="LODAS-${month}.txt"`),
          payrollLodasChunks(run, settings),
        );
      },
    );

    app.get(
      '/v1/tenant/payroll-settings',
      {
        schema: {
          tags,
          summary: 'DATEV client numbers and wage types',
          security,
          response: { 200: PayrollSettingsSchema },
        },
      },
      async (request) => getPayrollSettings(deps, tenantAdmin(request)),
    );

    app.put(
      '/v1/tenant/payroll-settings',
      {
        schema: {
          tags,
          summary: 'Saves the DATEV settings',
          security,
          body: PayrollSettingsSchema,
          response: { 200: PayrollSettingsSchema },
        },
      },
      async (request) => savePayrollSettings(deps, tenantAdmin(request), request.body, ctxOf(request)),
    );
  };
}

function monthParam(value: string): string {
  const parsed = PayrollMonthSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Monat im Format JJJJ-MM erwartet.', {
      errors: [{ field: 'month', message: 'invalid' }],
    });
  }
  return parsed.data;
}
