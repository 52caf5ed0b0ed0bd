import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { salaryProfiles, users } from '../../db/schema.js';
import { verifyPassword } from '../../lib/password.js';
import { createTestApp, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';

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
