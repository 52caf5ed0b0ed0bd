import {
  OVER_STEPS,
  type CreateTenantRequest,
  type CreateTenantResponse,
  type StepType,
  type TenantDetail,
  type TenantPolicyResponse,
  type TenantSummary,
  type UpdateTenantRequest,
} from '@leasing/contract';
import { and, asc, count, eq, isNull, notInArray } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { createCode } from '../auth/index.js';
import { policyInForce, policyResponse } from '../policy/index.js';
import { enqueueMail } from '../mail/index.js';
import { requireProvider, type ProviderActor, type ProviderCtx, type ProviderDeps } from './deps.js';
import {
  codeState,
  codesOfTenant,
  insertRegisterCode,
  insertTenantRow,
  setTenantEnabledRow,
  tenantFactsOf,
  tenantRowOf,
  toRegisterCode,
  updateTenantRow,
  type RegisterCodeRow,
  type TenantRow,
} from '../tenants/index.js';

/** Orders in these states are over: they do not count as the employer's active orders. */
export const CLOSED_STATUSES: StepType[] = [...OVER_STEPS];

/** The list's row of an employer (tenant-list.ts) and the head of its detail. */
export function summaryOf(
  row: TenantRow,
  counts: { employees: number; activeOrders: number; activeCodes: number },
): TenantSummary {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    street: row.street,
    streetNumber: row.streetNumber,
    postcode: row.postcode,
    place: row.place,
    contactEmail: row.contactEmail,
    createdAt: row.createdAt.toISOString(),
    ...counts,
  };
}

/** `GET /v1/provider/tenants/{id}`: the employer with its codes and its HR admins. */
export async function getTenant(deps: ProviderDeps, actor: ProviderActor, tenantId: string): Promise<TenantDetail> {
  requireProvider(actor);
  return tenantDetail(deps.db, tenantId, deps.clock.now());
}

/**
 * `GET /v1/provider/tenants/{id}/policy`: the employer's programme policy in force, as its HR admins
 * read it (`GET /v1/tenant/policy`). Read only: the rules are the employer's to set.
 */
export async function getTenantPolicy(
  deps: ProviderDeps,
  actor: ProviderActor,
  tenantId: string,
): Promise<TenantPolicyResponse> {
  requireProvider(actor);
  if (!(await tenantFactsOf(deps.db, [tenantId])).has(tenantId)) throw notFound('Arbeitgeber nicht gefunden');
  return policyResponse(await policyInForce(deps.db, tenantId));
}

async function tenantDetail(db: Database, tenantId: string, now: Date): Promise<TenantDetail> {
  const row = await tenantRowOf(db, tenantId);
  if (!row) throw notFound('Arbeitgeber nicht gefunden');
  const [employees] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'EMPLOYEE'), isNull(users.deletedAt)));
  const [active] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), notInArray(orders.status, CLOSED_STATUSES)));
  const codes = await codesOfTenant(db, tenantId);
  const admins = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'TENANT_ADMIN'), isNull(users.deletedAt)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return {
    ...summaryOf(row, {
      employees: Number(employees?.n ?? 0),
      activeOrders: Number(active?.n ?? 0),
      activeCodes: codes.filter((c) => codeState(c, now) === 'ACTIVE').length,
    }),
    registerCodes: codes.map((c: RegisterCodeRow) => toRegisterCode(c, now)),
    admins: admins.map((a) => ({
      id: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      active: a.passwordHash !== null,
    })),
  };
}

/**
 * `POST /v1/provider/tenants`: the employer, its first register code and its first HR admin
 * (TENANT_ADMIN of this employer only), who gets an invite mail with an `/invite/{code}` link. One
 * transaction: either all of it exists, mail included, or nothing.
 */
export async function createTenant(
  deps: ProviderDeps,
  actor: ProviderActor,
  input: CreateTenantRequest,
  ctx: ProviderCtx,
): Promise<CreateTenantResponse> {
  requireProvider(actor);
  const now = deps.clock.now();
  const { admin, ...fields } = input;
  const result = await deps.db.transaction(async (tx) => {
    const tenant = await insertTenantRow(tx, fields, now);
    const code = await insertRegisterCode(tx, {
      tenantId: tenant.id,
      maxUses: null,
      expiresAt: null,
      createdBy: actor.id,
      now,
    });
    const [person] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        email: admin.email,
        role: 'TENANT_ADMIN',
        title: admin.title ?? null,
        firstName: admin.firstName,
        lastName: admin.lastName,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!person) {
      // The provider may know which addresses have accounts; an HR admin belongs to one employer.
      throw new AppError('CONFLICT', 'Für diese E-Mail-Adresse besteht bereits ein Konto.', {
        errors: [{ field: 'admin.email', message: 'taken' }],
      });
    }
    const invite = await createCode(tx, { userId: person.id, purpose: 'INVITE', now });
    // A new account: German until its owner chooses another language.
    await enqueueMail(
      tx,
      person,
      {
        kind: 'ADMIN_INVITE',
        firstName: person.firstName,
        tenantName: tenant.name,
        link: `${deps.publicUrl}/invite/${invite}`,
      },
      now,
    );
    await audit(tx, actor, tenant.id, 'provider.tenant.created', 'tenant', tenant.id, Object.keys(fields), ctx, now);
    await audit(
      tx,
      actor,
      tenant.id,
      'account.invited',
      'user',
      person.id,
      ['email', 'firstName', 'lastName'],
      ctx,
      now,
    );
    return { tenantId: tenant.id, code: code.code };
  });
  deps.mailSent();
  const detail = await tenantDetail(deps.db, result.tenantId, now);
  return { ...detail, registerCode: result.code };
}

/** `PUT /v1/provider/tenants/{id}`: name, address, contact. */
export async function updateTenant(
  deps: ProviderDeps,
  actor: ProviderActor,
  tenantId: string,
  input: UpdateTenantRequest,
  ctx: ProviderCtx,
): Promise<TenantDetail> {
  requireProvider(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const changed = await updateTenantRow(tx, tenantId, input, now);
    if (!changed) throw notFound('Arbeitgeber nicht gefunden');
    if (changed.length === 0) return;
    await audit(tx, actor, tenantId, 'provider.tenant.updated', 'tenant', tenantId, changed, ctx, now);
  });
  return tenantDetail(deps.db, tenantId, now);
}

/**
 * Deactivating stops new registrations and new orders; everything that exists continues (logins,
 * running leases, the employer's approvals). Reactivating undoes it.
 */
export async function setTenantEnabled(
  deps: ProviderDeps,
  actor: ProviderActor,
  tenantId: string,
  enabled: boolean,
  ctx: ProviderCtx,
): Promise<TenantDetail> {
  requireProvider(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await setTenantEnabledRow(tx, tenantId, enabled, now))) throw notFound('Arbeitgeber nicht gefunden');
    const action = enabled ? 'provider.tenant.reactivated' : 'provider.tenant.deactivated';
    await audit(tx, actor, tenantId, action, 'tenant', tenantId, ['enabled'], ctx, now);
  });
  return tenantDetail(deps.db, tenantId, now);
}

function audit(
  tx: Database,
  actor: ProviderActor,
  tenantId: string,
  action: string,
  subjectType: string,
  subjectId: string,
  fields: string[],
  ctx: ProviderCtx,
  at: Date,
): Promise<void> {
  return recordAudit(tx, {
    actorUserId: actor.id,
    tenantId,
    action,
    subjectType,
    subjectId,
    fields,
    requestId: ctx.requestId,
    at,
  });
}
