import { count } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { tenants } from '../../db/schema.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { hashPassword } from '../../lib/password.js';
import { seedDemoCatalog } from '../catalog/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_REGISTER_CODE, DEMO_SALARY_INFO, DEMO_TOTP_SECRET } from './accounts.js';
import { enableTotp, insertAddress, insertEmployer, insertPeople, insertSalaryProfile } from './factories.js';

/**
 * Loads the demo (`DEMO_DATA=true`): its people into an empty database, then the demo catalogue of
 * `catalogSize` vehicles (all of the demo file when undefined). Returns whether the people were created (false when data already existed).
 */
export async function loadDemoData(
  db: Database,
  cipher: FieldCipher,
  catalogSize: number | undefined,
  now = new Date(),
): Promise<boolean> {
  const created = await seedDemoData(db, cipher, now);
  await seedDemoCatalog(db, catalogSize);
  return created;
}

/** Loads the demo's people into an empty database; returns false when data already exists. */
export async function seedDemoData(db: Database, cipher: FieldCipher, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if ((existing?.n ?? 0) > 0) return false;
  // One hash per account: every stored hash has its own salt, demo data included.
  const [employeeHash, tenantAdminHash, providerAdminHash] = await Promise.all(
    [0, 1, 2].map(() => hashPassword(DEMO_PASSWORD)),
  );
  await db.transaction(async (tx) => {
    const tenantId = await insertEmployer(
      tx,
      {
        name: 'Muster GmbH',
        street: 'Industriestraße',
        streetNumber: '7',
        postcode: '50667',
        place: 'Köln',
        contactEmail: DEMO_ACCOUNTS.tenantAdmin,
      },
      DEMO_REGISTER_CODE,
    );
    const confirmed = { emailConfirmedAt: now };
    const [employeeId] = await insertPeople(tx, [
      {
        ...confirmed,
        passwordHash: employeeHash,
        tenantId,
        email: DEMO_ACCOUNTS.employee,
        role: 'EMPLOYEE',
        title: 'mr',
        firstName: 'Max',
        lastName: 'Mustermann',
        employeeId: 'M-1001',
      },
    ]);
    if (!employeeId) throw new Error('user insert failed');
    const adminIds = await insertPeople(tx, [
      {
        ...confirmed,
        passwordHash: tenantAdminHash,
        tenantId,
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
    ]);
    for (const adminId of adminIds) await enableTotp(tx, cipher, adminId, DEMO_TOTP_SECRET, now);
    await insertAddress(tx, employeeId, {
      street: 'Musterstraße',
      streetNumber: '12a',
      postcode: '50667',
      place: 'Köln',
      state: 'NW',
      placeOfBirth: 'Köln',
    });
    await insertSalaryProfile(tx, cipher, { userId: employeeId, tenantId }, DEMO_SALARY_INFO, now);
  });
  return true;
}
