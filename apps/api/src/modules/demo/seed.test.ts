import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerCodes } from '../../db/schema-provider.js';
import { salaryProfiles, tenants, userAddresses, users } from '../../db/schema.js';
import { verifyPassword } from '../../lib/password.js';
import { createFieldCipher } from '../../runtime.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { mfaSecretAad } from '../mfa/repository.js';
import { readSalaryProfile } from '../profile/salary-store.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_REGISTER_CODE, DEMO_SALARY_INFO, DEMO_TOTP_SECRET } from './accounts.js';

/** Security checklist 3: demo data is stored like real data, each secret with its own salt. */
describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every demo account its own password hash and salt', async () => {
    const rows = await t.runtime.database.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(inArray(users.email, Object.values(DEMO_ACCOUNTS)));
    expect(rows).toHaveLength(3);
    const hashes = rows.map((row) => row.passwordHash ?? '');
    expect(new Set(hashes).size).toBe(3);
    // argon2id PHC strings: $argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>
    const salts = hashes.map((hash) => hash.split('$')[4]);
    expect(new Set(salts).size).toBe(3);
    for (const hash of hashes) expect(await verifyPassword(hash, DEMO_PASSWORD)).toBe(true);
  });

  it('encrypts the demo salary profile with its own IV, bound to its row', async () => {
    const [profile] = await t.runtime.database.db.select().from(salaryProfiles);
    expect(profile?.iv.length).toBe(12);
    expect(Buffer.from(profile?.ciphertext ?? []).toString('utf8')).not.toMatch(/grossMonthlySalaryEur|churchTax/);
  });
});

/** The browser journeys sign in with these people and find this employer: the demo stays as it is. */
describe.each(databaseTargets())('demo data on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads the demo employer, its register code and its three people', async () => {
    const db = t.runtime.database.db;
    const employers = await db
      .select({
        id: tenants.id,
        name: tenants.name,
        street: tenants.street,
        streetNumber: tenants.streetNumber,
        postcode: tenants.postcode,
        place: tenants.place,
        contactEmail: tenants.contactEmail,
      })
      .from(tenants);
    expect(employers).toHaveLength(1);
    const [employer] = employers;
    expect(employer).toMatchObject({
      name: 'Muster GmbH',
      street: 'Industriestraße',
      streetNumber: '7',
      postcode: '50667',
      place: 'Köln',
      contactEmail: DEMO_ACCOUNTS.tenantAdmin,
    });
    const codes = await db.select({ tenantId: registerCodes.tenantId, code: registerCodes.code }).from(registerCodes);
    expect(codes).toEqual([{ tenantId: employer?.id, code: DEMO_REGISTER_CODE }]);
    const people = await db
      .select({
        email: users.email,
        role: users.role,
        title: users.title,
        firstName: users.firstName,
        lastName: users.lastName,
        employeeId: users.employeeId,
        tenantId: users.tenantId,
        confirmed: users.emailConfirmedAt,
        mfaEnabledAt: users.mfaEnabledAt,
      })
      .from(users)
      .orderBy(asc(users.email));
    expect(
      people.map(({ confirmed, mfaEnabledAt, ...person }) => ({
        ...person,
        confirmed: confirmed !== null,
        mfa: mfaEnabledAt !== null,
      })),
    ).toEqual([
      {
        email: DEMO_ACCOUNTS.providerAdmin,
        role: 'PROVIDER_ADMIN',
        title: 'other',
        firstName: 'Alex',
        lastName: 'Admin',
        employeeId: null,
        tenantId: null,
        confirmed: true,
        mfa: true,
      },
      {
        email: DEMO_ACCOUNTS.employee,
        role: 'EMPLOYEE',
        title: 'mr',
        firstName: 'Max',
        lastName: 'Mustermann',
        employeeId: 'M-1001',
        tenantId: employer?.id,
        confirmed: true,
        mfa: false,
      },
      {
        email: DEMO_ACCOUNTS.tenantAdmin,
        role: 'TENANT_ADMIN',
        title: 'ms',
        firstName: 'Petra',
        lastName: 'Personal',
        employeeId: null,
        tenantId: employer?.id,
        confirmed: true,
        mfa: true,
      },
    ]);
  });

  it('gives the admins the documented TOTP secret and the employee an address and a salary profile', async () => {
    const db = t.runtime.database.db;
    const cipher = createFieldCipher(t.config);
    const admins = await db
      .select()
      .from(users)
      .where(inArray(users.email, [DEMO_ACCOUNTS.tenantAdmin, DEMO_ACCOUNTS.providerAdmin]));
    expect(admins).toHaveLength(2);
    for (const admin of admins) {
      const stored = {
        keyId: admin.mfaSecretKeyId ?? '',
        iv: admin.mfaSecretIv ?? Buffer.alloc(0),
        ciphertext: admin.mfaSecretCiphertext ?? Buffer.alloc(0),
      };
      expect(cipher.decrypt(stored, mfaSecretAad(admin.id))).toBe(DEMO_TOTP_SECRET);
    }
    const [employee] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.employee));
    if (!employee) throw new Error('demo employee missing');
    const [address] = await db.select().from(userAddresses).where(eq(userAddresses.userId, employee.id));
    expect(address).toMatchObject({
      street: 'Musterstraße',
      streetNumber: '12a',
      postcode: '50667',
      place: 'Köln',
      state: 'NW',
      placeOfBirth: 'Köln',
    });
    const profile = await readSalaryProfile(db, cipher, { userId: employee.id, tenantId: employee.tenantId });
    expect(profile).toEqual({ salaryInfo: DEMO_SALARY_INFO, version: 1 });
  });
});
