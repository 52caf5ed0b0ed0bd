import type { StepType, Vehicle, VehicleSummary } from '@leasing/contract';
import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import type { Database } from '../db/client.js';
import { identCases, orderDocuments, orders, outbox, users, userSteps } from '../db/schema.js';
import { simulatorCases } from '../db/schema-simulator.js';
import { runAsSystem } from '../db/scope.js';
import { applyTransition } from '../modules/orders/repository.js';
import { stepOfType, transitionFor, type StepAction } from '../modules/orders/steps.js';
import { hashPassword } from '../lib/password.js';
import { bearer, loginAs } from './harness.js';

/** Orders for tests: placed through the API, their later states set directly. */

export interface OfferChoice {
  leasePackageId: string;
  color: string;
}

/** A package of the demo catalogue, as an employee picks it on the vehicle page. */
export async function pickOffer(app: FastifyInstance, accessToken: string): Promise<OfferChoice> {
  const search = await app.inject({
    method: 'GET',
    url: '/v1/search?manufacturerIds=Kia&modelIds=EV3',
    headers: bearer(accessToken),
  });
  const [car] = search.json<VehicleSummary[]>();
  if (!car) throw new Error(`no demo vehicle: ${search.body}`);
  const vehicle = (
    await app.inject({ method: 'GET', url: `/v1/vehicle/${car.id}`, headers: bearer(accessToken) })
  ).json<Vehicle>();
  const pkg = vehicle.leasePackages[0];
  const color = vehicle.colors[0];
  if (!pkg || !color) throw new Error('demo vehicle without package or colour');
  return { leasePackageId: pkg.id, color };
}

export async function placeOrder(app: FastifyInstance, accessToken: string, offer: OfferChoice): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/order',
    headers: bearer(accessToken),
    payload: { ...offer, delivery: 'HOME' },
  });
  if (response.statusCode !== 201) throw new Error(`order not created: ${response.body}`);
  return response.json<{ orderId: number }>().orderId;
}

/**
 * Moves an order to a later state as the workflow would leave it. The way there (identity check,
 * qualified signature, approvals) is covered by the order tests; here only the outcome matters: the
 * status, its status record at `at`, and for signed orders the signature case and the signed PDF.
 */
export async function settleOrder(
  db: Database,
  orderId: number,
  input: { status: StepType; at: Date; signed: boolean; handoverDate?: string },
): Promise<void> {
  await db
    .update(orders)
    .set({
      status: input.status,
      currentUserStepId: null,
      signedAt: input.signed ? input.at : null,
      handoverDate: input.handoverDate ?? null,
    })
    .where(eq(orders.id, orderId));
  await db.insert(userSteps).values({
    orderId,
    stepId: stepOfType(input.status).id,
    status: 'ACCEPTED',
    actorUserId: null,
    modified: input.at,
  });
  if (!input.signed) return;
  await db.insert(identCases).values({
    orderId,
    stepId: stepOfType('NECT_SIGN').id,
    kind: 'SIGN',
    providerCaseId: `case-${orderId}`,
    link: `https://provider.example/sign/${orderId}`,
    status: 'SUCCEEDED',
    createdAt: input.at,
    updatedAt: input.at,
  });
  await db.insert(orderDocuments).values({
    orderId,
    name: `Ueberlassungsvertrag-${orderId}-unterschrieben.pdf`,
    kind: 'CONTRACT_SIGNED',
    pdf: Buffer.from('%PDF-1.7\n% signed test contract\n'),
    createdAt: input.at,
  });
}

/** `YYYY-MM-DD` of an instant (UTC; tests pick instants far from midnight or do not care). */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The ids of the order steps, by what they are for. */
export const STEP = {
  summary: stepOfType('CONFIRM_SUMMARY').id,
  contract: stepOfType('PREVIEW_CONTRACT').id,
  ident: stepOfType('NECT_DRIVERS_LICENCE').id,
  sign: stepOfType('NECT_SIGN').id,
  tenant: stepOfType('TENANT_ADMIN_CLICK_CONFIRM').id,
  admin: stepOfType('ADMIN_CONFIRM').id,
  active: stepOfType('LEASING_ACTIVE').id,
};

/**
 * Everything a request could change about an order, read as the platform: the order row, its status
 * records, its documents (with their bytes), its provider cases, and how many mails and provider
 * cases exist at all. Two equal states mean nothing happened to the order.
 */
