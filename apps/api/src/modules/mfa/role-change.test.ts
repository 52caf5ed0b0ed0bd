import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { MFA_GRACE_MS } from '../auth/mfa-policy.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Security checklist 7 and 22 for role changes. No route changes a role; an operator does, in SQL.
 * The change takes effect on the very next request with the same token, restarts the admin's grace
 * period for the second factor, and leaves a line in the audit trail.
 */
describe.each(databaseTargets())('a role changed by an operator on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const asOperator = (statement: ReturnType<typeof sql>) => runAsSystem(() => t.runtime.database.db.execute(statement));
  const policyWith = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/tenant/policy', headers: bearer(token) });

  it('applies at the next request and gives a promoted employee the full grace period', async () => {
    const db = t.runtime.database.db;
    // An employee of long standing: their account is two months old.
    const longAgo = new Date(t.clock.now().getTime() - 60 * DAY_MS);
    const tenant = await buildTenant(t.app, db, { prefix: 'befoerdert', now: longAgo });
    const email = tenant.employee.email;
    const { accessToken: token } = await loginAs(t.app, email, 'Fabrik-Passwort-1');
    expect((await policyWith(token)).statusCode).toBe(403);

    await asOperator(sql`update users set role = 'TENANT_ADMIN' where email = ${email}`);
    // Same token, next request: the new role counts, and the 14 days start now, not at sign-up.
    const promoted = await policyWith(token);
    expect(promoted.statusCode).toBe(200);

    t.clock.advance(MFA_GRACE_MS + 60_000);
    const late = await policyWith((await loginAs(t.app, email, 'Fabrik-Passwort-1')).accessToken);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED' });
    t.clock.advance(-(MFA_GRACE_MS + 60_000));

    await asOperator(sql`update users set role = 'EMPLOYEE' where email = ${email}`);
    expect((await policyWith(token)).statusCode).toBe(403);

    const [person] = await runAsSystem(() => db.select({ id: users.id }).from(users).where(eq(users.email, email)));
    const lines = await runAsSystem(() =>
      db
        .select({ action: auditLog.action, fields: auditLog.fields, tenantId: auditLog.tenantId })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(person?.id)))),
    );
    // Which field changed, never its value (the audit records fields, not values).
    expect(lines.filter((line) => line.action === 'user.role_changed')).toEqual([
      { action: 'user.role_changed', fields: ['role'], tenantId: tenant.tenantId },
      { action: 'user.role_changed', fields: ['role'], tenantId: tenant.tenantId },
    ]);
  });

  it('leaves the grace period of an unchanged account where it was', async () => {
    const longAgo = new Date(t.clock.now().getTime() - 60 * DAY_MS);
    const tenant = await buildTenant(t.app, t.runtime.database.db, { prefix: 'altgedient', now: longAgo });
    // An admin created two months ago without a second factor is past the grace period.
    const { accessToken } = await loginAs(t.app, tenant.admin.email, 'Fabrik-Passwort-1');
    const response = await policyWith(accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED' });
    // Renaming someone is no role change.
    await asOperator(sql`update users set first_name = 'Anna' where email = ${tenant.admin.email}`);
    expect((await policyWith(accessToken)).json()).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED' });
  });
});
