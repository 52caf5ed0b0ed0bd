import {
  carName,
  isRunningLease,
  type PackageChange,
  type PackageChangeDecision,
  type PackageChangeOverview,
  type ProviderPackageChange,
  type ProviderPackageChangePage,
  type ProviderPackageChangesQuery,
} from '@leasing/contract';
import { formatPayrollMonth, parsePayrollMonth } from '@leasing/payroll';

import { berlinDate } from '../../lib/berlin-dates.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { activeAdmins, fullNameOf, peopleByIds, recipientOf } from '../account/index.js';
import { enqueueMail } from '../mail/index.js';
import {
  fileOrderDocument,
  findOrder,
  findOrders,
  visibleOrder,
  type Actor,
  type OrderDeps,
  type OrderRow,
  type OrderTerms,
} from '../orders/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import { addendumFileName, renderAddendum } from './addendum-pdf.js';
import * as repo from './repository.js';
import { changeView, kilometreTermsAfter, sameButKilometres, storedPackage, type StoredPackage } from './terms.js';

/** The package in force: the last approved change's, else the ordered one. */
function packageInForce(order: OrderRow, changes: repo.PackageChangeRecord[]): StoredPackage {
  const approved = changes.find((c) => c.status === 'APPROVED');
  if (approved) return approved.toPackage as StoredPackage;
  const terms = order.terms as OrderTerms;
  return storedPackage(terms.leasePackage, terms.totalMonthlyGrossCostCents);
}

/**
 * The car's packages of the current price list that differ from the one in force only by more
 * kilometres (same term, tyres and included services), one per kilometre figure (the cheapest),
 * fewest first.
 */
async function largerPackages(deps: OrderDeps, order: OrderRow, current: StoredPackage): Promise<StoredPackage[]> {
  const vehicle = (await deps.catalog.get()).byId.get((order.terms as OrderTerms).vehicle.id);
  if (!vehicle) return [];
  const byKm = new Map<number, StoredPackage>();
  for (const pkg of vehicle.packages) {
    const candidate = storedPackage(pkg, pkg.totalMonthlyGrossCostCents);
    if (candidate.kmPerYear <= current.kmPerYear || !sameButKilometres(candidate, current)) continue;
    const known = byKm.get(candidate.kmPerYear);
    if (!known || candidate.monthlyGrossRateCents < known.monthlyGrossRateCents)
      byKm.set(candidate.kmPerYear, candidate);
  }
  return [...byKm.values()].sort((a, b) => a.kmPerYear - b.kmPerYear);
}

/** `GET /v1/order/{orderId}/package-change`: for whoever sees the order; the offer for its employee only. */
export async function packageChangeOverview(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
): Promise<PackageChangeOverview> {
  const order = await visibleOrder(deps, actor, orderId);
  const changes = await repo.changesOfOrder(deps.db, order.id);
  const current = packageInForce(order, changes);
  const mayAsk = actor.id === order.userId && isRunningLease(order) && !changes.some((c) => c.status === 'REQUESTED');
  const options = mayAsk ? await largerPackages(deps, order, current) : [];
  return {
    current: {
      leasePackageId: current.leasePackageId,
      kmPerYear: current.kmPerYear,
      monthlyGrossRateEur: current.monthlyGrossRateCents / 100,
    },
    options: options.map((p) => ({
      leasePackageId: p.leasePackageId,
      kmPerYear: p.kmPerYear,
      monthlyGrossRateEur: p.monthlyGrossRateCents / 100,
      differenceEur: (p.monthlyGrossRateCents - current.monthlyGrossRateCents) / 100,
    })),
    changes: changes.map(changeView),
  };
}

/**
 * `POST /v1/order/{orderId}/package-change`: the employee asks for one of the offered packages (a
 * 400 on `kmPerYear` for any other); one open request per lease (409), only during the lease (409).
 */
export async function requestPackageChange(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  kmPerYear: number,
  ctx: { requestId: string },
): Promise<PackageChange> {
  const order = await visibleOrder(deps, actor, orderId);
  if (order.userId !== actor.id) throw forbidden();
  if (!isRunningLease(order)) throw conflict('Das Kilometerpaket lässt sich nur während des Leasings ändern.');
  const changes = await repo.changesOfOrder(deps.db, order.id);
  if (changes.some((c) => c.status === 'REQUESTED'))
    throw conflict('Für dieses Leasing ist bereits ein Paketwechsel angefragt.');
  const current = packageInForce(order, changes);
  const chosen = (await largerPackages(deps, order, current)).find((p) => p.kmPerYear === kmPerYear);
  if (!chosen) {
    throw new AppError('VALIDATION_FAILED', 'Dieses Kilometerpaket gibt es für Ihr Fahrzeug nicht.', {
      errors: [{ field: 'kmPerYear', message: 'notOffered' }],
    });
  }
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const row = await repo.insertRequest(tx, {
      orderId: order.id,
      tenantId: order.tenantId,
      userId: order.userId,
      from: current,
      to: chosen,
      at: now,
    });
    // A parallel request of the same lease was first.
    if (!row) throw conflict('Für dieses Leasing ist bereits ein Paketwechsel angefragt.');
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.package_change.requested',
      subjectType: 'order',
      subjectId: String(order.id),
      fields: ['kmPerYear'],
      requestId: ctx.requestId,
      at: now,
    });
    const event = {
      type: 'PACKAGE_CHANGE_REQUESTED' as const,
      car: carName((order.terms as OrderTerms).vehicle),
      employeeName: await fullNameOf(tx, order.userId),
      fromKm: current.kmPerYear,
      toKm: chosen.kmPerYear,
    };
    for (const admin of await activeAdmins(tx, 'PROVIDER_ADMIN', null)) {
      await enqueueMail(
        tx,
        admin,
        {
          kind: 'ORDER_UPDATE',
          firstName: admin.firstName,
          orderId: order.id,
          event,
          link: `${deps.publicUrl}/provider/package-changes`,
        },
        now,
      );
    }
    return row;
  });
  deps.mailSent();
  return changeView(created);
}

