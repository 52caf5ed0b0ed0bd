import type { Order, ProviderCaseFailure, StepType } from '@leasing/contract';
import { desc, eq, inArray } from 'drizzle-orm';

import { orderPolicies } from '../../db/schema-employer.js';
import { orders } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { peopleByIds } from '../account/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import type { Actor, OrderDeps } from './deps.js';
import { cancellationOf } from './cancellation.js';
import { employerApprovalOf } from './employer-approval.js';
import * as repo from './repository.js';
import { openPrivate, type OrderTerms } from './snapshot.js';
import { STEP_DEFINITIONS, stepOfType } from './steps.js';
import { detectBreakingChange } from './system-transitions.js';

/** The order if the actor may see it: their own, their employer's (tenant admin), any (provider admin). */
export async function visibleOrder(deps: OrderDeps, actor: Actor, orderId: number): Promise<repo.OrderRow> {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order || !canSee(actor, order)) {
    if (order)
      deps.events.emit('authz.denied', { actor: actor.id, tenant: actor.tenantId, target: `order:${orderId}` });
    throw notFound('Bestellung nicht gefunden');
  }
  return order;
}

function canSee(actor: Actor, order: repo.OrderRow): boolean {
  if (actor.role === 'PROVIDER_ADMIN') return true;
  if (actor.role === 'TENANT_ADMIN') return actor.tenantId === order.tenantId;
  return order.userId === actor.id;
}

export async function listOwnOrders(deps: OrderDeps, actor: Actor): Promise<Order[]> {
  const rows = await deps.db.select().from(orders).where(eq(orders.userId, actor.id)).orderBy(desc(orders.id));
  return toOrders(deps, actor, rows);
}

export async function getOrder(deps: OrderDeps, actor: Actor, orderId: number): Promise<Order> {
  const order = await visibleOrder(deps, actor, orderId);
  const fresh = await detectBreakingChange(deps, order);
  const [view] = await toOrders(deps, actor, [fresh]);
  if (!view) throw notFound();
  return view;
}

/**
 * What the views of a set of orders need besides the rows: a fixed number of batched reads (steps,
 * documents, people, employers, frozen policy versions, provider cases), however many orders there are, each
 * grouped by its key so that building a view is a lookup, not a search of every row.
 */
interface OrderViewContext {
  recordsOf: Map<number, repo.UserStepRow[]>;
  documentsOf: Map<number, Awaited<ReturnType<typeof repo.documentsOf>>>;
  people: Map<string, { firstName: string; lastName: string; email: string; employeeId: string | null }>;
  tenantNames: Map<string, string>;
  frozenVersions: Map<number, number | null>;
  /** How the last attempt at the identity check or the signature failed, per order. */
  caseFailures: Map<number, ProviderCaseFailure>;
}

function groupBy<K, V>(values: readonly V[], key: (value: V) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const value of values) {
    const k = key(value);
    const group = groups.get(k);
    if (group) group.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}

async function loadViewContext(deps: OrderDeps, actor: Actor, rows: repo.OrderRow[]): Promise<OrderViewContext> {
  const ids = rows.map((r) => r.id);
  const records = await repo.userStepsOf(deps.db, ids);
  const docs = await repo.documentsOf(deps.db, ids);
  const people = await peopleByIds(
    deps.db,
    rows.map((r) => r.userId),
  );
  const employers = await tenantFactsOf(
    deps.db,
    rows.map((r) => r.tenantId),
  );
  const frozen = await deps.db
    .select({ orderId: orderPolicies.orderId, version: orderPolicies.policyVersion })
    .from(orderPolicies)
    .where(inArray(orderPolicies.orderId, ids));
  // The provider case of an order at the identity check or the signature: the newest one tells.
  // Only the employee reads their own attempts.
  const atProvider = rows
    .filter((row) => actor.role === 'EMPLOYEE' && row.userId === actor.id)
    .filter((row) => row.status === 'NECT_DRIVERS_LICENCE' || row.status === 'NECT_SIGN')
    .map((row) => ({ orderId: row.id, stepId: stepOfType(row.status as StepType).id }));
  const caseFailures = new Map<number, ProviderCaseFailure>();
  for (const [orderId, cases] of groupBy(await repo.casesAt(deps.db, atProvider), (c) => c.orderId)) {
    const failure = caseFailureOf(cases);
    if (failure) caseFailures.set(orderId, failure);
  }
  return {
    caseFailures,
    recordsOf: groupBy(records, (r) => r.orderId),
    documentsOf: groupBy(docs, (d) => d.orderId),
    people,
    tenantNames: new Map([...employers.values()].map((t) => [t.id, t.name])),
    frozenVersions: new Map(frozen.map((f) => [f.orderId, f.version])),
  };
}

