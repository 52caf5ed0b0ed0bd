import { carName } from '@leasing/contract';
import type { Database } from '../../db/client.js';
import { leaseLosses } from '../../db/schema-lease-end.js';
import { recordAudit } from '../../lib/audit.js';
import { enqueueMail } from '../mail/index.js';
import {
  admins,
  conversionEndedOn,
  endRunningLease,
  openPrivate,
  type LeaseLoss,
  type OrderDeps,
  type OrderTerms,
} from '../orders/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import { enqueueWebhookEvent, webhookPerson } from '../webhooks/index.js';
import { renderLossStatement } from './loss-statement-pdf.js';
import { fileFinalStatement } from './returns.js';

/**
 * A claim's total loss or theft ends the running lease (ADR 0056), in the claim's own transaction:
 * the order moves to LEASE_ENDED on the day the provider decided it (never before the handover),
 * without a return or a kilometre settlement; the payroll's conversion runs to that month inclusive,
 * the final statement ("Schlussabrechnung") is filed among the order's documents and the employer's
 * HR is told. False when the lease had already ended (returned, replaced and returned, or a second
 * loss).
 */
export async function recordLoss(
  tx: Database,
  deps: Pick<OrderDeps, 'publicUrl' | 'cipher'>,
  loss: LeaseLoss,
): Promise<boolean> {
  const order = await endRunningLease(tx, loss.orderId, { actorUserId: loss.actorUserId, at: loss.at });
  if (!order) return false;
  const endedOn = loss.endedOn < order.handoverDate ? order.handoverDate : loss.endedOn;
  await tx.insert(leaseLosses).values({
    orderId: order.id,
    endedOn,
    claimNumber: loss.claimNumber,
    recordedBy: loss.actorUserId,
    createdAt: loss.at,
  });
  await recordAudit(tx, {
    actorUserId: loss.actorUserId,
    tenantId: order.tenantId,
    action: 'order.lease_ended_by_loss',
    subjectType: 'order',
    subjectId: String(order.id),
    fields: ['endedOn', 'claimNumber'],
    requestId: loss.requestId,
    at: loss.at,
  });
  await enqueueWebhookEvent(tx, {
    tenantId: order.tenantId,
    type: 'lease.ended',
    occurredAt: loss.at,
    data: async () => ({
      orderId: order.id,
      ...(await webhookPerson(tx, order.userId)),
      endedOn,
      reason: 'LOSS' as const,
    }),
  });
  const { firstName, lastName } = openPrivate(deps.cipher, order).orderUserInfo.addressDto;
  const car = carName((order.terms as OrderTerms).vehicle);
  const personName = `${firstName} ${lastName}`.trim();
  const pdf = await renderLossStatement({
    orderId: order.id,
    employerName: (await tenantFactsOf(tx, [order.tenantId])).get(order.tenantId)?.name ?? '',
    employeeName: personName,
    car,
    handoverDate: order.handoverDate,
    endedOn,
    theft: loss.theft,
    claimNumber: loss.claimNumber,
    conversionEndedOn: await conversionEndedOn(tx, order),
    excess: loss.excess ?? null,
    createdAt: loss.at,
  });
  await fileFinalStatement(tx, order.id, pdf, loss.at);
  const event = {
    type: 'ENDED_BY_LOSS' as const,
    car,
    personName,
    endedOn,
    claimNumber: loss.claimNumber,
    theft: loss.theft,
  };
  for (const admin of await admins(tx, 'TENANT_ADMIN', order.tenantId)) {
    await enqueueMail(
      tx,
      admin,
      {
        kind: 'LEASE_END',
        firstName: admin.firstName,
        orderId: order.id,
        link: `${deps.publicUrl}/employer/employees`,
        event,
      },
      loss.at,
    );
  }
  return true;
}
