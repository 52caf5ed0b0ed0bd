import type {
  AdminOrderSummary,
  CreateOrderRequest,
  FieldError,
  Order,
  Role,
  StepActionRequest,
  StepType,
} from '@leasing/contract';
import { SalaryInfoSchema } from '@leasing/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  identCases,
  orderDocuments,
  orders,
  processedCallbacks,
  salaryProfiles,
  tenants,
  userAddresses,
  users,
  userSteps,
} from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import type { CatalogCache } from '../catalog/catalog-snapshot.js';
import { photoUrls } from '../catalog/media-routes.js';
import type { PersonalRates } from '../catalog/personal-rates.js';
import { toTaxResult } from '../catalog/service.js';
import { ProviderCaseNotFoundError, ProviderUnavailableError, type IdentProvider } from '../ident/provider.js';
import { enqueueMail } from '../mail/outbox.js';
import { readSalaryProfile } from '../profile/salary-store.js';
import { renderTransferContract, type TransferContractInput } from './contract-pdf.js';
import * as repo from './repository.js';
import { openPrivate, sealPrivate, type OrderTerms, type PrivateSnapshot } from './snapshot.js';
import {
  mayAct,
  stepById,
  stepOfType,
  STEP_DEFINITIONS,
  terminate,
  transitionFor,
  UNSIGNED_STEPS,
  type StepAction,
} from './steps.js';

export interface OrderDeps {
  db: Database;
  cipher: FieldCipher;
  clock: Clock;
  catalog: CatalogCache;
  rates: PersonalRates;
  /** Resolved lazily: the simulator's address is known only once the server listens. */
  provider: () => IdentProvider;
  publicUrl: string;
  /** Where the provider posts callbacks: this server as the provider reaches it. */
  callbackBaseUrl: () => string;
  events: SecurityEvents;
  /** Orders not signed within this many days expire. */
  expiryDays: number;
  mailSent(): void;
}

export interface Actor {
  id: string;
  role: Role;
  tenantId: string | null;
}

export interface Ctx {
  requestId: string;
  ip: string;
}

/** Failed identity/signature attempts per order and step before we stop creating paid cases. */
export const MAX_CASES_PER_STEP = 5;

const missing = (field: string, message: string): FieldError => ({ field, message });

// ---------------------------------------------------------------------------------------------
// Creating and reading orders

/**
 * `POST /v1/order`: checks profile and options and freezes the snapshot (vehicle and package terms,
 * colour, delivery, the employee's address and salary data, the tax result). Missing things are the
 * spec's `errors` list.
 */
