import { carName } from '@leasing/contract';
import type { LeaseReturn, LeaseReturnRequest, Settlement } from '@leasing/contract';
import { asc, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { leaseReturnDamages, leaseReturns } from '../../db/schema-lease-end.js';
import { orders, users } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { berlinDate } from '../../lib/berlin-dates.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { enqueueMail } from '../mail/index.js';
import type { Actor, OrderDeps, OrderTerms } from '../orders/index.js';
import { admins, endRunningLease, fileOrderDocument, isReturnable } from '../orders/index.js';
import { approvedChangesOf, kilometreTermsAfter } from '../package-change/index.js';
import { requireProvider } from '../provider/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import { enqueueWebhookEvent, webhookPerson } from '../webhooks/index.js';
import { finalStatementFileName, renderFinalStatement } from './final-statement-pdf.js';
import { checkReturnDamageClaims } from './return-claims.js';
import { settle, toCents, type KilometreRules } from './settlement.js';

/** The odometer reading at the handover; none is recorded yet, so a return is measured from 0 km. */
const HANDOVER_ODOMETER_KM = 0;

/** Today in Berlin as an ISO date. */
export function berlinToday(at: Date): string {
  return berlinDate(at);
}

/** The payroll month that carries a return's settlement: the month of the return, its last month (ADR 0037). */
export function settlementMonth(returnedOn: string): string {
  return returnedOn.slice(0, 7);
}

export function rulesOf(terms: OrderTerms): KilometreRules {
  const p = terms.leasePackage;
  return {
    durationMonths: p.durationMonths,
    kmPerYear: p.kmPerYear,
    costsMoreKilometers: p.costsMoreKilometers,
    reimbursementLessKilometers: p.reimbursementLessKilometers,
    excessMileageAllowance: p.excessMileageAllowance,
    exemptionLimitLessKilometers: p.exemptionLimitLessKilometers,
    capFewerKilometers: p.capFewerKilometers,
    capExtraKilometers: p.capExtraKilometers,
  };
}

/** A damage as the return answers it: the claim's number only where one was named. */
const damageView = (d: { description: string; costCents: number; claimNumber: string | null }) => ({
  description: d.description,
  costEur: d.costCents / 100,
  ...(d.claimNumber ? { claimNumber: d.claimNumber } : {}),
});

/**
 * Files a lease's final statement among the order's documents (orders' `fileOrderDocument`), where
 * the employee, HR and the provider find it: the return's and the one of a lease a loss ended
 * (losses.ts). Its id.
 */
export function fileFinalStatement(tx: Database, orderId: number, pdf: Uint8Array, at: Date): Promise<string> {
  return fileOrderDocument(tx, {
    orderId,
    name: finalStatementFileName(orderId),
    kind: 'FINAL_STATEMENT',
    pdf,
    createdAt: at,
  });
}

const fieldError = (field: string, message: string, text: string) =>
  new AppError('VALIDATION_FAILED', text, { errors: [{ field, message }] });

/**
 * `POST /v1/provider/orders/{id}/return`: the car is back. Settles the kilometres and damages by the
 * order's frozen package rules, ends the lease (the LEASE_ENDED step), files the final statement
 * among the order's documents and mails the employee and the employer's HR admins, all in one
 * transaction. A lease a follow-up car replaced (CONVERSION_ENDED, ADR 0040) is returned the same way.
 * A second return is a 409; a return before the handover or in the future a 400.
 */
export async function recordReturn(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  input: LeaseReturnRequest,
  ctx: { requestId: string },
): Promise<LeaseReturn> {
  requireProvider(actor);
  const now = deps.clock.now();
  const answer = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Bestellung nicht gefunden');
    const [existing] = await tx.select().from(leaseReturns).where(eq(leaseReturns.orderId, orderId));
    if (existing || order.status === 'LEASE_ENDED') throw conflict('Das Fahrzeug wurde bereits zurückgegeben.');
    if (!isReturnable(order.status) || !order.handoverDate || order.currentUserStepId !== null)
      throw conflict('Zurückgeben lässt sich nur ein übergebenes Fahrzeug im aktiven Leasing.');
    if (input.returnedOn < order.handoverDate)
      throw fieldError('returnedOn', 'beforeHandover', 'Die Rückgabe kann nicht vor der Übergabe liegen.');
    if (input.returnedOn > berlinToday(now))
      throw fieldError('returnedOn', 'dateInFuture', 'Die Rückgabe kann nicht in der Zukunft liegen.');
    if (input.odometerKm < HANDOVER_ODOMETER_KM)
      throw fieldError(
        'odometerKm',
        `min ${HANDOVER_ODOMETER_KM}`,
        'Der Kilometerstand ist kleiner als bei der Übergabe.',
      );

    await checkReturnDamageClaims(tx, orderId, input.damages);

    const terms = order.terms as OrderTerms;
    // As amended by approved larger kilometre packages (ADR 0058).
    const changes = (await approvedChangesOf(tx, [orderId])).get(orderId) ?? [];
    const rules = kilometreTermsAfter(rulesOf(terms), order.handoverDate, changes);
    const damages = input.damages.map((d) => ({
      description: d.description,
      costCents: toCents(d.costEur),
      claimNumber: d.claimNumber ?? null,
    }));
    const settlement: Settlement = settle(
      rules,
      input.odometerKm - HANDOVER_ODOMETER_KM,
      damages.map((d) => d.costCents),
    );
    const payrollMonth = settlementMonth(input.returnedOn);

    const [employee] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language })
      .from(users)
      .where(eq(users.id, order.userId));
    const tenant = (await tenantFactsOf(tx, [order.tenantId])).get(order.tenantId);
    const car = carName(terms.vehicle);
    const personName = employee ? `${employee.firstName} ${employee.lastName}` : '';
    const pdf = await renderFinalStatement({
      orderId,
      employerName: tenant?.name ?? '',
      employeeName: personName,
      car,
      handoverDate: order.handoverDate,
      returnedOn: input.returnedOn,
      odometerKm: input.odometerKm,
      rules,
      damages: damages.map((d) => ({
        description: d.claimNumber ? `${d.description} (Schadenmeldung ${d.claimNumber})` : d.description,
        costCents: d.costCents,
      })),
      settlement,
      payrollMonth,
      createdAt: now,
    });
    const documentId = await fileFinalStatement(tx, orderId, pdf, now);

    // The lease ends: one conditional update, so of two parallel returns exactly one wins.
    if (!(await endRunningLease(tx, orderId, { actorUserId: actor.id, at: now })))
      throw conflict('Das Fahrzeug wurde bereits zurückgegeben.');
    await tx.insert(leaseReturns).values({
      orderId,
      returnedOn: input.returnedOn,
      odometerKm: input.odometerKm,
      settlement,
      totalCents: toCents(settlement.totalEur),
      documentId,
      recordedBy: actor.id,
      createdAt: now,
    });
    if (damages.length > 0)
      await tx.insert(leaseReturnDamages).values(damages.map((d, position) => ({ orderId, position, ...d })));
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.return.recorded',
      subjectType: 'order',
      subjectId: String(orderId),
      fields: ['returnedOn', 'odometerKm', 'damages'],
      requestId: ctx.requestId,
      at: now,
    });
    await enqueueWebhookEvent(tx, {
      tenantId: order.tenantId,
      type: 'lease.ended',
      occurredAt: now,
      data: async () => ({
        orderId,
        ...(await webhookPerson(tx, order.userId)),
        endedOn: input.returnedOn,
        reason: 'RETURNED' as const,
      }),
    });
    const event = {
      type: 'RETURNED' as const,
      car,
      personName,
      returnedOn: input.returnedOn,
      totalCents: toCents(settlement.totalEur),
      payrollMonth,
    };
    const link = `${deps.publicUrl}/order/${orderId}/workflow`;
    if (employee)
      await enqueueMail(tx, employee, { kind: 'LEASE_END', firstName: employee.firstName, orderId, link, event }, now);
    for (const admin of await admins(tx, 'TENANT_ADMIN', order.tenantId)) {
      await enqueueMail(
        tx,
        admin,
        { kind: 'LEASE_END', firstName: admin.firstName, orderId, link: `${deps.publicUrl}/employer/employees`, event },
        now,
      );
    }
    return {
      orderId,
      returnedOn: input.returnedOn,
      odometerKm: input.odometerKm,
      damages: damages.map(damageView),
      settlement,
      documentId,
    };
  });
  deps.mailSent();
  return answer;
}

/** `GET /v1/provider/orders/{id}/return`: the recorded return, for the provider. */
export async function readReturn(db: Database, orderId: number): Promise<LeaseReturn | null> {
  const [row] = await db.select().from(leaseReturns).where(eq(leaseReturns.orderId, orderId));
  if (!row) return null;
  const damages = await db
    .select()
    .from(leaseReturnDamages)
    .where(eq(leaseReturnDamages.orderId, orderId))
    .orderBy(asc(leaseReturnDamages.position));
  return {
    orderId,
    returnedOn: row.returnedOn,
    odometerKm: row.odometerKm,
    damages: damages.map(damageView),
    settlement: row.settlement as Settlement,
    documentId: row.documentId ?? '',
  };
}