export function orderState(db: Database, orderId: number) {
  return runAsSystem(async () => {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const steps = await db.select().from(userSteps).where(eq(userSteps.orderId, orderId)).orderBy(asc(userSteps.seq));
    const documents = await db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId))
      .orderBy(asc(orderDocuments.createdAt));
    const cases = await db.select().from(identCases).where(eq(identCases.orderId, orderId));
    const [mails] = await db.select({ n: count() }).from(outbox);
    const [providerCases] = await db.select({ n: count() }).from(simulatorCases);
    return { order, steps, documents, cases, mails: mails?.n, providerCases: providerCases?.n };
  });
}

/** The provider's case of a step, finished as the provider reports it (without going through it). */
export async function finishCase(
  db: Database,
  orderId: number,
  kind: 'IDENT' | 'SIGN',
  status: 'SUCCEEDED' | 'PENDING' = 'SUCCEEDED',
  providerCaseId = `case-${kind}-${orderId}`,
): Promise<void> {
  const now = new Date();
  await runAsSystem(() =>
    db.insert(identCases).values({
      orderId,
      stepId: stepOfType(kind === 'IDENT' ? 'NECT_DRIVERS_LICENCE' : 'NECT_SIGN').id,
      kind,
      providerCaseId,
      link: `https://provider.example/${kind.toLowerCase()}/${orderId}`,
      status,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    }),
  );
}

/**
 * A second employee of the employer of `ownerEmail` (intra-tenant tests), signed in, with an address
 * and salary profile of their own.
 */
export async function colleagueOf(
  app: FastifyInstance,
  db: Database,
  ownerEmail: string,
  options: { prefix: string; now: Date },
): Promise<{ email: string; accessToken: string }> {
  const email = `${options.prefix}.kollegin@example.com`;
  const password = 'Kollegen-Passwort-1';
  const passwordHash = await hashPassword(password);
  await runAsSystem(async () => {
    const [owner] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.email, ownerEmail));
    await db.insert(users).values({
      tenantId: owner?.tenantId ?? null,
      email,
      passwordHash,
      role: 'EMPLOYEE',
      firstName: 'Karla',
      lastName: 'Kollegin',
      emailConfirmedAt: options.now,
      createdAt: options.now,
    });
  });
  const { accessToken } = await loginAs(app, email, password);
  const saved = await app.inject({
    method: 'PUT',
    url: '/v1/user/info',
    headers: bearer(accessToken),
    payload: {
      addressDto: buildAddress({ firstName: 'Karla', lastName: 'Kollegin', street: 'Nebenstraße' }),
      salaryInfo: buildSalaryInfo(),
    },
  });
  if (saved.statusCode !== 200) throw new Error(`colleague profile not saved: ${saved.body}`);
  return { email, accessToken };
}

/** One step of a walk: what is done, and by whom (an e-mail address; null: the platform). */
export type WalkStep = [action: StepAction, actorEmail: string | null];

/**
 * Moves an order on as the workflow would, without the HTTP layer: each step's records at `at(index,
 * createdAt)`, the handover (the accept of "Leasing aktiv"'s predecessor) on `handoverDate`.
 */
export async function walkOrder(
  db: Database,
  orderId: number,
  steps: readonly WalkStep[],
  options: { handoverDate: string; at: (index: number, createdAt: Date) => Date },
): Promise<void> {
  for (const [index, [action, actorEmail]] of steps.entries()) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const transition = transitionFor(order?.status as StepType, action);
    if (!order?.currentUserStepId || !transition) throw new Error(`cannot ${action} order ${orderId} in ${order?.status}`);
    const [actor] = actorEmail ? await db.select().from(users).where(eq(users.email, actorEmail)) : [];
    await db.transaction((tx) =>
      applyTransition(tx, {
        orderId,
        expectedUserStepId: order.currentUserStepId ?? '',
        records: transition.records,
        status: transition.status,
        actorUserId: actor?.id ?? null,
        now: options.at(index, order.createdAt),
        ...(action === 'accept' && order.status === 'LEASING_ACTIVE'
          ? { extra: { handoverDate: options.handoverDate } }
          : {}),
      }),
    );
  }
}

/** Walks a placed order through every step ("accept" each, by the platform) to a running lease. */
export function walkToRunningLease(db: Database, orderId: number, handoverDate: string, now: Date): Promise<void> {
  const steps = Array.from({ length: 7 }, (): WalkStep => ['accept', null]);
  return walkOrder(db, orderId, steps, { handoverDate, at: () => now });
}