/** The provider's queue, oldest request first, with the person, employer and car. */
export async function packageChangeQueue(
  deps: OrderDeps,
  query: ProviderPackageChangesQuery,
): Promise<ProviderPackageChangePage> {
  const { rows, total } = await repo.queuePage(deps.db, query);
  return { items: await withContext(deps, rows), total, page: query.page, pageSize: query.pageSize };
}

async function withContext(deps: OrderDeps, rows: repo.PackageChangeRecord[]): Promise<ProviderPackageChange[]> {
  const [orders, people, tenants] = await Promise.all([
    findOrders(
      deps.db,
      rows.map((r) => r.orderId),
    ),
    peopleByIds(
      deps.db,
      rows.map((r) => r.userId),
    ),
    tenantFactsOf(
      deps.db,
      rows.map((r) => r.tenantId),
    ),
  ]);
  const byId = new Map(orders.map((o) => [o.id, o]));
  return rows.map((row) => {
    const person = people.get(row.userId);
    const order = byId.get(row.orderId);
    return {
      ...changeView(row),
      personName: person ? `${person.firstName} ${person.lastName}`.trim() : '',
      tenantName: tenants.get(row.tenantId)?.name ?? '',
      car: order ? carName((order.terms as OrderTerms).vehicle) : '',
    };
  });
}

/**
 * `POST /v1/provider/package-changes/{changeId}/decision`: approved, the new package applies from
 * the month after today (Berlin): the payroll, the invoices and the return read it from then on, and
 * the addendum joins the order's documents; declined, the employee reads why. One decision (409).
 */
export async function decidePackageChange(
  deps: OrderDeps,
  actor: Actor,
  changeId: string,
  body: PackageChangeDecision,
  ctx: { requestId: string },
): Promise<ProviderPackageChange> {
  const change = await repo.findChange(deps.db, changeId);
  if (!change) throw notFound('Paketwechsel nicht gefunden');
  if (change.status !== 'REQUESTED') throw conflict('Über diesen Paketwechsel ist bereits entschieden.');
  const order = await findOrder(deps.db, change.orderId);
  if (!order) throw notFound('Paketwechsel nicht gefunden');
  const approve = body.decision === 'APPROVE';
  if (approve && !isRunningLease(order))
    throw conflict('Das Leasing ist beendet; der Paketwechsel kann nur abgelehnt werden.');
  const now = deps.clock.now();
  const effectiveMonth = approve ? formatPayrollMonth(parsePayrollMonth(berlinDate(now).slice(0, 7)) + 1) : null;
  const decided = await deps.db.transaction(async (tx) => {
    const row = await repo.decide(tx, change.id, {
      status: approve ? 'APPROVED' : 'DECLINED',
      effectiveMonth,
      note: body.note ?? null,
      by: actor.id,
      at: now,
    });
    if (!row) throw conflict('Über diesen Paketwechsel ist bereits entschieden.');
    const to = row.toPackage as StoredPackage;
    if (approve && effectiveMonth && order.handoverDate) {
      const approved = (await repo.changesOfOrder(tx, order.id))
        .filter((c) => c.status === 'APPROVED' && c.effectiveMonth !== null)
        .map((c) => ({ effectiveMonth: c.effectiveMonth ?? '', to: c.toPackage as StoredPackage }));
      const terms = order.terms as OrderTerms;
      const base = storedPackage(terms.leasePackage, terms.totalMonthlyGrossCostCents);
      const pdf = await renderAddendum({
        orderId: order.id,
        employerName: (await tenantFactsOf(tx, [order.tenantId])).get(order.tenantId)?.name ?? '',
        employeeName: await fullNameOf(tx, order.userId),
        car: carName(terms.vehicle),
        handoverDate: order.handoverDate,
        from: row.fromPackage as StoredPackage,
        to,
        effectiveMonth,
        contractKm: kilometreTermsAfter(base, order.handoverDate, approved).contractKm,
        createdAt: now,
      });
      await fileOrderDocument(tx, {
        orderId: order.id,
        name: addendumFileName(order.id, effectiveMonth),
        kind: 'ADDENDUM',
        pdf,
        createdAt: now,
      });
    }
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: approve ? 'order.package_change.approved' : 'order.package_change.declined',
      subjectType: 'order',
      subjectId: String(order.id),
      fields: approve ? ['kmPerYear', 'monthlyGrossRate', 'effectiveMonth'] : ['note'],
      requestId: ctx.requestId,
      at: now,
    });
    const employee = await recipientOf(tx, order.userId);
    if (employee) {
      const event = {
        type: 'PACKAGE_CHANGE_DECIDED' as const,
        car: carName((order.terms as OrderTerms).vehicle),
        approved: approve,
        toKm: to.kmPerYear,
        rateEur: to.monthlyGrossRateCents / 100,
        effectiveMonth,
        note: row.note,
      };
      await enqueueMail(
        tx,
        employee,
        {
          kind: 'ORDER_UPDATE',
          firstName: employee.firstName,
          orderId: order.id,
          event,
          link: `${deps.publicUrl}/order/${order.id}/workflow`,
        },
        now,
      );
    }
    return row;
  });
  deps.mailSent();
  const [view] = await withContext(deps, [decided]);
  if (!view) throw new Error('package change not read back');
  return view;
}
