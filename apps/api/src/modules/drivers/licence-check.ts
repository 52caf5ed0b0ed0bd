import { carName } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';

import { additionalDrivers } from '../../db/schema-drivers.js';
import { berlinDate } from '../../lib/berlin-dates.js';
import { AppError } from '../../lib/errors.js';
import { ProviderCaseNotFoundError, ProviderUnavailableError } from '../ident/index.js';
import { decideLicenceCheck, type ProviderAnswer } from '../lease-end/index.js';
import { enqueueMail } from '../mail/index.js';
import { findOrder, mailOrderEmployee, type OrderDeps, type OrderTerms } from '../orders/index.js';

export type DriverRow = typeof additionalDrivers.$inferSelect;

/** How a provider case names the driver it checks (opaque to the provider, checked on every read). */
export const driverCheckReference = (driverId: string): string => `driver-${driverId}`;

/**
 * Opens the driver's licence check at the identity provider (a LICENCE_CHECK case) and mails the
 * link to the driver, who is no user of the platform: the check is theirs to complete.
 */
export async function startDriverCheck(
  deps: OrderDeps,
  driver: DriverRow,
  context: { employeeName: string; car: string },
): Promise<DriverRow> {
  let started;
  try {
    started = await deps.provider().startLicenceCheck({
      reference: driverCheckReference(driver.id),
      callbackUrl: `${deps.callbackBaseUrl()}/v1/provider/callback`,
      returnUrl: `${deps.publicUrl}/faq`,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Der Identifikationsdienst antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
      );
    throw error;
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(additionalDrivers)
      .set({ providerCaseId: started.caseId, link: started.link, expiresAt: started.expiresAt })
      .where(eq(additionalDrivers.id, driver.id))
      .returning();
    await enqueueMail(
      tx,
      { email: driver.email, language: 'de' },
      {
        kind: 'DRIVER_LICENCE_CHECK',
        firstName: driver.firstName,
        employeeName: context.employeeName,
        car: context.car,
        link: started.link,
      },
      now,
    );
    return row ?? driver;
  });
}

/**
 * Asks the provider about a pending check and records the outcome: APPROVED with the day, or
 * REJECTED with the provider's reason (the same decision as the lease's own licence checks). The
 * employee is told either way. Returns the driver as it is now.
 */
export async function syncDriverCheck(deps: OrderDeps, row: DriverRow): Promise<DriverRow> {
  if (row.status !== 'PENDING' || row.removedAt) return row;
  const now = deps.clock.now();
  let answered: ProviderAnswer;
  if (!row.providerCaseId) answered = { notFound: true };
  else {
    try {
      answered = { case: await deps.provider().getCase(row.providerCaseId) };
    } catch (error) {
      if (error instanceof ProviderCaseNotFoundError) answered = { notFound: true };
      else if (error instanceof ProviderUnavailableError) answered = { unavailable: true };
      else throw error;
    }
  }
  const decision = decideLicenceCheck(
    { id: row.id, createdAt: row.addedAt, expiresAt: row.expiresAt, reference: driverCheckReference(row.id) },
    answered,
    now,
  );
  if (decision.kind === 'mismatch') {
    deps.events.emit('authz.denied', { actor: null, target: `driver-check:${row.id}`, severity: 'high' });
    return row;
  }
  if (decision.kind === 'keep') return row;
  const approved = decision.kind === 'succeed';
  const order = await findOrder(deps.db, row.orderId);
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(additionalDrivers)
      .set(
        approved
          ? { status: 'APPROVED', checkedOn: berlinDate(decision.completedAt ?? now), reason: null, link: null }
          : { status: 'REJECTED', reason: decision.kind === 'fail' ? decision.reason : null, link: null },
      )
      .where(and(eq(additionalDrivers.id, row.id), eq(additionalDrivers.status, 'PENDING')))
      .returning();
    if (!updated) return row;
    if (order) {
      await mailOrderEmployee(
        tx,
        deps,
        order,
        {
          type: 'DRIVER_CHECKED',
          car: carName((order.terms as OrderTerms).vehicle),
          driverName: `${row.firstName} ${row.lastName}`,
          approved,
          reason: updated.reason,
        },
        now,
      );
    }
    return updated;
  });
}

/** The provider's callback for a case: applies it when it is one of the drivers' checks. */
export async function syncDriverCheckCase(deps: OrderDeps, providerCaseId: string): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(additionalDrivers)
    .where(eq(additionalDrivers.providerCaseId, providerCaseId));
  if (row?.status === 'PENDING') {
    await syncDriverCheck(deps, row);
    deps.mailSent();
  }
}
