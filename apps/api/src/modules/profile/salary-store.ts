import { asc, eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { salaryProfiles } from '../../db/schema.js';
import { salaryProfileHistory } from '../../db/schema-lease-life.js';
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

/**
 * The saved versions of many people's profiles in one statement, oldest first per person (the
 * payroll export's batches). A person with a version that does not open gets none, as the single
 * read's caller treats a failed read.
 */
export async function readSalaryProfileHistories(
  db: Database,
  cipher: FieldCipher,
  owners: { userId: string; tenantId: string | null }[],
): Promise<Map<string, { salaryInfo: unknown; version: number; savedAt: Date }[]>> {
  const result = new Map<string, { salaryInfo: unknown; version: number; savedAt: Date }[]>();
  if (owners.length === 0) return result;
  const tenantOf = new Map(owners.map((o) => [o.userId, o.tenantId]));
  const rows = await db
    .select()
    .from(salaryProfileHistory)
    .where(inArray(salaryProfileHistory.userId, [...tenantOf.keys()]))
    .orderBy(asc(salaryProfileHistory.userId), asc(salaryProfileHistory.version));
  const unreadable = new Set<string>();
  for (const row of rows) {
    if (unreadable.has(row.userId)) continue;
    try {
      const json = cipher.decrypt(row, aadFor(row.userId, tenantOf.get(row.userId) ?? null));
      const versions = result.get(row.userId) ?? [];
      versions.push({ salaryInfo: JSON.parse(json) as unknown, version: row.version, savedAt: row.savedAt });
      result.set(row.userId, versions);
    } catch {
      unreadable.add(row.userId);
      result.delete(row.userId);
    }
  }
  return result;
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

/**
 * Many people's profiles in a few statements (the payroll export of a large employer): the same
 * decryption as `readSalaryProfile`, keyed by user id; a profile that does not open is left out.
 */
export async function readSalaryProfiles(
  db: Database,
  cipher: FieldCipher,
  owners: { userId: string; tenantId: string | null }[],
): Promise<Map<string, { salaryInfo: unknown; version: number }>> {
  const result = new Map<string, { salaryInfo: unknown; version: number }>();
  const tenantOf = new Map(owners.map((o) => [o.userId, o.tenantId]));
  const ids = [...tenantOf.keys()];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select()
      .from(salaryProfiles)
      .where(inArray(salaryProfiles.userId, ids.slice(i, i + 1000)));
    for (const row of rows) {
      try {
        const json = cipher.decrypt(row, aadFor(row.userId, tenantOf.get(row.userId) ?? null));
        result.set(row.userId, { salaryInfo: JSON.parse(json) as unknown, version: row.version });
      } catch {
        // Unreadable: treated like a missing profile, as the single read's caller does.
      }
    }
  }
  return result;
}
