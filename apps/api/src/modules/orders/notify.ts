import type { StepType } from '@leasing/contract';
import { and, eq, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import type { OrderDeps } from './deps.js';
import type * as repo from './repository.js';
import type { OrderTerms } from './snapshot.js';

// ---------------------------------------------------------------------------------------------
// Mails

interface Recipient {
  email: string;
  firstName: string;
}

export function mailEmployee(
  db: Database,
  deps: OrderDeps,
  to: Recipient,
  orderId: number,
  headline: string,
  paragraphs: string[],
  now: Date,
) {
  return enqueueMail(
    db,
    to.email,
    {
      kind: 'ORDER_UPDATE',
      firstName: to.firstName,
      orderId,
      headline,
      paragraphs,
      link: `${deps.publicUrl}/order/${orderId}/workflow`,
    },
    now,
  );
}

async function admins(
  db: Database,
  role: 'TENANT_ADMIN' | 'PROVIDER_ADMIN',
  tenantId: string | null,
): Promise<Recipient[]> {
  const conditions = [eq(users.role, role), isNull(users.disabledAt)];
  if (role === 'TENANT_ADMIN' && tenantId) conditions.push(eq(users.tenantId, tenantId));
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(...conditions));
}

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
  const [employee] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, order.userId));
  const car = (order.terms as OrderTerms).vehicle;
  const title = `${car.brand} ${car.carModel}`;
  const toEmployee = (headline: string, text: string[]) =>
    employee ? mailEmployee(tx, deps, employee, order.id, headline, text, now) : Promise.resolve();
  const toAdmins = async (role: 'TENANT_ADMIN' | 'PROVIDER_ADMIN', headline: string, text: string[]) => {
    for (const admin of await admins(tx, role, order.tenantId)) {
      await enqueueMail(
        tx,
        admin.email,
        {
          kind: 'ORDER_UPDATE',
          firstName: admin.firstName,
          orderId: order.id,
          headline,
          paragraphs: text,
          link: `${deps.publicUrl}/admin/orders`,
        },
        now,
      );
    }
  };
  const why = reason ? [`Begründung: ${reason}`] : [];
  switch (to) {
    case 'TENANT_ADMIN_CLICK_CONFIRM':
      if (options.automaticApproval === 'PLANNED') {
        await toEmployee('Vertrag unterschrieben', [
          `Sie haben den Überlassungsvertrag für den ${title} unterschrieben. Die Bestellung liegt im Rahmen der Programmrichtlinie Ihres Arbeitgebers und wird automatisch freigegeben.`,
        ]);
        return;
      }
      if (options.automaticApproval !== 'FAILED') {
        await toEmployee('Vertrag unterschrieben', [
          `Sie haben den Überlassungsvertrag für den ${title} unterschrieben. Jetzt gibt Ihr Arbeitgeber die Bestellung frei.`,
        ]);
      }
      await toAdmins('TENANT_ADMIN', 'Freigabe erforderlich', [`Eine Bestellung (${title}) wartet auf Ihre Freigabe.`]);
      return;
    case 'ADMIN_CONFIRM':
      await toEmployee('Vom Arbeitgeber freigegeben', [
        `Ihr Arbeitgeber hat die Bestellung des ${title} freigegeben und den Überlassungsvertrag gegengezeichnet. Sie finden ihn in den Dokumenten Ihrer Bestellung.`,
        'Wir bestellen das Fahrzeug jetzt beim Hersteller.',
      ]);
      await toAdmins('PROVIDER_ADMIN', 'Bestellung freigegeben', [
        `Die Bestellung ${order.id} (${title}) ist freigegeben und kann beim Hersteller bestellt werden.`,
      ]);
      return;
    case 'LEASING_ACTIVE':
      if (from === 'ADMIN_CONFIRM') {
        await toEmployee('Fahrzeug bestellt', [
          `Ihr ${title} ist beim Hersteller bestellt. Wir melden uns zur Übergabe.`,
        ]);
      } else {
        await toEmployee('Übergabe erfolgt – Leasing aktiv', [`Ihr ${title} ist übergeben. Gute Fahrt!`]);
      }
      return;
    case 'DECLINED_BY_TENANT':
      await toEmployee('Vom Arbeitgeber abgelehnt', [
        `Ihr Arbeitgeber hat die Bestellung des ${title} abgelehnt.`,
        ...why,
      ]);
      return;
    case 'DECLINED_BY_ADMIN':
      await toEmployee('Bestellung abgelehnt', [`Die Bestellung des ${title} wurde abgelehnt.`, ...why]);
      await toAdmins('TENANT_ADMIN', 'Bestellung abgelehnt', [
        `Die Bestellung ${order.id} (${title}) wurde vom Anbieter abgelehnt.`,
        ...why,
      ]);
      return;
    case 'EXPIRED':
      await toEmployee('Bestellung abgelaufen', [
        `Die Bestellung des ${title} wurde nicht rechtzeitig unterschrieben und ist abgelaufen. Sie können jederzeit neu bestellen.`,
      ]);
      return;
    case 'BREAKING_CHANGE':
      await toEmployee('Bestellung abgebrochen', [
        `Ihre persönlichen Daten oder die Konditionen des Angebots für den ${title} haben sich geändert. Bitte starten Sie die Bestellung neu.`,
      ]);
      return;
    default:
      return;
  }
}
