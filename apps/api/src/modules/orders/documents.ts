import { and, desc, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orderDocuments } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { recipientOf } from '../account/index.js';
import { renderTransferContract, type TransferContractInput } from '../contract/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import type { Actor, OrderDeps } from './deps.js';
import { visibleOrder } from './read-orders.js';
import type * as repo from './repository.js';
import { openPrivate, type OrderTerms } from './snapshot.js';

// ---------------------------------------------------------------------------------------------
// Documents

export function contractFileName(orderId: number, signed: boolean): string {
  return `Ueberlassungsvertrag-${orderId}${signed ? '-unterschrieben' : ''}.pdf`;
}

/** The contract after the employer's approval: signed by both parties. */
export function countersignedFileName(orderId: number): string {
  return `Ueberlassungsvertrag-${orderId}-gegengezeichnet.pdf`;
}

/** Files a document of another room beside the order's contract (e.g. the additional drivers' list). */
export async function fileOrderDocument(
  db: Database,
  doc: {
    orderId: number;
    name: string;
    kind: 'DRIVERS' | 'FINAL_STATEMENT' | 'ADDENDUM';
    pdf: Uint8Array;
    createdAt: Date;
  },
): Promise<string> {
  const [filed] = await db
    .insert(orderDocuments)
    .values({ ...doc, pdf: Buffer.from(doc.pdf) })
    .returning({ id: orderDocuments.id });
  if (!filed) throw new Error('order document not stored');
  return filed.id;
}

/** The contract as PDF from the frozen snapshot: the signed document once there is one. */
export async function contractPreview(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const order = await visibleOrder(deps, actor, orderId);
  const [signed] = await deps.db
    .select()
    .from(orderDocuments)
    // The contract, not the final statement or the cancellation note filed beside it.
    .where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.kind, 'CONTRACT_SIGNED')))
    .orderBy(desc(orderDocuments.createdAt))
    .limit(1);
  if (signed) return { pdf: signed.pdf, fileName: signed.name };
  return { pdf: await renderContract(deps, order, null), fileName: contractFileName(order.id, false) };
}

export async function contractDocument(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  documentId: string,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const order = await visibleOrder(deps, actor, orderId);
  const [doc] = await deps.db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.id, documentId)));
  if (!doc) throw notFound('Dokument nicht gefunden');
  return { pdf: doc.pdf, fileName: doc.name };
}

export async function renderContract(
  deps: OrderDeps,
  order: repo.OrderRow,
  signature: { signedAt: string; caseId: string } | null,
  countersignature?: { approvedAt: string; approverName: string },
): Promise<Uint8Array> {
  const terms = order.terms as OrderTerms;
  const snapshot = openPrivate(deps.cipher, order);
  const tenant = (await tenantFactsOf(deps.db, [order.tenantId])).get(order.tenantId);
  // The employee's language, whoever looks: the signed copy is the draft they read, notice included.
  const employee = await recipientOf(deps.db, order.userId);
  const address = snapshot.orderUserInfo.addressDto;
  const input: TransferContractInput = {
    orderId: order.id,
    createdAt: order.createdAt.toISOString(),
    employer: { name: tenant?.name ?? '' },
    employee: {
      title: (address.title as 'mr' | 'ms' | 'other' | null) ?? null,
      firstName: address.firstName,
      lastName: address.lastName,
      street: address.street,
      streetNumber: address.streetNumber,
      postcode: address.postcode,
      place: address.place,
      placeOfBirth: address.placeOfBirth,
      dateOfBirth: snapshot.orderUserInfo.dateOfBirth,
      employeeId: address.employeeId,
      email: address.email,
    },
    vehicle: {
      brand: terms.vehicle.brand,
      model: terms.vehicle.carModel,
      trimLevel: terms.vehicle.trimLevel,
      listPriceGrossCents: terms.vehicle.listPriceGrossCents,
      maximumPowerKw: terms.vehicle.maximumPowerKw,
      rangeKm: terms.vehicle.rangeKm,
      batteryKwh: terms.vehicle.batteryKwh,
      color: order.color,
      approximate: terms.vehicle.approximate,
    },
    leasePackage: {
      ...terms.leasePackage,
      totalMonthlyGrossCostCents: terms.totalMonthlyGrossCostCents,
    },
    delivery: order.delivery as TransferContractInput['delivery'],
    conversion: snapshot.conversion,
    ...(signature
      ? {
          signature: {
            signedAt: signature.signedAt,
            signerName: `${address.firstName} ${address.lastName}`,
            method: 'Qualifizierte elektronische Signatur (Simulator)',
            caseId: signature.caseId,
          },
        }
      : {}),
    ...(countersignature ? { countersignature } : {}),
    employeeLanguage: employee?.language ?? 'de',
  };
  return renderTransferContract(input);
}

/**
 * What the employer's seal goes over: the employee-signed contract of the order (the newest one), or
 * null, and the employer's name.
 */
export async function contractToCountersign(
  deps: OrderDeps,
  order: Pick<repo.OrderRow, 'id' | 'tenantId'>,
): Promise<{ orderId: number; signed: Uint8Array | null; company: string; tenantId: string }> {
  const [document] = await deps.db
    .select({ pdf: orderDocuments.pdf })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, order.id), eq(orderDocuments.name, contractFileName(order.id, true))))
    .orderBy(desc(orderDocuments.createdAt))
    .limit(1);
  const tenant = (await tenantFactsOf(deps.db, [order.tenantId])).get(order.tenantId);
  return {
    orderId: order.id,
    signed: document ? new Uint8Array(document.pdf) : null,
    company: tenant?.name ?? '',
    tenantId: order.tenantId,
  };
}

/**
 * Stores the countersigned contract in the approval's transaction: marked for the retry job
 * (`signing.long-term-retry`) when it is not long-term yet.
 */
export async function storeCountersignedContract(
  tx: Database,
  orderId: number,
  sealed: { pdf: Uint8Array; longTerm: boolean },
  now: Date,
): Promise<void> {
  await tx.insert(orderDocuments).values({
    orderId,
    name: countersignedFileName(orderId),
    kind: 'CONTRACT_SIGNED' as const,
    pdf: Buffer.from(sealed.pdf),
    createdAt: now,
    longTermDueAt: sealed.longTerm ? null : now,
  });
}
