import { asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { salaryProfiles } from '../../db/schema.js';
import { salaryProfileHistory } from '../../db/schema-lease-life.js';
import type { FieldCipher } from '../../lib/field-encryption.js';

/**
 * Reads and writes the encrypted salary profile. The plaintext is the JSON of the spec's
 * `salaryInfo`; it exists only in memory. The AAD ties each ciphertext to its user and tenant.
 */
function aadFor(userId: string, tenantId: string | null): string {
  return `salary_profiles:ciphertext:${userId}:${tenantId ?? '-'}`;
}

export async function writeSalaryProfile(
  db: Database,
  cipher: FieldCipher,
  owner: { userId: string; tenantId: string | null },
  salaryInfo: unknown,
  now: Date,
): Promise<number> {
  const encrypted = cipher.encrypt(JSON.stringify(salaryInfo), aadFor(owner.userId, owner.tenantId));
  const [row] = await db
    .insert(salaryProfiles)
    .values({ userId: owner.userId, ...encrypted, version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: salaryProfiles.userId,
      set: { ...encrypted, version: sql`${salaryProfiles.version} + 1`, updatedAt: now },
    })
    .returning({ version: salaryProfiles.version });
  // Every version is kept (the same ciphertext), so payroll can tell what the profile said in a month.
  await db
    .insert(salaryProfileHistory)
    .values({ userId: owner.userId, version: row?.version ?? 1, ...encrypted, savedAt: now })
    .onConflictDoNothing();
  return row?.version ?? 1;
}

/** Every saved version of the profile, oldest first (empty for profiles saved before versions were kept). */
export async function readSalaryProfileHistory(
  db: Database,
  cipher: FieldCipher,
  owner: { userId: string; tenantId: string | null },
): Promise<{ salaryInfo: unknown; version: number; savedAt: Date }[]> {
  const rows = await db
    .select()
    .from(salaryProfileHistory)
    .where(eq(salaryProfileHistory.userId, owner.userId))
    .orderBy(asc(salaryProfileHistory.version));
  return rows.map((row) => ({
    salaryInfo: JSON.parse(cipher.decrypt(row, aadFor(owner.userId, owner.tenantId))) as unknown,
    version: row.version,
    savedAt: row.savedAt,
  }));
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
