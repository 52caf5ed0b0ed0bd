import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { registerCodes } from '../../db/schema-provider.js';
import { tenants, userAddresses, users } from '../../db/schema.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { mfaSecretAad } from '../mfa/index.js';
import { writeSalaryProfile } from '../profile/index.js';

/**
 * Building blocks of made-up data: an employer with its register code, people, their address, TOTP
 * secret and encrypted salary profile. Each writes through the owning module's own encoding (the
 * salary store's AAD, the MFA secret's AAD), so made-up rows read back like real ones. The demo data
 * uses them, and so can a generator of larger data sets.
 */

export type EmployerValues = typeof tenants.$inferInsert;
export type PersonValues = typeof users.$inferInsert;
export type AddressValues = Omit<typeof userAddresses.$inferInsert, 'userId'>;

/** Inserts an employer and, when given, its register code; returns the employer's id. */
export async function insertEmployer(db: Database, employer: EmployerValues, registerCode?: string): Promise<string> {
  const [tenant] = await db.insert(tenants).values(employer).returning({ id: tenants.id });
  if (!tenant) throw new Error('tenant insert failed');
  if (registerCode !== undefined) await db.insert(registerCodes).values({ tenantId: tenant.id, code: registerCode });
  return tenant.id;
}

/** Inserts people in one statement; returns their ids in the order given. */
export async function insertPeople(db: Database, people: PersonValues[]): Promise<string[]> {
  const rows = await db.insert(users).values(people).returning({ id: users.id });
  if (rows.length !== people.length) throw new Error('user insert failed');
  return rows.map((row) => row.id);
}

/** Turns on TOTP for a person with a known secret, encrypted and bound to the person as MFA stores it. */
export async function enableTotp(
  db: Database,
  cipher: FieldCipher,
  userId: string,
  totpSecret: string,
  now: Date,
): Promise<void> {
  const secret = cipher.encrypt(totpSecret, mfaSecretAad(userId));
  await db
    .update(users)
    .set({
      mfaSecretKeyId: secret.keyId,
      mfaSecretIv: secret.iv,
      mfaSecretCiphertext: secret.ciphertext,
      mfaEnabledAt: now,
    })
    .where(eq(users.id, userId));
}

export async function insertAddress(db: Database, userId: string, address: AddressValues): Promise<void> {
  await db.insert(userAddresses).values({ ...address, userId });
}

/** Stores a salary profile (the spec's `salaryInfo`) encrypted, as the profile module does. */
export async function insertSalaryProfile(
  db: Database,
  cipher: FieldCipher,
  owner: { userId: string; tenantId: string | null },
  salaryInfo: unknown,
  now: Date,
): Promise<void> {
  await writeSalaryProfile(db, cipher, owner, salaryInfo, now);
}
