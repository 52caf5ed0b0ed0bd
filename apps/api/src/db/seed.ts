import { count, eq } from 'drizzle-orm';

import type { FieldCipher } from '../lib/field-encryption.js';
import { hashPassword } from '../lib/password.js';
import { mfaSecretAad } from '../modules/mfa/repository.js';
import { writeSalaryProfile } from '../modules/profile/salary-store.js';
import type { Database } from './client.js';
import { registerCodes } from './schema-provider.js';
import { tenants, userAddresses, users } from './schema.js';

/** Demo data (README "Demo-Zugänge"): one employer, its employee and admin, the provider admin. */
export const DEMO_PASSWORD = 'Demo-Passwort-1';
export const DEMO_REGISTER_CODE = 'DEMO2026';
export const DEMO_ACCOUNTS = {
  employee: 'max.mustermann@example.com',
  tenantAdmin: 'personal@example.com',
  providerAdmin: 'admin@example.com',
} as const;

/**
 * The demo admins' TOTP secret (demo data only; printed in the README), so anyone trying the demo can
 * log in as an admin with an authenticator app or `oathtool --totp -b <secret>`.
 */
export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

/** A complete salary profile in the spec's `salaryInfo` shape (amounts in EUR). */
export const DEMO_SALARY_INFO = {
  federalState: 'NW',
  dateOfBirth: '1986-04-12',
  grossMonthlySalaryEur: 5200,
  taxClass: 1,
  spouseFactor: null,
  taxAllowance: 0,
  children: false,
  childrenUnder25: 0,
  childrenAllowances: 0,
  pensionInsurance: true,
  unemploymentInsurance: true,
  churchTax: true,
  akb: false,
  healthInsurance: 'STATUTORY',
  basicRateHealthInsurance: 14.6,
  additionalAmountHealthInsurance: 2.9,
  arbeitgeberzuschuss: false,
  beitragPkv: null,
  beitragPv: null,
  basisbeitragSteuerrelevant: null,
  companyPensionPlan: 0,
  arrivalKilometers: 18,
  arrivalNumber: 15,
  salaryConversions: [],
} as const;

/** Loads the demo data into an empty database; returns false when data already exists. */
export async function seedDemoData(db: Database, cipher: FieldCipher, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if ((existing?.n ?? 0) > 0) return false;
  // One hash per account: every stored hash has its own salt, demo data included.
  const [employeeHash, tenantAdminHash, providerAdminHash] = await Promise.all(
    [0, 1, 2].map(() => hashPassword(DEMO_PASSWORD)),
  );
  await db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        name: 'Muster GmbH',
        street: 'Industriestraße',
        streetNumber: '7',
        postcode: '50667',
        place: 'Köln',
        contactEmail: DEMO_ACCOUNTS.tenantAdmin,
      })
      .returning({ id: tenants.id });
    if (!tenant) throw new Error('tenant insert failed');
    await tx.insert(registerCodes).values({ tenantId: tenant.id, code: DEMO_REGISTER_CODE });
    const confirmed = { emailConfirmedAt: now };
    const [employee] = await tx
      .insert(users)
      .values({
        ...confirmed,
        passwordHash: employeeHash,
        tenantId: tenant.id,
        email: DEMO_ACCOUNTS.employee,
        role: 'EMPLOYEE',
        title: 'mr',
        firstName: 'Max',
        lastName: 'Mustermann',
        employeeId: 'M-1001',
      })
      .returning({ id: users.id });
    if (!employee) throw new Error('user insert failed');
    const admins = await tx
      .insert(users)
      .values([
        {
          ...confirmed,
          passwordHash: tenantAdminHash,
          tenantId: tenant.id,
          email: DEMO_ACCOUNTS.tenantAdmin,
          role: 'TENANT_ADMIN',
          title: 'ms',
          firstName: 'Petra',
          lastName: 'Personal',
        },
        {
          ...confirmed,
          passwordHash: providerAdminHash,
          tenantId: null,
          email: DEMO_ACCOUNTS.providerAdmin,
          role: 'PROVIDER_ADMIN',
          title: 'other',
          firstName: 'Alex',
          lastName: 'Admin',
        },
      ])
      .returning({ id: users.id });
    for (const admin of admins) {
      const secret = cipher.encrypt(DEMO_TOTP_SECRET, mfaSecretAad(admin.id));
      await tx
        .update(users)
        .set({
          mfaSecretKeyId: secret.keyId,
          mfaSecretIv: secret.iv,
          mfaSecretCiphertext: secret.ciphertext,
          mfaEnabledAt: now,
        })
        .where(eq(users.id, admin.id));
    }
    await tx.insert(userAddresses).values({
      userId: employee.id,
      street: 'Musterstraße',
      streetNumber: '12a',
      postcode: '50667',
      place: 'Köln',
      state: 'NW',
      placeOfBirth: 'Köln',
    });
    await writeSalaryProfile(tx, cipher, { userId: employee.id, tenantId: tenant.id }, DEMO_SALARY_INFO, now);
  });
  return true;
}
