import { carName } from '@leasing/contract';
import type { AbsenceType, TenantPolicy } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { activeAdmins, recipientOf } from '../account/index.js';
import type { LeaseLifeDeps } from './deps.js';
import { enqueueMail } from '../mail/index.js';
import type { OrderEvent } from '../mail/index.js';
import { terminationFigures } from '../contract/index.js';
import * as repo from './repository.js';
import { payerFor } from './rules.js';

type Lease = Awaited<ReturnType<typeof repo.leasesOfPerson>>[number];

/** One event per lease to the person (on the order page) and to every provider admin. */
async function tellPersonAndProvider(
  tx: Database,
  deps: LeaseLifeDeps,
  userId: string,
  leases: Lease[],
  eventOf: (lease: Lease, employeeName: string) => OrderEvent,
  now: Date,
): Promise<void> {
  if (leases.length === 0) return;
  const person = await recipientOf(tx, userId);
  if (!person) return;
  const providers = await activeAdmins(tx, 'PROVIDER_ADMIN', null);
  const employeeName = `${person.firstName} ${person.lastName}`.trim();
  for (const lease of leases) {
    const event = eventOf(lease, employeeName);
    await enqueueMail(
      tx,
      person,
      {
        kind: 'ORDER_UPDATE',
        firstName: person.firstName,
        orderId: lease.id,
        event,
        link: `${deps.account.publicUrl}/order/${lease.id}/workflow`,
      },
      now,
    );
    for (const provider of providers) {
      await enqueueMail(
        tx,
        provider,
        {
          kind: 'ORDER_UPDATE',
          firstName: provider.firstName,
          orderId: lease.id,
          event,
          link: `${deps.account.publicUrl}/admin/orders`,
        },
        now,
      );
    }
  }
}

/**
 * Mails for an absence recorded, moved or removed, in each recipient's language. `policy`: the
 * employer's policy in force, read before the transaction (one connection under PGlite).
 */
export async function notifyAbsence(
  tx: Database,
  deps: LeaseLifeDeps,
  tenantId: string,
  userId: string,
  absence: { type: AbsenceType; fromDate: string; toDate: string | null },
  change: 'RECORDED' | 'CHANGED' | 'REMOVED',
  policy: TenantPolicy,
  now: Date,
): Promise<void> {
  const leases = await repo.leasesOfPerson(tx, tenantId, userId);
  await tellPersonAndProvider(
    tx,
    deps,
    userId,
    leases,
    (lease, employeeName) => ({
      type: 'ABSENCE',
      car: carName(lease.terms.vehicle),
      change,
      employeeName,
      absenceType: absence.type,
      from: absence.fromDate,
      to: absence.toDate,
      payer: payerFor(policy, absence.type, lease.terms.leasePackage.rateInsuranceIncluded),
    }),
    now,
  );
}

/** Mails for a leaving date with the termination quote of each lease (employer/leaving.ts calls it). */
export async function notifyLeavingQuote(
  tx: Database,
  deps: LeaseLifeDeps,
  tenantId: string,
  userId: string,
  leavingDate: string,
  now: Date,
): Promise<void> {
  const leases = await repo.leasesOfPerson(tx, tenantId, userId);
  await tellPersonAndProvider(
    tx,
    deps,
    userId,
    leases,
    (lease, employeeName) => leavingQuoteEvent(lease, employeeName, leavingDate),
    now,
  );
}

function leavingQuoteEvent(lease: Lease, employeeName: string, leavingDate: string): OrderEvent {
  const figures = terminationFigures({
    handoverDate: lease.handoverDate,
    durationMonths: lease.terms.leasePackage.durationMonths,
    monthlyGrossRateCents: lease.terms.totalMonthlyGrossCostCents,
    privateRateCents: lease.terms.grossComparisonCostCents,
    rateInsuranceIncluded: lease.terms.leasePackage.rateInsuranceIncluded,
    date: leavingDate,
    reason: 'LEAVING',
  });
  return {
    type: 'LEAVING_QUOTE',
    car: carName(lease.terms.vehicle),
    employeeName,
    leavingDate,
    remainingMonths: figures.remainingMonths,
    feeCents: figures.feeCents,
    privateRateCents: lease.terms.grossComparisonCostCents,
  };
}

/**
 * The same quote to the employer's HR admins, for a leaving no one at HR entered (the employer's
 * directory deactivated the person, SCIM, ADR 0060): HR learns of it and of what the lease's end costs.
 */
export async function notifyLeavingQuoteToEmployer(
  tx: Database,
  deps: LeaseLifeDeps,
  tenantId: string,
  userId: string,
  leavingDate: string,
  now: Date,
): Promise<number> {
  const leases = await repo.leasesOfPerson(tx, tenantId, userId);
  if (leases.length === 0) return 0;
  const person = await recipientOf(tx, userId);
  if (!person) return 0;
  const employeeName = `${person.firstName} ${person.lastName}`.trim();
  const hr = await activeAdmins(tx, 'TENANT_ADMIN', tenantId);
  for (const lease of leases) {
    for (const admin of hr) {
      await enqueueMail(
        tx,
        admin,
        {
          kind: 'ORDER_UPDATE',
          firstName: admin.firstName,
          orderId: lease.id,
          event: leavingQuoteEvent(lease, employeeName, leavingDate),
          link: `${deps.account.publicUrl}/employer/employees`,
        },
        now,
      );
    }
  }
  return leases.length * hr.length;
}