export async function createOrder(deps: OrderDeps, actor: Actor, input: CreateOrderRequest, ctx: Ctx): Promise<number> {
  if (actor.role !== 'EMPLOYEE' || !actor.tenantId) throw forbidden();
  const tenantId = actor.tenantId;
  const snapshot = await deps.catalog.get();
  const found = snapshot.packagesById.get(input.leasePackageId);
  const errors: FieldError[] = [];
  if (!found) errors.push(missing('leasePackageId', 'Leasingpaket'));
  if (found && !found.vehicle.colors.includes(input.color)) errors.push(missing('color', 'Farbe'));
  if (found && !found.vehicle.deliveryOptions.includes(input.delivery))
    errors.push(missing('delivery', 'Lieferoption'));
  const [user] = await deps.db.select().from(users).where(eq(users.id, actor.id));
  const [address] = await deps.db.select().from(userAddresses).where(eq(userAddresses.userId, actor.id));
  const addressFields = ['street', 'streetNumber', 'postcode', 'place', 'state', 'placeOfBirth'] as const;
  for (const field of addressFields)
    if (!address?.[field]) errors.push(missing(`addressDto.${field}`, addressLabel[field] ?? field));
  const stored = await readSalaryProfile(deps.db, deps.cipher, { userId: actor.id, tenantId });
  const salary = stored ? SalaryInfoSchema.safeParse(stored.salaryInfo) : null;
  if (!salary?.success) errors.push(missing('salaryInfo', 'Gehaltsdaten'));
  const prepared = await deps.rates.prepare({ id: actor.id, tenantId });
  if (salary?.success && !prepared.ok)
    errors.push(
      missing('salaryInfo', prepared.reason.kind === 'NOT_COMPUTABLE' ? prepared.reason.message : 'Gehaltsdaten'),
    );
  const comparison = found && prepared.ok ? deps.rates.compare(prepared.prepared, found.vehicle, found.pkg) : null;
  if (found && prepared.ok && !comparison) errors.push(missing('leasePackageId', 'Berechenbare Nettorate'));
  if (errors.length > 0 || !found || !user || !address || !salary?.success || !prepared.ok || !comparison || !stored) {
    throw new AppError('ORDER_INCOMPLETE', 'Für die Bestellung fehlen Angaben.', { errors });
  }
  const { vehicle, pkg } = found;
  const now = deps.clock.now();
  const photos = photoUrls(vehicle);
  const terms: OrderTerms = {
    vehicle: {
      id: vehicle.id,
      brand: vehicle.brand,
      carModel: vehicle.model,
      trimLevel: vehicle.trimLevel,
      maximumPowerKw: vehicle.maximumPowerKw,
      rangeKm: vehicle.rangeKm,
      consumption: vehicle.consumption,
      listPrice: vehicle.listPriceGrossCents / 100,
      mainPhotoUrl: photos[0] ?? null,
      pictureUrls: photos,
      deliveryFromWeeks: vehicle.deliveryFromWeeks,
      deliveryToWeeks: vehicle.deliveryToWeeks,
      vehicleDetails: {
        technicalDetails: vehicle.technicalDetails,
        standardEquipment: vehicle.standardEquipment,
        specialEquipment: vehicle.specialEquipment,
      },
      batteryKwh: vehicle.batteryKwh,
      driveType: vehicle.driveType,
      listPriceGrossCents: vehicle.listPriceGrossCents,
      approximate: vehicle.approximate,
    },
    leasePackage: {
      id: pkg.id,
      durationMonths: pkg.durationMonths,
      kmPerYear: pkg.kmPerYear,
      tires: pkg.tires,
      userPrice: comparison.userPrice / 100,
      grossComparisonCostEur: pkg.grossComparisonCostCents / 100,
      grossRetailPriceEur: vehicle.listPriceGrossCents / 100,
      totalMonthlyGrossCostEur: pkg.totalMonthlyGrossCostCents / 100,
      maintenanceAndServicingIncluded: pkg.maintenanceAndServicingIncluded,
      vehicleInsuranceIncluded: pkg.vehicleInsuranceIncluded,
      tirePackageIncluded: pkg.tirePackageIncluded,
      tireChangeIncluded: pkg.tireChangeIncluded,
      rateInsuranceIncluded: pkg.rateInsuranceIncluded,
      costsMoreKilometers: pkg.costsMoreKilometers,
      reimbursementLessKilometers: pkg.reimbursementLessKilometers,
      excessMileageAllowance: pkg.excessMileageAllowance,
      exemptionLimitLessKilometers: pkg.exemptionLimitLessKilometers,
      capFewerKilometers: pkg.capFewerKilometers,
      capExtraKilometers: pkg.capExtraKilometers,
    },
    totalMonthlyGrossCostCents: pkg.totalMonthlyGrossCostCents,
    grossComparisonCostCents: pkg.grossComparisonCostCents,
  };
  const privateSnapshot: PrivateSnapshot = {
    orderUserInfo: {
      addressDto: {
        title: user.title,
        firstName: user.firstName,
        lastName: user.lastName,
        street: address.street ?? '',
        streetNumber: address.streetNumber ?? '',
        place: address.place ?? '',
        postcode: address.postcode ?? '',
        state: address.state ?? '',
        placeOfBirth: address.placeOfBirth ?? '',
        employeeId: user.employeeId,
        email: user.email,
      },
      salaryInfo: salary.data as unknown as Record<string, unknown>,
      dateOfBirth: salary.data.dateOfBirth,
    },
    taxResult: toTaxResult(comparison, prepared.prepared.date),
    conversion: {
      monthlyConversionCents: comparison.companyCar.convertedGross,
      employerContributionCents: comparison.salarySacrificeData.employerContribution,
      netMonthlyRateCents: comparison.userPrice,
      privateUseBenefitCents: comparison.salarySacrificeData.vehicleTaxation,
      commutingBenefitCents: comparison.salarySacrificeData.commutingTaxation,
      benefitRuleLabel: `${comparison.companyCar.rate} des Bruttolistenpreises`,
    },
  };
  const sealed = sealPrivate(deps.cipher, actor.id, tenantId, privateSnapshot);
  const orderId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        userId: actor.id,
        tenantId,
        vehicleId: vehicle.id,
        leasePackageId: pkg.id,
        color: input.color,
        delivery: input.delivery,
        terms,
        privateKeyId: sealed.keyId,
        privateIv: sealed.iv,
        privateCiphertext: sealed.ciphertext,
        profileVersion: stored.version,
        status: 'CONFIRM_SUMMARY',
        createdAt: now,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('order insert failed');
    const firstRecord = crypto.randomUUID();
    await tx.insert(userSteps).values({
      id: firstRecord,
      orderId: row.id,
      stepId: stepOfType('CONFIRM_SUMMARY').id,
      status: null,
      actorUserId: actor.id,
      modified: now,
    });
    await tx.update(orders).set({ currentUserStepId: firstRecord }).where(eq(orders.id, row.id));
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId,
      action: 'order.created',
      subjectType: 'order',
      subjectId: String(row.id),
      fields: ['leasePackageId', 'color', 'delivery', 'orderUserInfo', 'taxResult'],
      requestId: ctx.requestId,
      at: now,
    });
    await mailEmployee(
      tx,
      deps,
      { email: user.email, firstName: user.firstName },
      row.id,
      'Bestellung angelegt',
      [
        `Ihre Bestellung des ${vehicle.brand} ${vehicle.model} wurde angelegt.`,
        'Bitte bestätigen Sie die Zusammenfassung, prüfen Sie den Überlassungsvertrag und schließen Sie Identifikation und Signatur ab.',
      ],
      now,
    );
    return row.id;
  });
  deps.mailSent();
  return orderId;
}

