import type { AdminOrderSummary, Order, StepType } from '@leasing/contract';
import { asc, desc, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { lastCancellationDay, waitsForCancellationWindow } from './cancellation.js';
import { employerApprovalOf } from './employer-approval.js';
import { stepOfType } from './steps.js';

/** Which rows of the matching orders a page shows (from the newest or the oldest end). */
export interface OrderSliceBounds {
  newestFirst: boolean;
  take: number;
  skip: number;
}

/** An admin's list row and the columns the pipeline adds to it. */
export type AdminSummaryRow = AdminOrderSummary & {
  tenantId: string;
  handoverDate: string | null;
  deliveryWindowFrom: string | null;
  deliveryWindowTo: string | null;
};

/** JSON built by the database: timestamps arrive as ISO text with an offset. */
interface PersonJson {
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string | null;
}
interface DocumentJson {
  id: string;
  name: string;
  created: string;
}
interface StepJson {
  id: string;
  stepId: number;
}
interface AcceptanceJson {
  modified: string;
  actorUserId: string | null;
}
interface ListedTerms {
  brand: string;
  carModel: string;
  trimLevel: string | null;
  durationMonths: number;
  kmPerYear: number;
  monthlyGrossRate: number;
}

const EMPLOYER_STEP = stepOfType('TENANT_ADMIN_CLICK_CONFIRM').id;

/**
 * One page of the admins' order list as one statement: the slice of matching orders (newest or oldest
 * first), and for each of its rows the person, the employer's name, the current step, the latest
 * document and the employer's approval, each an index lookup per row of the slice. The rows of the
 * slice are chosen first (a subquery with its own limit), so the lookups run for the page's rows
 * only, however many orders match. Of the frozen terms only what the list shows is read; nothing of
 * the sealed snapshot. (Before, six statements: the rows whole, then each order's every status
 * record and document, the people, the employers and the policy versions.)
 */
export function adminSummarySlice(db: Database, where: SQL | undefined, bounds: OrderSliceBounds) {
  const page = db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      userId: orders.userId,
      tenantId: orders.tenantId,
      currentUserStepId: orders.currentUserStepId,
      color: orders.color,
      delivery: orders.delivery,
      handoverDate: orders.handoverDate,
      deliveryWindowFrom: orders.deliveryWindowFrom,
      deliveryWindowTo: orders.deliveryWindowTo,
      cancellableUntil: orders.cancellableUntil,
      cancellationWaivedAt: orders.cancellationWaivedAt,
      cancelledAt: orders.cancelledAt,
      terms: sql<ListedTerms>`jsonb_build_object(
        'brand', ${orders.terms} -> 'vehicle' -> 'brand',
        'carModel', ${orders.terms} -> 'vehicle' -> 'carModel',
        'trimLevel', ${orders.terms} -> 'vehicle' -> 'trimLevel',
        'durationMonths', ${orders.terms} -> 'leasePackage' -> 'durationMonths',
        'kmPerYear', ${orders.terms} -> 'leasePackage' -> 'kmPerYear',
        'monthlyGrossRate', ${orders.terms} -> 'leasePackage' -> 'totalMonthlyGrossCostEur')`.as('terms'),
    })
    .from(orders)
    .where(where)
    .orderBy(bounds.newestFirst ? desc(orders.id) : asc(orders.id))
    .limit(bounds.take)
    .offset(bounds.skip)
    .as('page');
  return db
    .select({
      id: page.id,
      createdAt: page.createdAt,
      status: page.status,
      tenantId: page.tenantId,
      color: page.color,
      delivery: page.delivery,
      handoverDate: page.handoverDate,
      deliveryWindowFrom: page.deliveryWindowFrom,
      deliveryWindowTo: page.deliveryWindowTo,
      cancellableUntil: page.cancellableUntil,
      cancellationWaivedAt: page.cancellationWaivedAt,
      cancelledAt: page.cancelledAt,
      terms: page.terms,
      // Written out with aliases: drizzle names a column of the select list without its table, which in
      // a correlated subquery would name the inner table's column of the same name.
      person: sql<PersonJson | null>`(select json_build_object('firstName', u.first_name, 'lastName', u.last_name,
        'email', u.email, 'employeeId', u.employee_id) from users u where u.id = page.user_id)`,
      tenantName: sql<string | null>`(select t.name from tenants t where t.id = page.tenant_id)`,
      currentStep: sql<StepJson | null>`(select json_build_object('id', s.id, 'stepId', s.step_id)
        from user_steps s where s.id = page.current_user_step_id and s.order_id = page.id)`,
      latestDocument: sql<DocumentJson | null>`(select json_build_object('id', d.id, 'name', d.name,
        'created', d.created_at) from order_documents d where d.order_id = page.id
        order by d.created_at desc limit 1)`,
      acceptance: sql<AcceptanceJson | null>`(select json_build_object('modified', s.modified,
        'actorUserId', s.actor_user_id) from user_steps s
        where s.order_id = page.id and s.step_id = ${EMPLOYER_STEP} and s.status = 'ACCEPTED'
        order by s.seq limit 1)`,
      frozenPolicyVersion: sql<number | null>`(select p.policy_version from order_policies p
        where p.order_id = page.id)`,
    })
    .from(page)
    .orderBy(bounds.newestFirst ? desc(page.id) : asc(page.id));
}

type SliceRow = Awaited<ReturnType<typeof adminSummarySlice>>[number];

const isoOf = (databaseTime: string) => new Date(databaseTime).toISOString();

/** A row of the slice as the list shows it (no salary data). */
export function toAdminSummaryRow(row: SliceRow, now: Date): AdminSummaryRow {
  const person = row.person;
  const acceptance = row.acceptance;
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    status: row.status as StepType,
    currentStepId: row.currentStep?.stepId ?? null,
    currentUserStepId: row.currentStep?.id ?? null,
    employee: {
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      email: person?.email ?? '',
      employeeId: person?.employeeId ?? null,
    },
    tenantName: row.tenantName ?? '',
    vehicle: { brand: row.terms.brand, carModel: row.terms.carModel, trimLevel: row.terms.trimLevel },
    durationMonths: row.terms.durationMonths,
    kmPerYear: row.terms.kmPerYear,
    monthlyGrossRate: row.terms.monthlyGrossRate,
    color: row.color,
    delivery: row.delivery as Order['delivery'],
    latestDocument: row.latestDocument
      ? { id: row.latestDocument.id, name: row.latestDocument.name, created: isoOf(row.latestDocument.created) }
      : null,
    employerApproval: acceptance
      ? employerApprovalOf(
          [
            {
              stepId: EMPLOYER_STEP,
              status: 'ACCEPTED',
              actorUserId: acceptance.actorUserId,
              modified: new Date(acceptance.modified),
            },
          ],
          row.frozenPolicyVersion,
        )
      : null,
    cancellableUntil:
      waitsForCancellationWindow(row, now) && row.cancellableUntil ? lastCancellationDay(row.cancellableUntil) : null,
    tenantId: row.tenantId,
    handoverDate: row.handoverDate,
    deliveryWindowFrom: row.deliveryWindowFrom,
    deliveryWindowTo: row.deliveryWindowTo,
  };
}

/** The page's rows as the admins' list shows them, in the slice's order. */
export async function adminSummaries(
  db: Database,
  where: SQL | undefined,
  bounds: OrderSliceBounds,
  now: Date,
): Promise<AdminSummaryRow[]> {
  const rows = await adminSummarySlice(db, where, bounds);
  return rows.map((row) => toAdminSummaryRow(row, now));
}
