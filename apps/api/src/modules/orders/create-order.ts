import type { CreateOrderRequest, FieldError } from '@leasing/contract';
import { carName, SalaryInfoSchema } from '@leasing/contract';
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orderPolicies } from '../../db/schema-employer.js';
import { orders, userSteps } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import { recipientOf } from '../account/index.js';
import { photoUrls, programmeFor, programmeVerdict, provisionalWarnings, toTaxResult } from '../catalog/index.js';
import { addressDtoOf, readSalaryProfile } from '../profile/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import type { Actor, Ctx, OrderDeps } from './deps.js';
import { mailEmployee } from './notify.js';
import { sealPrivate, type OrderTerms, type PrivateSnapshot } from './snapshot.js';
import { stepOfType } from './steps.js';

const missing = (field: string, message: string): FieldError => ({ field, message });

// ---------------------------------------------------------------------------------------------
// Creating and reading orders

/**
 * `POST /v1/order`: checks profile and options and freezes the snapshot (vehicle and package terms,
 * colour, delivery, the employee's address and salary data, the tax result). Missing things are the
 * spec's `errors` list. `inTransaction` runs inside the order's transaction right after the order row
 * is written (the Idempotency-Key's answer, lib/idempotency.ts): if it fails, there is no order.
 */
export async function createOrder(
  deps: OrderDeps,
  actor: Actor,
  input: CreateOrderRequest,
  ctx: Ctx,
  inTransaction?: (tx: Database, orderId: number) => Promise<void>,
): Promise<number> {
  if (actor.role !== 'EMPLOYEE' || !actor.tenantId) throw forbidden();
  const tenantId = actor.tenantId;
  // A deactivated employer takes no new orders; what exists continues.
  const employer = (await tenantFactsOf(deps.db, [tenantId])).get(tenantId);
  if (!employer?.enabled) throw conflict('Ihr Arbeitgeber nimmt derzeit keine neuen Bestellungen an.');
  const snapshot = await deps.catalog.get();
  const found = snapshot.packagesById.get(input.leasePackageId);
  const errors: FieldError[] = [];
  if (!found) errors.push(missing('leasePackageId', 'Leasingpaket'));
  if (found && !found.vehicle.colors.includes(input.color)) errors.push(missing('color', 'Farbe'));
  if (found && !found.vehicle.deliveryOptions.includes(input.delivery))
    errors.push(missing('delivery', 'Lieferoption'));
  const person = await addressDtoOf(deps.db, actor.id);
  const addressFields = ['street', 'streetNumber', 'postcode', 'place', 'state', 'placeOfBirth'] as const;
  for (const field of addressFields)
    if (!person?.[field]) errors.push(missing(`addressDto.${field}`, addressLabel[field] ?? field));
  const stored = await readSalaryProfile(deps.db, deps.cipher, { userId: actor.id, tenantId });
  const salary = stored ? SalaryInfoSchema.safeParse(stored.salaryInfo) : null;
  if (!salary?.success) errors.push(missing('salaryInfo', 'Gehaltsdaten'));
  const prepared = await deps.rates.prepare({ id: actor.id, tenantId });
  if (salary?.success && !prepared.ok)
    errors.push(
      missing('salaryInfo', prepared.reason.kind === 'NOT_COMPUTABLE' ? prepared.reason.message : 'Gehaltsdaten'),
    );
  const programme = await programmeFor(deps.db, tenantId);
  const comparison =
    found && prepared.ok ? deps.rates.compare(prepared.prepared, found.vehicle, found.pkg, programme) : null;
  if (found && prepared.ok && !comparison) errors.push(missing('leasePackageId', 'Berechenbare Nettorate'));
  if (errors.length > 0 || !found || !person || !salary?.success || !prepared.ok || !comparison || !stored) {
    throw new AppError('ORDER_INCOMPLETE', 'Für die Bestellung fehlen Angaben.', { errors });
  }
  // The employer's programme: cars outside it, and conversions that would leave less than the
  // minimum gross pay, are refused with the reason. The same verdict the package's tax result shows.
  const verdict = programmeVerdict(programme, found.vehicle, found.pkg, comparison);
  const [refusal] = verdict.reasons;
  if (!verdict.orderable && refusal) throw new AppError('POLICY_REFUSED', refusal.message);
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
      // The net rate is personal: it lives in the encrypted snapshot (conversion.netMonthlyRateCents).
      userPrice: null,
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
        title: person.title,
        firstName: person.firstName,
        lastName: person.lastName,
        street: person.street ?? '',
        streetNumber: person.streetNumber ?? '',
        place: person.place ?? '',
        postcode: person.postcode ?? '',
        state: person.state ?? '',
        placeOfBirth: person.placeOfBirth ?? '',
        employeeId: person.employeeId,
        email: person.email,
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
      // A rate computed with an earlier year's rules says so in the contract too (ADR 0035).
      warnings: [...comparison.warnings, ...provisionalWarnings(comparison)].map(({ code, message }) => ({
        code,
        message,
      })),
    },
  };
  const orderId = await deps.db.transaction(async (tx) => {
    // The id first: the snapshot's ciphertext is bound to its own row.
    const id = await nextOrderId(tx);
    const sealed = sealPrivate(deps.cipher, { id, userId: actor.id, tenantId }, privateSnapshot);
    const [row] = await tx
      .insert(orders)
      .values({
        id,
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
        privateAadVersion: sealed.aadVersion,
        profileVersion: stored.version,
        status: 'CONFIRM_SUMMARY',
        createdAt: now,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('order insert failed');
    // First, before the rest: a parallel repeat of the same Idempotency-Key waits here for this
    // transaction instead of doing all of its own work first.
    await inTransaction?.(tx, row.id);
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
    // The order keeps the programme it was made under (a later policy change does not touch it).
    await tx.insert(orderPolicies).values({
      orderId: row.id,
      tenantId,
      policyVersion: programme.version,
      deductionStart: programme.policy.deductionStart,
      employerContributionCents: comparison.salarySacrificeData.employerContribution,
    });
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
    const recipient = await recipientOf(tx, actor.id);
    if (recipient) {
      await mailEmployee(
        tx,
        deps,
        recipient,
        row.id,
        { type: 'CREATED', car: carName({ brand: vehicle.brand, carModel: vehicle.model }) },
        now,
      );
    }
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

/** The order id the insert will use, drawn from the column's own sequence. */
async function nextOrderId(tx: Database): Promise<number> {
  const result = await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
  const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
  if (!Number.isInteger(id)) throw new Error('no order id from the sequence');
  return id;
}