const addressLabel: Record<string, string> = {
  street: 'Straße',
  streetNumber: 'Hausnummer',
  postcode: 'Postleitzahl',
  place: 'Ort',
  state: 'Bundesland',
  placeOfBirth: 'Geburtsort',
};

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

async function toOrders(deps: OrderDeps, actor: Actor, rows: repo.OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const records = await repo.userStepsOf(deps.db, ids);
  const docs = await repo.documentsOf(deps.db, ids);
  const people = await deps.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      employeeId: users.employeeId,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))]));
  const tenantRows = await deps.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(inArray(tenants.id, [...new Set(rows.map((r) => r.tenantId))]));
  return rows.map((row) => {
    const terms = row.terms as OrderTerms;
    const own = actor.role === 'EMPLOYEE' && row.userId === actor.id;
    const snapshot = openPrivate(deps.cipher, row);
    const person = people.find((p) => p.id === row.userId);
    const { dateOfBirth: _dob, ...orderUserInfo } = snapshot.orderUserInfo;
    return {
      id: row.id,
      created: row.createdAt.toISOString(),
      status: row.status as StepType,
      leasePackage: own ? terms.leasePackage : { ...terms.leasePackage, userPrice: null },
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
      userSteps: records
        .filter((r) => r.orderId === row.id)
        .map((r) => ({ id: r.id, stepId: r.stepId, status: r.status, modified: r.modified.toISOString() })),
      documents: docs
        .filter((d) => d.orderId === row.id)
        .map((d) => ({ id: d.id, name: d.name, created: d.createdAt.toISOString() })),
      employee: {
        firstName: person?.firstName ?? '',
        lastName: person?.lastName ?? '',
        email: person?.email ?? '',
        employeeId: person?.employeeId ?? null,
      },
      tenantName: tenantRows.find((t) => t.id === row.tenantId)?.name ?? '',
      declineReason: row.declineReason,
      handoverDate: row.handoverDate,
    };
  });
}

