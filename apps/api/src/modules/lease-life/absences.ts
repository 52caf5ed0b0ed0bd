import type { Absence, AbsencePatch, AbsenceRequest, AbsenceType } from '@leasing/contract';
import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { runAsSystem } from '../../db/scope.js';
import { employeeAbsences } from '../../db/schema-lease-life.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Admin, Ctx, LeaseLifeDeps } from './deps.js';
import { policyInForce } from '../policy/index.js';
import { employeeOf } from '../account/index.js';
import { enqueueWebhookEvent, webhookPerson } from '../webhooks/index.js';
import { notifyAbsence } from './notify.js';
import * as repo from './repository.js';
import { absenceRefusals, berlinToday, payerFor, type FieldError } from './rules.js';

type Row = repo.AbsenceRow;

function refuse(errors: FieldError[]): never {
  throw new AppError('VALIDATION_FAILED', errors[0]?.message ?? 'Ungültige Eingabe.', { errors });
}

/** An absence as the API shows it, with the payer under the policy in force for the person's lease. */
export async function absenceViews(db: Database, tenantId: string, userId: string, rows: Row[]): Promise<Absence[]> {
  // The policy is the employer's: read in the system's scope, so the person's own read sees it too.
  const { policy } = await runAsSystem(() => policyInForce(db, tenantId));
  const leases = await repo.leasesOfPerson(db, tenantId, userId);
  const insured = leases.some((l) => l.terms.leasePackage.rateInsuranceIncluded);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    from: row.fromDate,
    to: row.toDate,
    payer: payerFor(policy, row.type as AbsenceType, insured),
    recordedAt: row.recordedAt.toISOString(),
  }));
}

/** The employer's own person, else 404 (another employer's person is unknown here). */
export async function personOrRefuse(deps: LeaseLifeDeps, admin: Admin, userId: string) {
  const person = await employeeOf(deps.db, admin.tenantId, userId);
  if (!person) throw notFound('Person nicht gefunden');
  return person;
}

export async function listAbsences(deps: LeaseLifeDeps, admin: Admin, userId: string): Promise<Absence[]> {
  await personOrRefuse(deps, admin, userId);
  return absenceViews(deps.db, admin.tenantId, userId, await repo.absencesOf(deps.db, admin.tenantId, userId));
}

export async function recordAbsence(
  deps: LeaseLifeDeps,
  admin: Admin,
  userId: string,
  input: AbsenceRequest,
  ctx: Ctx,
): Promise<Absence> {
  await personOrRefuse(deps, admin, userId);
  const now = deps.clock.now();
  const { policy } = await runAsSystem(() => policyInForce(deps.db, admin.tenantId));
  const leases = await repo.leasesOfPerson(deps.db, admin.tenantId, userId);
  const others = await repo.absencesOf(deps.db, admin.tenantId, userId);
  const period = { from: input.from, to: input.to ?? null };
  const errors = absenceRefusals(
    period,
    leases.map((l) => l.handoverDate),
    others.map((o) => ({ id: o.id, from: o.fromDate, to: o.toDate })),
    berlinToday(now),
  );
  if (errors.length > 0) refuse(errors);
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(employeeAbsences)
      .values({
        tenantId: admin.tenantId,
        userId,
        type: input.type,
        fromDate: period.from,
        toDate: period.to,
        recordedBy: admin.id,
        recordedAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('absence not stored');
    await audit(tx, admin, inserted.id, 'employee.absence.recorded', ['type', 'from', 'to'], ctx, now);
    await notifyAbsence(tx, deps, admin.tenantId, userId, inserted, 'RECORDED', policy, now);
    await absenceWebhook(tx, admin, userId, inserted.id, 'absence.created', now);
    return inserted;
  });
  deps.mailSent();
  return oneView(deps, admin, userId, row);
}

async function absenceOrRefuse(deps: LeaseLifeDeps, admin: Admin, userId: string, absenceId: string) {
  await personOrRefuse(deps, admin, userId);
  const rows = await repo.absencesOf(deps.db, admin.tenantId, userId);
  const row = rows.find((r) => r.id === absenceId);
  if (!row) throw notFound('Abwesenheit nicht gefunden');
  return { row, others: rows.filter((r) => r.id !== absenceId) };
}

