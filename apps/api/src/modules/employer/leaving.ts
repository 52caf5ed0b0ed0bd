import { carName } from '@leasing/contract';
import type { LeaveRequest, TenantEmployee } from '@leasing/contract';

import { employmentEnds } from '../../db/schema-employer.js';
import { recordAudit } from '../../lib/audit.js';
import { employeeOf } from '../account/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enqueueMail, mailFormat } from '../mail/index.js';
import { notifyLeavingQuote } from '../lease-life/index.js';
import { admins } from '../orders/index.js';
import { enqueueWebhookEvent, webhookPerson } from '../webhooks/index.js';
import type { Admin, Ctx, EmployerDeps } from './deps.js';
import { CLOSED, employeeEntry } from './people.js';
import * as repo from './repository.js';
import { currentMonth } from './settings.js';

/** Dates in the refusal's German text, as the mails write them. */
const germanDate = mailFormat('de').date;

/**
 * Why a leaving date cannot be recorded, in German, or null when it can (decision record 0018):
 *
 * - Not before the handover of a lease already handed over: the payroll export runs a lease from the
 *   handover month to the month of the last day of use, so an earlier leaving date would drop the
 *   lease from every month, benefit and deduction included, although the car was used.
 * - Not before 1 January of the previous calendar year: wage tax of a year can be corrected only
 *   until the employer has sent that year's Lohnsteuerbescheinigung (§ 41c Abs. 3 EStG, at the latest
 *   end of February of the next year); an earlier date is a typing error, not a correction.
 *
 * `handovers` are the handover dates (ISO) of the person's handed-over leases; `thisYear` the
 * calendar year in Germany today.
 */
export function leavingDateRefusal(date: string, handovers: readonly string[], thisYear: number): string | null {
  const earliest = `${String(thisYear - 1)}-01-01`;
  if (date < earliest) {
    return `Der letzte Arbeitstag darf nicht vor dem ${germanDate(earliest)} liegen; frühere Monate lassen sich in der Entgeltabrechnung nicht mehr berichtigen.`;
  }
  const latestHandover = [...handovers].sort().at(-1);
  if (latestHandover !== undefined && date < latestHandover) {
    return `Der letzte Arbeitstag darf nicht vor der Übergabe des Leasingfahrzeugs am ${germanDate(latestHandover)} liegen.`;
  }
  return null;
}

/**
 * `POST /v1/tenant/employees/{id}/leave`: records the last working day. The provider's admins are
 * told for every open order and lease of the person (the car comes back); payroll shows the end.
 */
export async function markLeaving(
  deps: EmployerDeps,
  admin: Admin,
  userId: string,
  input: LeaveRequest,
  ctx: Ctx,
): Promise<TenantEmployee> {
  if (
    Number.isNaN(Date.parse(`${input.date}T00:00:00Z`)) ||
    new Date(`${input.date}T00:00:00Z`).toISOString().slice(0, 10) !== input.date
  ) {
    throw new AppError('VALIDATION_FAILED', 'Bitte ein gültiges Datum angeben.', {
      errors: [{ field: 'date', message: 'date' }],
    });
  }
  const person = await employeeOf(deps.db, admin.tenantId, userId);
  if (!person) throw notFound('Person nicht gefunden');
  const now = deps.clock.now();
  const orders = (await repo.ordersOfPeople(deps.db, admin.tenantId, [userId])).filter((o) => !CLOSED.has(o.status));
  const handovers = orders.flatMap((o) => (o.status === 'LEASING_ACTIVE' && o.handoverDate ? [o.handoverDate] : []));
  const refusal = leavingDateRefusal(input.date, handovers, Number(currentMonth(now).slice(0, 4)));
  if (refusal) throw new AppError('LEAVING_DATE_REFUSED', refusal, { errors: [{ field: 'date', message: refusal }] });
  const providers = await admins(deps.db, 'PROVIDER_ADMIN', null);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(employmentEnds)
      .values({ userId, tenantId: admin.tenantId, leavingDate: input.date, recordedBy: admin.id, recordedAt: now })
      .onConflictDoUpdate({
        target: employmentEnds.userId,
        set: { leavingDate: input.date, recordedBy: admin.id, recordedAt: now },
      });
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'employee.leaving',
      subjectType: 'user',
      subjectId: userId,
      fields: ['leavingDate'],
      requestId: ctx.requestId,
      at: now,
    });
    // The employer's systems hear of it by the person's ids and the day (ADR 0059).
    await enqueueWebhookEvent(tx, {
      tenantId: admin.tenantId,
      type: 'employee.left',
      occurredAt: now,
      data: async () => ({ ...(await webhookPerson(tx, userId)), leavingDate: input.date }),
    });
    for (const order of orders) {
      for (const provider of providers) {
        await enqueueMail(
          tx,
          provider,
          {
            kind: 'ORDER_UPDATE',
            firstName: provider.firstName,
            orderId: order.id,
            event: {
              type: 'EMPLOYEE_LEAVING',
              car: carName(order.vehicle),
              employeeName: `${person.firstName} ${person.lastName}`,
              leavingDate: input.date,
            },
            link: `${deps.account.publicUrl}/admin/orders`,
          },
          now,
        );
      }
    }
    // The person and the provider get the termination quote of each running lease (lease-life).
    await notifyLeavingQuote(tx, deps, admin.tenantId, userId, input.date, now);
  });
  if (orders.length > 0) deps.mailSent();
  const updated = await employeeEntry(deps, admin, userId);
  if (!updated) throw notFound('Person nicht gefunden');
  return updated;
}