/** `GET /v1/admin/orders`: the tenant admin's employer's orders, or all orders for the provider admin. */
export async function adminOrders(deps: OrderDeps, actor: Actor): Promise<AdminOrderSummary[]> {
  if (actor.role === 'EMPLOYEE') throw forbidden();
  const rows =
    actor.role === 'PROVIDER_ADMIN'
      ? await deps.db.select().from(orders).orderBy(desc(orders.id))
      : await deps.db
          .select()
          .from(orders)
          .where(eq(orders.tenantId, actor.tenantId ?? ''))
          .orderBy(desc(orders.id));
  const views = await toOrders(deps, actor, rows);
  return views.map((o) => {
    const row = rows.find((r) => r.id === o.id);
    const current = o.userSteps.find((s) => s.id === row?.currentUserStepId);
    return {
      id: o.id,
      created: o.created,
      status: o.status,
      currentStepId: current?.stepId ?? null,
      currentUserStepId: current?.id ?? null,
      employee: o.employee,
      tenantName: o.tenantName,
      vehicle: { brand: o.vehicle.brand, carModel: o.vehicle.carModel, trimLevel: o.vehicle.trimLevel },
      durationMonths: o.leasePackage.durationMonths,
      kmPerYear: o.leasePackage.kmPerYear,
      monthlyGrossRate: o.leasePackage.totalMonthlyGrossCostEur,
      color: o.color,
      delivery: o.delivery,
      latestDocument: o.documents[0] ?? null,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Changing orders

/** `DELETE /v1/order/{id}`: the employee's own order, only before the signature. */
export async function deleteOrder(deps: OrderDeps, actor: Actor, orderId: number, ctx: Ctx): Promise<void> {
  const order = await visibleOrder(deps, actor, orderId);
  if (actor.role !== 'EMPLOYEE') throw forbidden();
  if (order.signedAt || !isDeletableStatus(order.status))
    throw conflict('Eine unterschriebene Bestellung kann nicht gelöscht werden.');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(orders)
      .where(and(eq(orders.id, orderId), isNull(orders.signedAt)))
      .returning({ id: orders.id });
    if (deleted.length !== 1) throw conflict('Eine unterschriebene Bestellung kann nicht gelöscht werden.');
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.deleted',
      subjectType: 'order',
      subjectId: String(orderId),
      requestId: ctx.requestId,
      at: now,
    });
  });
}

function isDeletableStatus(status: string): boolean {
  return (UNSIGNED_STEPS as readonly string[]).includes(status) || status === 'EXPIRED' || status === 'BREAKING_CHANGE';
}

/**
 * `PUT /v1/order/{orderId}/step/{stepId}/execute|accept|decline`. Only the role the step is enabled
 * for, only on the current step with its current status record; one conditional update decides.
 */
