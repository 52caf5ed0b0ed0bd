import { carName } from '@leasing/contract';
import type { StepType } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { activeAdmins, fullNameOf, recipientOf } from '../account/index.js';
import { enqueueMail } from '../mail/index.js';
import type { MailRecipient, OrderEvent } from '../mail/index.js';
import type { OrderDeps } from './deps.js';
import type * as repo from './repository.js';
import type { OrderTerms } from './snapshot.js';

// ---------------------------------------------------------------------------------------------
// Mails: worded in each recipient's language (templates in `mail/order-mails.ts`).

interface Recipient extends MailRecipient {
  firstName: string;
}

export function mailEmployee(
  db: Database,
  deps: OrderDeps,
  to: Recipient,
  orderId: number,
  event: OrderEvent,
  now: Date,
) {
  return enqueueMail(
    db,
    to,
    {
      kind: 'ORDER_UPDATE',
      firstName: to.firstName,
      orderId,
      event,
      link: `${deps.publicUrl}/order/${orderId}/workflow`,
    },
    now,
  );
}

/** A mail to the order's employee, in their language; nothing when the account is gone. */
export async function mailOrderEmployee(
  db: Database,
  deps: OrderDeps,
  order: Pick<repo.OrderRow, 'id' | 'userId'>,
  event: OrderEvent,
  now: Date,
): Promise<void> {
  const employee = await recipientOf(db, order.userId);
  if (employee) await mailEmployee(db, deps, employee, order.id, event, now);
}

/** A mail to each active admin of a role (the order's employer's for HR), linking the admins' order list. */
export async function mailOrderAdmins(
  db: Database,
  deps: OrderDeps,
  order: Pick<repo.OrderRow, 'id' | 'tenantId'>,
  role: 'TENANT_ADMIN' | 'PROVIDER_ADMIN',
  event: OrderEvent,
  now: Date,
): Promise<void> {
  for (const admin of await admins(db, role, order.tenantId)) {
    await enqueueMail(
      db,
      admin,
      {
        kind: 'ORDER_UPDATE',
        firstName: admin.firstName,
        orderId: order.id,
        event,
        link: `${deps.publicUrl}/admin/orders`,
      },
      now,
    );
  }
}

/** The active admins of a role (of one employer for HR admins), as mail recipients. */
export const admins = (db: Database, role: 'TENANT_ADMIN' | 'PROVIDER_ADMIN', tenantId: string | null): Promise<Recipient[]> =>
  activeAdmins(db, role, tenantId);

export async function notifyTransition(
  tx: Database,
  deps: OrderDeps,
  order: repo.OrderRow,
  from: StepType,
  to: StepType,
  reason: string | null,
  now: Date,
  options: {
    /**
     * Into the employer step: PLANNED when the programme approves by itself right after (the employee
     * is told so, the admins are not asked), FAILED when that did not happen (only the admins' mail).
     */
    automaticApproval?: 'PLANNED' | 'FAILED';
  } = {},
): Promise<void> {
  const employee = await recipientOf(tx, order.userId);
  const vehicle = (order.terms as OrderTerms).vehicle;
  const car = carName(vehicle);
  const toEmployee = (event: OrderEvent) =>
    employee ? mailEmployee(tx, deps, employee, order.id, event, now) : Promise.resolve();
  const toAdmins = (role: 'TENANT_ADMIN' | 'PROVIDER_ADMIN', event: OrderEvent) =>
    mailOrderAdmins(tx, deps, order, role, event, now);
  switch (to) {
    case 'TENANT_ADMIN_CLICK_CONFIRM':
      if (options.automaticApproval === 'PLANNED') {
        await toEmployee({ type: 'SIGNED', car, approval: 'AUTOMATIC' });
        return;
      }
      if (options.automaticApproval !== 'FAILED') await toEmployee({ type: 'SIGNED', car, approval: 'BY_EMPLOYER' });
      await toAdmins('TENANT_ADMIN', { type: 'APPROVAL_REQUIRED', car });
      return;
    case 'ADMIN_CONFIRM':
      await toEmployee({ type: 'APPROVED', car });
      await toAdmins('PROVIDER_ADMIN', { type: 'READY_TO_ORDER', car });
      return;
    case 'LEASING_ACTIVE':
      await toEmployee({ type: from === 'ADMIN_CONFIRM' ? 'ORDERED' : 'HANDED_OVER', car });
      return;
    case 'DECLINED_BY_TENANT':
      await toEmployee({ type: 'DECLINED_BY_EMPLOYER', car, reason });
      return;
    case 'DECLINED_BY_ADMIN':
      await toEmployee({ type: 'DECLINED', car, reason });
      await toAdmins('TENANT_ADMIN', { type: 'DECLINED_BY_PROVIDER', car, reason });
      return;
    case 'EXPIRED':
      await toEmployee({ type: 'EXPIRED', car });
      return;
    case 'BREAKING_CHANGE':
      await toEmployee({ type: 'BREAKING_CHANGE', car });
      return;
    case 'CANCELLED_BY_EMPLOYEE': {
      const employeeName = employee ? await fullNameOf(tx, order.userId) : '';
      await toEmployee({ type: 'CANCELLED', car });
      await toAdmins('TENANT_ADMIN', { type: 'CANCELLED_BY_EMPLOYEE', car, employeeName, reason });
      await toAdmins('PROVIDER_ADMIN', { type: 'CANCELLED_BY_EMPLOYEE', car, employeeName, reason });
      return;
    }
    default:
      return;
  }
}
