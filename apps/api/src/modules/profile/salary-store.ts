import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { salaryProfiles } from '../../db/schema.js';
import type { EncryptedValue, FieldCipher } from '../../lib/field-encryption.js';

/**
 * Reads and writes the encrypted salary profile. The plaintext is the JSON of the spec's
 * `salaryInfo`; it exists only in memory. The AAD ties each ciphertext to its user and tenant.
 */
function aadFor(userId: string, tenantId: string | null): string {
  return `salary_profiles:ciphertext:${userId}:${tenantId ?? '-'}`;
}

/** The stored form of a salary profile (what `writeSalaryProfile` writes): for bulk writers of the same rows. */
export function sealSalaryProfile(
  cipher: FieldCipher,
  owner: { userId: string; tenantId: string | null },
  salaryInfo: unknown,
): EncryptedValue {
  return cipher.encrypt(JSON.stringify(salaryInfo), aadFor(owner.userId, owner.tenantId));
}

export async function writeSalaryProfile(
  db: Database,
  cipher: FieldCipher,
  owner: { userId: string; tenantId: string | null },
  salaryInfo: unknown,
  now: Date,
): Promise<number> {
  const encrypted = sealSalaryProfile(cipher, owner, salaryInfo);
  const [row] = await db
    .insert(salaryProfiles)
    .values({ userId: owner.userId, ...encrypted, version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: salaryProfiles.userId,
      set: { ...encrypted, version: sql`${salaryProfiles.version} + 1`, updatedAt: now },
    })
    .returning({ version: salaryProfiles.version });
  return row?.version ?? 1;
}

export async function readSalaryProfile(
  db: Database,
  cipher: FieldCipher,
  owner: { userId: string; tenantId: string | null },
): Promise<{ salaryInfo: unknown; version: number } | null> {
  const [row] = await db.select().from(salaryProfiles).where(eq(salaryProfiles.userId, owner.userId)).limit(1);
  if (!row) return null;
  const json = cipher.decrypt(row, aadFor(owner.userId, owner.tenantId));
  return { salaryInfo: JSON.parse(json) as unknown, version: row.version };
}