export async function stepAction(
  deps: OrderDeps,
  actor: Actor,
  params: { orderId: number; stepId: number; action: StepAction },
  body: StepActionRequest,
  ctx: Ctx,
): Promise<Order> {
  const order = await visibleOrder(deps, actor, params.orderId);
  if (body.orderId !== params.orderId) {
    throw new AppError('VALIDATION_FAILED', 'Die Bestellnummer passt nicht.', {
      errors: [{ field: 'orderId', message: 'invalid' }],
    });
  }
  const step = stepById(params.stepId);
  if (!step) throw notFound('Schritt nicht gefunden');
  if (!mayAct(actor.role, step)) {
    deps.events.emit('authz.denied', {
      actor: actor.id,
      tenant: actor.tenantId,
      target: `order:${order.id}:step:${step.id}`,
    });
    throw forbidden();
  }
  const current = await detectBreakingChange(deps, order);
  if (current.status === 'BREAKING_CHANGE')
    throw conflict(
      'Die Bestellung wurde abgebrochen, weil sich Ihre Daten oder die Angebotskonditionen geändert haben.',
    );
  if (!current.currentUserStepId || current.currentUserStepId !== body.userStepId || current.status !== step.stepType) {
    throw conflict('Dieser Schritt ist nicht der aktuelle Schritt der Bestellung.');
  }
  const transition = transitionFor(step.stepType, params.action);
  if (!transition) throw conflict('Diese Aktion ist in diesem Schritt nicht möglich.');
  await checkPreconditions(deps, current, step.stepType, params.action, body);
  const now = deps.clock.now();
  const extra =
    params.action === 'decline'
      ? { declineReason: body.reason ?? null }
      : step.stepType === 'LEASING_ACTIVE'
        ? { handoverDate: body.handoverDate ?? null }
        : step.stepType === 'NECT_SIGN'
          ? { signedAt: now }
          : {};
  const done = await deps.db.transaction(async (tx) => {
    const won = await repo.applyTransition(tx, {
      orderId: current.id,
      expectedUserStepId: body.userStepId,
      records: transition.records,
      status: transition.status,
      actorUserId: actor.id,
      now,
      extra,
    });
    if (!won) return false;
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: current.tenantId,
      action: `order.step.${params.action}`,
      subjectType: 'order',
      subjectId: String(current.id),
      fields: [step.stepType],
      requestId: ctx.requestId,
      at: now,
    });
    await notifyTransition(tx, deps, current, step.stepType, transition.status, body.reason ?? null, now);
    return true;
  });
  if (!done) throw conflict('Dieser Schritt wurde bereits bearbeitet.');
  deps.mailSent();
  return getOrder(deps, actor, current.id);
}

async function checkPreconditions(
  deps: OrderDeps,
  order: repo.OrderRow,
  stepType: StepType,
  action: StepAction,
  body: StepActionRequest,
): Promise<void> {
  if (action === 'decline') return;
  if (stepType === 'CONFIRM_SUMMARY' && body.agreed !== true) {
    throw new AppError('VALIDATION_FAILED', 'Bitte bestätigen Sie die Zusammenfassung.', {
      errors: [{ field: 'agreed', message: 'You must agree before proceeding' }],
    });
  }
  if (stepType === 'LEASING_ACTIVE' && !body.handoverDate) {
    throw new AppError('VALIDATION_FAILED', 'Bitte geben Sie das Übergabedatum an.', {
      errors: [{ field: 'handoverDate', message: 'required' }],
    });
  }
  if (stepType === 'NECT_DRIVERS_LICENCE' || stepType === 'NECT_SIGN') {
    const latest = await repo.latestCase(deps.db, order.id, stepOfType(stepType).id);
    if (latest?.status !== 'SUCCEEDED')
      throw conflict('Die Prüfung beim Identifikationsdienst ist noch nicht abgeschlossen.');
  }
}

// ---------------------------------------------------------------------------------------------
// Mails

interface Recipient {
  email: string;
  firstName: string;
}

