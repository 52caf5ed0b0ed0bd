import crypto from 'node:crypto';

import { asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { employmentEnds, orderPolicies } from '../../db/schema-employer.js';
import { registerCodes } from '../../db/schema-provider.js';
import {
  orderDocuments,
  orders,
  salaryProfiles,
  stepDefinitions,
  tenants,
  userAddresses,
  users,
  userSteps,
} from '../../db/schema.js';
import { carModels, leasePackages, manufacturers } from '../../db/schema-catalog.js';
import { runAsSystem } from '../../db/scope.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { hashPassword } from '../../lib/password.js';
import { sealPrivate, type OrderTerms, type PrivateSnapshot } from '../orders/index.js';
import { sealSalaryProfile } from '../profile/index.js';
import { DEMO_ACCOUNTS, DEMO_SALARY_INFO } from './accounts.js';
import { seedBilling, type BilledEmployer } from './scale-billing.js';
import { seedPriceListHistory } from './scale-price-lists.js';
import {
  between,
  employerSizes,
  FIRST_NAMES,
  historyOf,
  LAST_NAMES,
  leaseState,
  PLACES,
  randomSource,
  signed,
  type ScaleOptions,
} from './scale-plan.js';

/**
 * A provider's real size (`npm run seed:scale`): employers of very unequal size, people with
 * encrypted salary profiles and addresses, leases in every state with their step history, signed
 * contracts, leaving dates, spread over three years. The demo employer (`personal@example.com`) is
 * the large one. Rows are written in multi-row statements; generated people share one password hash
 * (`SCALE_PASSWORD`), every ciphertext is made by the owning module's own encoding.
 */

export const SCALE_PASSWORD = 'Skalen-Passwort-1';
const BATCH = 1000;
const DAY = 86_400_000;

export interface ScaleSummary {
  employers: number;
  largestEmployer: number;
  people: number;
  salaryProfiles: number;
  leases: number;
  byStatus: Record<string, number>;
  demoHandedOver: number;
  statusRecords: number;
  documents: number;
  leaving: number;
  /** Employers with billing data, the public bodies among them, those without a Leitweg-ID, by format. */
  billing: Awaited<ReturnType<typeof seedBilling>>;
  millis: number;
}

/** A one-page PDF standing in for a signed contract (the same bytes for every generated order). */
const CONTRACT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function insertChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/** Whether generated data is already there (more than the demo employer). */
export async function scaleDataPresent(db: Database): Promise<boolean> {
  const [row] = await runAsSystem(() => db.select({ n: sql<number>`count(*)::int` }).from(tenants));
  return (row?.n ?? 0) > 1;
}

/**
 * Generates the data set into a database that holds the demo data (and its catalogue). The demo
 * employer gets the large share of people and two thirds of the leases, most of them handed over.
 */
export async function seedScale(
  db: Database,
  cipher: FieldCipher,
  options: ScaleOptions,
  now = new Date(),
): Promise<ScaleSummary> {
  return runAsSystem(async () => {
    const started = Date.now();
    const random = randomSource(options.seed ?? 31);
    const [demoAdmin] = await db
      .select({
        tenantId: users.tenantId,
        street: tenants.street,
        streetNumber: tenants.streetNumber,
        postcode: tenants.postcode,
        place: tenants.place,
      })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin));
    const demoTenantId = demoAdmin?.tenantId;
    if (!demoTenantId) throw new Error('demo data missing: load it first (DEMO_DATA=true)');
    const offers = await offersOf(db);
    if (offers.length === 0) throw new Error('catalogue missing: load the demo catalogue first');
    const steps = new Map(
      (await db.select({ id: stepDefinitions.id, type: stepDefinitions.stepType }).from(stepDefinitions)).map((s) => [
        s.type,
        s.id,
      ]),
    );
    const passwordHash = await hashPassword(SCALE_PASSWORD);
    const sizes = employerSizes(options, random);

    // Employers: the demo employer first (it exists), then the generated ones with an HR admin each.
    const tenantIds = [demoTenantId];
    const newTenants: (typeof tenants.$inferInsert)[] = [];
    for (let k = 1; k < sizes.length; k++) {
      const id = crypto.randomUUID();
      tenantIds.push(id);
      const [place, postcode] = PLACES[k % PLACES.length] ?? ['Köln', '50667'];
      newTenants.push({
        id,
        name: `Firma ${k} ${LAST_NAMES[k % LAST_NAMES.length] ?? ''} GmbH`,
        street: 'Hauptstraße',
        streetNumber: String(k),
        postcode,
        place,
        contactEmail: `personal@firma${k}.example.com`,
        createdAt: new Date(now.getTime() - between(random, 30, 3 * 365) * DAY),
      });
    }
    await insertChunks(newTenants, (chunk) => db.insert(tenants).values(chunk));
    await insertChunks(
      newTenants.map((t, i) => ({ tenantId: t.id ?? '', code: `FIRMA${i + 1}-${(options.seed ?? 31).toString(36)}` })),
      (chunk) => db.insert(registerCodes).values(chunk),
    );

    // People: every employer's employees, and an HR admin for each generated employer.
    const people: (typeof users.$inferInsert)[] = [];
    const byTenant: string[][] = tenantIds.map(() => []);
    let serial = 0;
    sizes.forEach((size, k) => {
      const tenantId = tenantIds[k] ?? demoTenantId;
      if (k > 0) {
        people.push({
          tenantId,
          email: `personal@firma${k}.example.com`,
          passwordHash,
          role: 'TENANT_ADMIN',
          firstName: 'Hanna',
          lastName: `Personal ${k}`,
          emailConfirmedAt: now,
        });
      }
      for (let i = 0; i < size; i++) {
        serial++;
        const id = crypto.randomUUID();
        const firstName = FIRST_NAMES[between(random, 0, FIRST_NAMES.length - 1)] ?? 'Anna';
        const lastName = LAST_NAMES[between(random, 0, LAST_NAMES.length - 1)] ?? 'Müller';
        const invited = random() < 0.04;
        const createdAt = new Date(now.getTime() - between(random, 1, 3 * 365) * DAY);
        byTenant[k]?.push(id);
        people.push({
          id,
          tenantId,
          email: `p${serial}.${k}@firma${k}.example.com`,
          passwordHash: invited ? null : passwordHash,
          role: 'EMPLOYEE',
          title: random() < 0.5 ? 'mr' : 'ms',
          firstName,
          lastName,
          employeeId: `P-${k}-${String(i + 1).padStart(5, '0')}`,
          emailConfirmedAt: invited ? null : createdAt,
          createdAt,
        });
      }
    });
    await insertChunks(people, (chunk) => db.insert(users).values(chunk));

    // Addresses and salary profiles of everyone who signed up, encrypted as the profile module does.
    const employees = people.filter((p) => p.role === 'EMPLOYEE' && p.passwordHash);
    const profileOf = new Map<string, { info: Record<string, unknown>; place: string[] }>();
    const addresses: (typeof userAddresses.$inferInsert)[] = [];
    const profiles: (typeof salaryProfiles.$inferInsert)[] = [];
    for (const p of employees) {
      const id = p.id ?? '';
      const place = PLACES[between(random, 0, PLACES.length - 1)] ?? ['Köln', '50667', 'NW'];
      const info = {
        ...DEMO_SALARY_INFO,
        federalState: place[2],
        dateOfBirth: `${between(random, 1962, 2003)}-0${between(random, 1, 9)}-1${between(random, 0, 9)}`,
        grossMonthlySalaryEur: between(random, 28, 140) * 100,
        taxClass: random() < 0.7 ? 1 : random() < 0.5 ? 3 : 4,
        churchTax: random() < 0.5,
        arrivalKilometers: between(random, 1, 60),
        arrivalNumber: between(random, 4, 20),
      };
      profileOf.set(id, { info, place });
      addresses.push({
        userId: id,
        street: 'Lindenallee',
        streetNumber: String(between(random, 1, 200)),
        postcode: place[1],
        place: place[0],
        state: place[2],
        placeOfBirth: place[0],
        updatedAt: now,
      });
      const sealed = sealSalaryProfile(cipher, { userId: id, tenantId: p.tenantId ?? null }, info);
      profiles.push({ userId: id, ...sealed, version: 1, updatedAt: p.createdAt ?? now });
    }
    await insertChunks(addresses, (chunk) => db.insert(userAddresses).values(chunk));
    await insertChunks(profiles, (chunk) => db.insert(salaryProfiles).values(chunk));

    // Leaving dates: about 3 % of the people, in the past three years and the next months.
    const leaving = employees
      .filter(() => random() < 0.03)
      .map((p) => ({
        userId: p.id ?? '',
        tenantId: p.tenantId ?? demoTenantId,
        leavingDate: new Date(now.getTime() + between(random, -900, 120) * DAY).toISOString().slice(0, 10),
        recordedAt: now,
      }));
    await insertChunks(leaving, (chunk) => db.insert(employmentEnds).values(chunk));

    // Leases: two thirds at the demo employer (most handed over: its payroll export has 10,000 rows and
    // more), the rest spread over the others' people.
    const signedUp = tenantIds.map((tenantId) => employees.filter((p) => p.tenantId === tenantId));
    const demoPeople = signedUp[0] ?? [];
    const others = signedUp.slice(1).flat();
    const demoShare =
      others.length === 0 ? options.leases : Math.min(demoPeople.length, Math.ceil((options.leases * 2) / 3));
    const owners: Partial<typeof users.$inferInsert>[] = [];
    for (let i = 0; i < demoShare; i++) owners.push(demoPeople[i % demoPeople.length] ?? {});
    for (let i = demoShare; i < options.leases; i++) {
      const pool = others.length > 0 ? others : demoPeople;
      owners.push(pool[between(random, 0, pool.length - 1)] ?? {});
    }
    const idRows = await db.execute(
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, ${options.leases})`,
    );
    const ids = (idRows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));

    const orderRows: (typeof orders.$inferInsert)[] = [];
    const stepRows: (typeof userSteps.$inferInsert)[] = [];
    const policyRows: (typeof orderPolicies.$inferInsert)[] = [];
    const documentRows: (typeof orderDocuments.$inferInsert)[] = [];
    const byStatus: Record<string, number> = {};
    let demoHandedOver = 0;
    owners.forEach((owner, i) => {
      const id = ids[i];
      const userId = owner.id;
      const tenantId = owner.tenantId;
      if (id === undefined || !userId || !tenantId) return;
      const demo = tenantId === demoTenantId;
      const state =
        demo && random() < 0.85 ? { status: 'LEASING_ACTIVE' as const, handedOver: true } : leaseState(random);
      const history = historyOf(state, random);
      const open = !history.some(
        (r) =>
          r.status !== null &&
          ['EXPIRED', 'BREAKING_CHANGE', 'DECLINED_BY_TENANT', 'DECLINED_BY_ADMIN'].includes(r.stepType),
      );
      // Open orders are recent (the expiry job would have ended old ones); leases spread over three years.
      const ageDays = open && !state.handedOver ? between(random, 0, 20) : between(random, 90, 3 * 365);
      const createdAt = new Date(now.getTime() - ageDays * DAY - between(random, 0, DAY - 1));
      const offer = offers[between(random, 0, offers.length - 1)];
      const profile = profileOf.get(userId);
      if (!offer || !profile) return;
      const contribution = [0, 5000, 10000][between(random, 0, 2)] ?? 0;
      const listPrice = offer.terms.vehicle.listPriceGrossCents;
      const privateUse = Math.round(listPrice * 0.0025);
      const km = Number(profile.info['arrivalKilometers'] ?? 0);
      const snapshot: PrivateSnapshot = {
        orderUserInfo: {
          addressDto: {
            title: owner.title ?? 'mr',
            firstName: owner.firstName ?? '',
            lastName: owner.lastName ?? '',
            street: 'Lindenallee',
            streetNumber: '1',
            place: profile.place[0] ?? '',
            postcode: profile.place[1] ?? '',
            state: profile.place[2] ?? '',
            placeOfBirth: profile.place[0] ?? '',
            employeeId: owner.employeeId ?? null,
            email: owner.email ?? '',
          },
          salaryInfo: profile.info,
          dateOfBirth: String(profile.info['dateOfBirth']),
        },
        taxResult: null,
        conversion: {
          monthlyConversionCents: Math.max(0, offer.terms.totalMonthlyGrossCostCents - contribution),
          employerContributionCents: contribution,
          netMonthlyRateCents: Math.round((offer.terms.totalMonthlyGrossCostCents - contribution) * 0.55),
          privateUseBenefitCents: privateUse,
          commutingBenefitCents: Math.round(listPrice * 0.25 * 0.0003 * km),
          benefitRuleLabel: '0,25 % des Bruttolistenpreises',
        },
      };
      const sealed = sealPrivate(cipher, { id, userId, tenantId }, snapshot);
      const handoverDate = state.handedOver
        ? new Date(createdAt.getTime() + between(random, 40, 120) * DAY).toISOString().slice(0, 10)
        : null;
      let at = createdAt.getTime();
      let current: string | null = null;
      for (const record of history) {
        const recordId = crypto.randomUUID();
        at += between(random, 1, 4 * 24) * 3_600_000 * (record.status === null ? 0.25 : 1);
        stepRows.push({
          id: recordId,
          orderId: id,
          stepId: steps.get(record.stepType) ?? 1,
          status: record.status,
          actorUserId: userId,
          modified: new Date(Math.min(at, now.getTime())),
        });
        current = recordId;
      }
      orderRows.push({
        id,
        userId,
        tenantId,
        vehicleId: offer.vehicleId,
        leasePackageId: offer.packageId,
        color: 'Weiß',
        delivery: 'HOME',
        terms: offer.terms,
        privateKeyId: sealed.keyId,
        privateIv: sealed.iv,
        privateCiphertext: sealed.ciphertext,
        privateAadVersion: sealed.aadVersion,
        profileVersion: 1,
        status: state.status,
        currentUserStepId: current,
        signedAt: signed(history) ? new Date(createdAt.getTime() + 3 * DAY) : null,
        handoverDate,
        createdAt,
      });
      policyRows.push({
        orderId: id,
        tenantId,
        policyVersion: null,
        deductionStart: random() < 0.7 ? 'HANDOVER_MONTH' : 'NEXT_MONTH',
        employerContributionCents: contribution,
      });
      if (signed(history)) {
        documentRows.push({
          orderId: id,
          name: `Ueberlassungsvertrag-${id}.pdf`,
          kind: 'CONTRACT_SIGNED',
          pdf: CONTRACT_PDF,
          createdAt,
        });
      }
      byStatus[state.status] = (byStatus[state.status] ?? 0) + 1;
      if (demo && state.handedOver) demoHandedOver++;
    });
    await insertChunks(orderRows, (chunk) => db.insert(orders).values(chunk));
    await insertChunks(stepRows, (chunk) => db.insert(userSteps).values(chunk));
    await insertChunks(policyRows, (chunk) => db.insert(orderPolicies).values(chunk));
    await insertChunks(documentRows, (chunk) => db.insert(orderDocuments).values(chunk));
    await seedPriceListHistory(db, options.priceLists ?? 156, now);
    // Billing data of every employer, the demo employer's included (its own random source: the same
    // people and leases as before billing was generated).
    const billed: BilledEmployer[] = [
      {
        tenantId: demoTenantId,
        street: demoAdmin?.street ?? 'Industriestraße',
        streetNumber: demoAdmin?.streetNumber ?? '7',
        postcode: demoAdmin?.postcode ?? '50667',
        place: demoAdmin?.place ?? 'Köln',
        domain: 'muster.example',
      },
      ...newTenants.map((t, i) => ({
        tenantId: t.id ?? '',
        street: t.street ?? '',
        streetNumber: t.streetNumber ?? '',
        postcode: t.postcode ?? '',
        place: t.place ?? '',
        domain: `firma${i + 1}.example.com`,
      })),
    ];
    const billing = await seedBilling(db, billed, randomSource((options.seed ?? 31) + 1), now);

    return {
      employers: tenantIds.length,
      largestEmployer: Math.max(...sizes),
      people: people.length,
      salaryProfiles: profiles.length,
      leases: orderRows.length,
      byStatus,
      demoHandedOver,
      statusRecords: stepRows.length,
      documents: documentRows.length,
      leaving: leaving.length,
      billing,
      millis: Date.now() - started,
    };
  });
}

interface Offer {
  vehicleId: string;
  packageId: string;
  terms: OrderTerms;
}

/** Up to 60 packages of the catalogue, frozen as an order freezes them. */
async function offersOf(db: Database): Promise<Offer[]> {
  const rows = await db
    .select({
      brand: manufacturers.name,
      model: carModels.name,
      vehicle: {
        id: sql<string>`v.id`,
        trimLevel: sql<string | null>`v.trim_level`,
        maximumPowerKw: sql<number>`v.maximum_power_kw`,
        rangeKm: sql<number>`v.range_km`,
        consumption: sql<number | null>`v.consumption_kwh_100km::float8`,
        batteryKwh: sql<number>`v.battery_kwh::float8`,
        listPriceGrossCents: sql<number>`v.list_price_gross_cents::float8`,
        driveType: sql<string>`v.drive_type`,
        deliveryFromWeeks: sql<number | null>`v.delivery_from_weeks`,
        deliveryToWeeks: sql<number | null>`v.delivery_to_weeks`,
        approximate: sql<boolean>`v.approximate`,
      },
      pkg: leasePackages,
    })
    .from(leasePackages)
    .innerJoin(sql`vehicles v`, sql`v.id = ${leasePackages.vehicleId}`)
    .innerJoin(carModels, sql`${carModels.id} = v.model_id`)
    .innerJoin(manufacturers, eq(manufacturers.id, carModels.manufacturerId))
    .orderBy(asc(leasePackages.id))
    .limit(60);
  return rows.map(({ brand, model, vehicle, pkg }) => ({
    vehicleId: vehicle.id,
    packageId: pkg.id,
    terms: {
      vehicle: {
        id: vehicle.id,
        brand,
        carModel: model,
        trimLevel: vehicle.trimLevel,
        maximumPowerKw: vehicle.maximumPowerKw,
        rangeKm: vehicle.rangeKm,
        consumption: vehicle.consumption,
        listPrice: vehicle.listPriceGrossCents / 100,
        mainPhotoUrl: null,
        pictureUrls: [],
        deliveryFromWeeks: vehicle.deliveryFromWeeks,
        deliveryToWeeks: vehicle.deliveryToWeeks,
        vehicleDetails: { technicalDetails: null, standardEquipment: null, specialEquipment: null },
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
    } as OrderTerms,
  }));
}
