import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import type { FastifyInstance } from 'fastify';

import type { Database } from '../db/client.js';
import { registerCodes } from '../db/schema-provider.js';
import { tenants, users } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { bearer, loginAs } from './harness.js';

/** A second employer with an employee (complete profile) and a tenant admin, for isolation tests. */
export async function buildTenant(
  app: FastifyInstance,
  db: Database,
  overrides: { name?: string; code?: string; prefix?: string; now?: Date } = {},
): Promise<{
  tenantId: string;
  employee: { email: string; accessToken: string };
  admin: { email: string; accessToken: string };
}> {
  const prefix = overrides.prefix ?? `t${Math.random().toString(36).slice(2, 8)}`;
  const password = 'Fabrik-Passwort-1';
  const passwordHash = await hashPassword(password);
  const [tenant] = await db
    .insert(tenants)
    .values({ name: overrides.name ?? `Firma ${prefix}` })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error('tenant insert failed');
  await db.insert(registerCodes).values({ tenantId: tenant.id, code: overrides.code ?? prefix.toUpperCase() });
  // The app's clock, not the wall clock: tests that move time must not age the new accounts with it.
  const now = overrides.now ?? new Date();
  const employeeEmail = `${prefix}.mitarbeiter@example.com`;
  const adminEmail = `${prefix}.personal@example.com`;
  await db.insert(users).values([
    {
      tenantId: tenant.id,
      email: employeeEmail,
      passwordHash,
      role: 'EMPLOYEE',
      firstName: 'Erik',
      lastName: 'Extern',
      emailConfirmedAt: now,
      createdAt: now,
    },
    {
      tenantId: tenant.id,
      email: adminEmail,
      passwordHash,
      role: 'TENANT_ADMIN',
      firstName: 'Anke',
      lastName: 'Admin',
      emailConfirmedAt: now,
      createdAt: now,
    },
  ]);
  const employee = await loginAs(app, employeeEmail, password);
  await app.inject({
    method: 'PUT',
    url: '/v1/user/info',
    headers: bearer(employee.accessToken),
    payload: { addressDto: buildAddress({ firstName: 'Erik', lastName: 'Extern' }), salaryInfo: buildSalaryInfo() },
  });
  const admin = await loginAs(app, adminEmail, password);
  return {
    tenantId: tenant.id,
    employee: { email: employeeEmail, accessToken: employee.accessToken },
    admin: { email: adminEmail, accessToken: admin.accessToken },
  };
}