function mailEmployee(
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

async function notifyTransition(
  tx: Database,
  deps: OrderDeps,
  order: repo.OrderRow,
  from: StepType,
  to: StepType,
  reason: string | null,
  now: Date,
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
      await toEmployee('Vertrag unterschrieben', [
        `Sie haben den Überlassungsvertrag für den ${title} unterschrieben. Jetzt gibt Ihr Arbeitgeber die Bestellung frei.`,
      ]);
      await toAdmins('TENANT_ADMIN', 'Freigabe erforderlich', [`Eine Bestellung (${title}) wartet auf Ihre Freigabe.`]);
      return;
    case 'ADMIN_CONFIRM':
      await toEmployee('Vom Arbeitgeber freigegeben', [
        `Ihr Arbeitgeber hat die Bestellung des ${title} freigegeben. Wir bestellen das Fahrzeug beim Hersteller.`,
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

// ---------------------------------------------------------------------------------------------
// System transitions: breaking change and expiry

/**
 * Before the signature the order stands on the data it was made with: when the employee's salary
 * profile or the package's terms changed since, the order moves to BREAKING_CHANGE.
 */
export async function detectBreakingChange(deps: OrderDeps, order: repo.OrderRow): Promise<repo.OrderRow> {
  if (!UNSIGNED_STEPS.includes(order.status as StepType) || !order.currentUserStepId) return order;
  const currentVersion = await profileVersionOf(deps.db, order.userId);
  const snapshot = await deps.catalog.get();
  const pkg = snapshot.packagesById.get(order.leasePackageId);
  const terms = order.terms as OrderTerms;
  const termsChanged =
    !pkg ||
    pkg.pkg.totalMonthlyGrossCostCents !== terms.totalMonthlyGrossCostCents ||
    pkg.vehicle.listPriceGrossCents !== terms.vehicle.listPriceGrossCents;
  const profileChanged = currentVersion !== order.profileVersion;
  if (!termsChanged && !profileChanged) return order;
  await endBySystem(deps, order, 'BREAKING_CHANGE');
  return (await repo.findOrder(deps.db, order.id)) ?? order;
}

async function profileVersionOf(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: salaryProfiles.version })
    .from(salaryProfiles)
    .where(eq(salaryProfiles.userId, userId));
  return row?.version ?? null;
}

async function endBySystem(
  deps: OrderDeps,
  order: repo.OrderRow,
  terminal: 'EXPIRED' | 'BREAKING_CHANGE',
): Promise<boolean> {
  const transition = terminate(order.status as StepType, terminal);
  if (!transition || !order.currentUserStepId) return false;
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const won = await repo.applyTransition(tx, {
      orderId: order.id,
      expectedUserStepId: order.currentUserStepId ?? '',
      records: transition.records,
      status: transition.status,
      actorUserId: null,
      now,
    });
    if (!won) return false;
    await recordAudit(tx, {
      actorUserId: null,
      tenantId: order.tenantId,
      action: `order.${terminal.toLowerCase()}`,
      subjectType: 'order',
      subjectId: String(order.id),
      at: now,
    });
    await notifyTransition(tx, deps, order, order.status as StepType, terminal, null, now);
    return true;
  });
  if (done) deps.mailSent();
  return done;
}

/** The scheduled check: expire orders not signed in time, end orders whose basis changed. */
export async function runOrderChecks(deps: OrderDeps): Promise<{ expired: number; changed: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.expiryDays * 24 * 3600_000);
  let expired = 0;
  for (const order of await repo.unsignedOrdersCreatedBefore(deps.db, cutoff)) {
    if (await endBySystem(deps, order, 'EXPIRED')) expired++;
  }
  let changed = 0;
  for (const order of await repo.unsignedOrders(deps.db)) {
    if ((await detectBreakingChange(deps, order)).status === 'BREAKING_CHANGE') changed++;
  }
  return { expired, changed };
}

/** Called after an employee saved the salary profile. */
export async function onProfileChanged(deps: OrderDeps, userId: string): Promise<void> {
  for (const order of await repo.unsignedOrders(deps.db, { userId })) await detectBreakingChange(deps, order);
}

// ---------------------------------------------------------------------------------------------
// Identity check and signature

export type CaseKind = 'IDENT' | 'SIGN';
const STEP_FOR: Record<CaseKind, StepType> = { IDENT: 'NECT_DRIVERS_LICENCE', SIGN: 'NECT_SIGN' };

/**
 * `PUT .../nect-ident` and `.../nect-sign`: the link to the provider. While a case is open the same
 * link comes back (a partial unique index allows one open case per order and step), so double clicks
 * and parallel calls create exactly one paid case.
 */