function employeeOf(context: OrderViewContext, row: repo.OrderRow): Order['employee'] {
  const person = context.people.get(row.userId);
  return {
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    email: person?.email ?? '',
    employeeId: person?.employeeId ?? null,
  };
}

function approvalOf(context: OrderViewContext, row: repo.OrderRow): Order['employerApproval'] {
  return employerApprovalOf(context.recordsOf.get(row.id) ?? [], context.frozenVersions.get(row.id) ?? null);
}

/**
 * The last attempt at a step when it ended without success (ProviderCaseFailureSchema): none while an
 * attempt is open (at most one is) or after a success; else the case that closed last.
 */
function caseFailureOf(cases: readonly repo.IdentCaseRow[]): ProviderCaseFailure | null {
  if (cases.some((c) => c.status === 'STARTING' || c.status === 'PENDING')) return null;
  const [last] = [...cases].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  if (!last || (last.status !== 'FAILED' && last.status !== 'CANCELLED' && last.status !== 'EXPIRED')) return null;
  return { kind: last.kind, status: last.status, message: last.failureMessage, at: last.updatedAt.toISOString() };
}

export async function toOrders(deps: OrderDeps, actor: Actor, rows: repo.OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const context = await loadViewContext(deps, actor, rows);
  const now = deps.clock.now();
  return rows.map((row) => {
    const terms = row.terms as OrderTerms;
    const own = actor.role === 'EMPLOYEE' && row.userId === actor.id;
    const snapshot = openPrivate(deps.cipher, row);
    const { dateOfBirth: _dob, ...orderUserInfo } = snapshot.orderUserInfo;
    const ownRecords = context.recordsOf.get(row.id) ?? [];
    return {
      id: row.id,
      created: row.createdAt.toISOString(),
      status: row.status as StepType,
      leasePackage: {
        ...terms.leasePackage,
        userPrice: own ? snapshot.conversion.netMonthlyRateCents / 100 : null,
      },
      vehicle: {
        id: terms.vehicle.id,
        brand: terms.vehicle.brand,
        carModel: terms.vehicle.carModel,
        trimLevel: terms.vehicle.trimLevel,
        maximumPowerKw: terms.vehicle.maximumPowerKw,
        rangeKm: terms.vehicle.rangeKm,
        consumption: terms.vehicle.consumption,
        listPrice: terms.vehicle.listPrice,
        mainPhotoUrl: terms.vehicle.mainPhotoUrl,
        pictureUrls: terms.vehicle.pictureUrls,
        deliveryFromWeeks: terms.vehicle.deliveryFromWeeks,
        deliveryToWeeks: terms.vehicle.deliveryToWeeks,
        vehicleDetails: terms.vehicle.vehicleDetails,
      },
      color: row.color,
      delivery: row.delivery as Order['delivery'],
      // Salary data and the tax result are the employee's; admins see address and terms only.
      orderUserInfo: { addressDto: orderUserInfo.addressDto, salaryInfo: own ? orderUserInfo.salaryInfo : null },
      taxResult: own ? snapshot.taxResult : null,
      steps: [...STEP_DEFINITIONS],
      userSteps: ownRecords.map((r) => ({
        id: r.id,
        stepId: r.stepId,
        status: r.status,
        modified: r.modified.toISOString(),
      })),
      documents: (context.documentsOf.get(row.id) ?? []).map((d) => ({
        id: d.id,
        name: d.name,
        created: d.createdAt.toISOString(),
      })),
      employee: employeeOf(context, row),
      tenantName: context.tenantNames.get(row.tenantId) ?? '',
      declineReason: row.declineReason,
      handoverDate: row.handoverDate,
      deliveryWindow:
        row.deliveryWindowFrom && row.deliveryWindowTo
          ? { from: row.deliveryWindowFrom, to: row.deliveryWindowTo }
          : null,
      employerApproval: approvalOf(context, row),
      cancellation: cancellationOf(row, now),
      providerCaseFailure: own ? (context.caseFailures.get(row.id) ?? null) : null,
    };
  });
}
