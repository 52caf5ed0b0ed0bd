import { TenantEmployeesQuerySchema } from '@leasing/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema.js';
import { runAsSystem, runInScope } from '../../db/scope.js';
import { createTestApp, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { seedScale } from '../demo/scale.js';
import { employeePageQueries } from './repository.js';

/**
 * The HR people search at a large employer, EXPLAINed on PostgreSQL with statistics (refreshed as the
 * owner) under the HR admin's scope: the four starts (both name orders, address, personnel number)
 * are one BitmapOr of index ranges, not a filter over every person of the employer (migration 0030).
 */
describe.skipIf(!process.env['TEST_DATABASE_URL'])('the HR people search plan (PostgreSQL)', () => {
  let t: TestApp;
  let scope: { role: 'TENANT_ADMIN'; userId: string; tenantId: string };
  beforeAll(async () => {
    t = await createTestApp('postgres');
    const db = t.runtime.database.db;
    // The demo employer gets half of the people: 2,000 to search among.
    await seedScale(db, t.app.orderDeps.cipher, { employers: 3, employees: 4000, leases: 10, priceLists: 0 });
    await t.runtime.database.refreshStatistics();
    const [admin] = await runAsSystem(() =>
      db
        .select({ id: users.id, tenantId: users.tenantId })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin)),
    );
    scope = { role: 'TENANT_ADMIN', userId: admin?.id ?? '', tenantId: admin?.tenantId ?? '' };
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('reads the matching people through the name and personnel-number keys', async () => {
    const queries = employeePageQueries(
      t.runtime.database.db,
      scope.tenantId,
      TenantEmployeesQuerySchema.parse({ q: 'müller' }),
    );
    for (const query of [queries.rows, queries.total]) {
      const { sql: text, params } = query.toSQL();
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
        const value = params[Number(n) - 1];
        return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
      });
      const result = await runInScope(scope, () =>
        t.runtime.database.db.execute(sql.raw(`explain (format json) ${inlined}`)),
      );
      const plan = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
      expect(plan).toContain('BitmapOr');
      expect(plan).toContain('users_name_key_reversed_idx');
      expect(plan).toContain('users_employee_id_key_idx');
    }
  });
});