export async function startCase(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  stepId: number,
  kind: CaseKind,
): Promise<string> {
  const order = await visibleOrder(deps, actor, orderId);
  if (actor.role !== 'EMPLOYEE') throw forbidden();
  const step = stepById(stepId);
  if (!step) throw notFound('Schritt nicht gefunden');
  const current = await detectBreakingChange(deps, order);
  if (step.stepType !== STEP_FOR[kind] || current.status !== step.stepType)
    throw conflict('Dieser Schritt ist nicht der aktuelle Schritt der Bestellung.');
  for (let attempt = 0; attempt < 50; attempt++) {
    const open = await repo.openCase(deps.db, orderId, stepId);
    if (open?.status === 'PENDING' && open.link && open.expiresAt && open.expiresAt > deps.clock.now())
      return open.link;
    if (open?.status === 'PENDING') {
      // Expired at the provider: close it so a new case may start.
      await deps.db
        .update(identCases)
        .set({ status: 'EXPIRED', updatedAt: deps.clock.now() })
        .where(eq(identCases.id, open.id));
      continue;
    }
    if (open?.status === 'STARTING') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if ((await repo.countCases(deps.db, orderId, stepId)) >= MAX_CASES_PER_STEP) {
      throw conflict('Zu viele Versuche für diesen Schritt. Bitte wenden Sie sich an den Support.');
    }
    const claimed = await deps.db
      .insert(identCases)
      .values({ orderId, stepId, kind, status: 'STARTING', createdAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: identCases.id });
    const claim = claimed[0];
    if (!claim) continue;
    return createProviderCase(deps, current, claim.id, kind);
  }
  throw new AppError(
    'SERVICE_UNAVAILABLE',
    'Der Identifikationsdienst antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
  );
}

async function createProviderCase(
  deps: OrderDeps,
  order: repo.OrderRow,
  caseRowId: string,
  kind: CaseKind,
): Promise<string> {
  const returnUrl = `${deps.publicUrl}/order/${order.id}/workflow`;
  const callbackUrl = `${deps.callbackBaseUrl()}/v1/provider/callback`;
  try {
    const provider = deps.provider();
    const started =
      kind === 'IDENT'
        ? await provider.startIdent({ reference: `order-${order.id}`, callbackUrl, returnUrl })
        : await provider.startSign({
            reference: `order-${order.id}`,
            callbackUrl,
            returnUrl,
            document: { fileName: contractFileName(order.id, false), pdf: await renderContract(deps, order, null) },
            signerName: signerName(deps, order),
          });
    await deps.db
      .update(identCases)
      .set({
        status: 'PENDING',
        providerCaseId: started.caseId,
        link: started.link,
        expiresAt: started.expiresAt,
        updatedAt: deps.clock.now(),
      })
      .where(eq(identCases.id, caseRowId));
    return started.link;
  } catch (error) {
    // The step stays as it is; the claim goes so a later attempt can start again.
    await deps.db.delete(identCases).where(eq(identCases.id, caseRowId));
    if (error instanceof ProviderUnavailableError) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Der Identifikationsdienst antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
      );
    }
    throw error;
  }
}

function signerName(deps: OrderDeps, order: repo.OrderRow): string {
  const { firstName, lastName } = openPrivate(deps.cipher, order).orderUserInfo.addressDto;
  return `${firstName} ${lastName}`;
}

/** `GET ...-check`: our database only (the UI polls it every 3 s). */
export async function checkCase(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  stepId: number,
  kind: CaseKind,
): Promise<boolean> {
  const order = await visibleOrder(deps, actor, orderId);
  const step = stepById(stepId);
  if (!step || step.stepType !== STEP_FOR[kind]) throw notFound('Schritt nicht gefunden');
  // Signed means the order has moved on (case and step change commit together).
  if (kind === 'SIGN') return order.signedAt !== null;
  const latest = await repo.latestCase(deps.db, orderId, stepId);
  return latest?.status === 'SUCCEEDED';
}

/**
 * A provider callback is only a hint: we verify its signature, ignore replays, and re-read the case
 * from the provider before anything changes.
 */