export async function moveAbsenceEnd(
  deps: LeaseLifeDeps,
  admin: Admin,
  userId: string,
  absenceId: string,
  input: AbsencePatch,
  ctx: Ctx,
): Promise<Absence> {
  const { row, others } = await absenceOrRefuse(deps, admin, userId, absenceId);
  const now = deps.clock.now();
  const { policy } = await runAsSystem(() => policyInForce(deps.db, admin.tenantId));
  const leases = await repo.leasesOfPerson(deps.db, admin.tenantId, userId);
  const errors = absenceRefusals(
    { from: row.fromDate, to: input.to },
    leases.map((l) => l.handoverDate),
    others.map((o) => ({ id: o.id, from: o.fromDate, to: o.toDate })),
    berlinToday(now),
  ).map((e) => (e.message.startsWith('Überschneidet') ? { ...e, field: 'to' } : e));
  // The start is not moved here: only the end's own errors (and an overlap the new end causes) count.
  const own = errors.filter((e) => e.field === 'to');
  if (own.length > 0) refuse(own);
  const updated = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(employeeAbsences)
      .set({ toDate: input.to, updatedAt: now })
      .where(eq(employeeAbsences.id, row.id))
      .returning();
    if (!changed) throw notFound('Abwesenheit nicht gefunden');
    await audit(tx, admin, row.id, 'employee.absence.changed', ['to'], ctx, now);
    await notifyAbsence(tx, deps, admin.tenantId, userId, changed, 'CHANGED', policy, now);
    await absenceWebhook(tx, admin, userId, row.id, 'absence.updated', now);
    return changed;
  });
  deps.mailSent();
  return oneView(deps, admin, userId, updated);
}

/** Removes an absence that has not started yet; one that has started gets its end set instead (409). */
export async function removeAbsence(
  deps: LeaseLifeDeps,
  admin: Admin,
  userId: string,
  absenceId: string,
  ctx: Ctx,
): Promise<void> {
  const { row } = await absenceOrRefuse(deps, admin, userId, absenceId);
  const now = deps.clock.now();
  const { policy } = await runAsSystem(() => policyInForce(deps.db, admin.tenantId));
  if (row.fromDate <= berlinToday(now)) {
    throw conflict(
      'Die Abwesenheit hat bereits begonnen und bleibt für die Entgeltabrechnung erhalten. Bitte stattdessen das Ende eintragen.',
    );
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(employeeAbsences).where(eq(employeeAbsences.id, row.id));
    await audit(tx, admin, row.id, 'employee.absence.removed', ['type', 'from', 'to'], ctx, now);
    await notifyAbsence(tx, deps, admin.tenantId, userId, row, 'REMOVED', policy, now);
    await absenceWebhook(tx, admin, userId, row.id, 'absence.deleted', now);
  });
  deps.mailSent();
}

async function oneView(deps: LeaseLifeDeps, admin: Admin, userId: string, row: Row): Promise<Absence> {
  const [view] = await absenceViews(deps.db, admin.tenantId, userId, [row]);
  if (!view) throw notFound('Abwesenheit nicht gefunden');
  return view;
}

/** The employer's systems hear of the absence by its id and the person's (ADR 0059): never its type or dates. */
function absenceWebhook(
  tx: Database,
  admin: Admin,
  userId: string,
  absenceId: string,
  type: 'absence.created' | 'absence.updated' | 'absence.deleted',
  at: Date,
) {
  return enqueueWebhookEvent(tx, {
    tenantId: admin.tenantId,
    type,
    occurredAt: at,
    data: async () => ({ absenceId, ...(await webhookPerson(tx, userId)) }),
  });
}

function audit(tx: Database, admin: Admin, id: string, action: string, fields: string[], ctx: Ctx, at: Date) {
  return recordAudit(tx, {
    actorUserId: admin.id,
    tenantId: admin.tenantId,
    action,
    subjectType: 'employee_absence',
    subjectId: id,
    fields,
    requestId: ctx.requestId,
    at,
  });
}