export async function handleCallback(
  deps: OrderDeps,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<'ok' | 'replay'> {
  const provider = deps.provider();
  const event = provider.verifyCallback(headers, rawBody);
  if (!event) throw new AppError('UNAUTHENTICATED', 'Ungültige Signatur');
  const fresh = await deps.db
    .insert(processedCallbacks)
    .values({ eventId: event.eventId })
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0) return 'replay';
  try {
    await syncCase(deps, event.caseId);
  } catch (error) {
    // Let the provider retry later: forget the event.
    await deps.db.delete(processedCallbacks).where(eq(processedCallbacks.eventId, event.eventId));
    if (error instanceof ProviderUnavailableError) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Der Identifikationsdienst antwortet gerade nicht.');
    }
    throw error;
  }
  return 'ok';
}

/** Reads a case from the provider and applies it: status, and for a signature the signed contract. */
export async function syncCase(deps: OrderDeps, providerCaseId: string): Promise<void> {
  const [row] = await deps.db.select().from(identCases).where(eq(identCases.providerCaseId, providerCaseId));
  if (!row || row.status !== 'PENDING') return;
  let remote;
  try {
    remote = await deps.provider().getCase(providerCaseId);
  } catch (error) {
    // The provider no longer knows the case (e.g. the simulator restarted): it can never complete,
    // so close it and let the employee start a new one.
    if (error instanceof ProviderCaseNotFoundError) {
      await deps.db
        .update(identCases)
        .set({ status: 'FAILED', updatedAt: deps.clock.now() })
        .where(eq(identCases.id, row.id));
      return;
    }
    throw error;
  }
  if (remote.status === 'PENDING') return;
  const now = deps.clock.now();
  const order = await repo.findOrder(deps.db, row.orderId);
  const signs =
    row.kind === 'SIGN' && remote.status === 'SUCCEEDED' && order?.status === 'NECT_SIGN' && order.currentUserStepId;
  const transition = transitionFor('NECT_SIGN', 'accept');
  const signed =
    signs && order
      ? (remote.signedDocument ??
        (await renderContract(deps, order, { signedAt: now.toISOString(), caseId: providerCaseId })))
      : null;
  // The case status and, for a signature, the step change commit together: a check that reads
  // "signed" always finds the order moved on.
  const moved = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(identCases)
      .set({ status: remote.status, updatedAt: now })
      .where(and(eq(identCases.id, row.id), eq(identCases.status, 'PENDING')))
      .returning();
    if (updated.length === 0 || !signs || !order || !transition || !signed) return false;
    const won = await repo.applyTransition(tx, {
      orderId: order.id,
      expectedUserStepId: order.currentUserStepId ?? '',
      records: transition.records,
      status: transition.status,
      actorUserId: null,
      now,
      extra: { signedAt: now },
    });
    if (!won) return false;
    await tx.insert(orderDocuments).values({
      orderId: order.id,
      name: contractFileName(order.id, true),
      kind: 'CONTRACT_SIGNED',
      pdf: Buffer.from(signed),
      createdAt: now,
    });
    await recordAudit(tx, {
      actorUserId: order.userId,
      tenantId: order.tenantId,
      action: 'order.signed',
      subjectType: 'order',
      subjectId: String(order.id),
      at: now,
    });
    await notifyTransition(tx, deps, order, 'NECT_SIGN', transition.status, null, now);
    return true;
  });
  if (moved) deps.mailSent();
}

/** Catches up on cases whose callback got lost (scheduled). */
export async function reconcileCases(deps: OrderDeps): Promise<void> {
  for (const row of await repo.pendingCases(deps.db)) {
    if (!row.providerCaseId) continue;
    await syncCase(deps, row.providerCaseId).catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Documents

export function contractFileName(orderId: number, signed: boolean): string {
  return `Ueberlassungsvertrag-${orderId}${signed ? '-unterschrieben' : ''}.pdf`;
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
    .where(eq(orderDocuments.orderId, order.id))
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

async function renderContract(
  deps: OrderDeps,
  order: repo.OrderRow,
  signature: { signedAt: string; caseId: string } | null,
): Promise<Uint8Array> {
  const terms = order.terms as OrderTerms;
  const snapshot = openPrivate(deps.cipher, order);
  const [tenant] = await deps.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, order.tenantId));
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
  };
  return renderTransferContract(input);
}
