import { readFileSync } from 'node:fs';

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';

/** The operator's procedure of docs/security.md, exactly as written there (ADR 0025). */
const DOC = readFileSync(new URL('../../../../../docs/security.md', import.meta.url), 'utf8');
const BLOCK =
  /<!-- operator-reset:start -->\s*```sql\n([\s\S]*?)```\s*<!-- operator-reset:end -->/.exec(DOC)?.[1] ?? '';

/** psql's `:'email'` as a quoted literal; BEGIN and COMMIT become the test's own transaction. */
function statementsFor(email: string): string[] {
  return BLOCK.replaceAll(":'email'", `'${email.replaceAll("'", "''")}'`)
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement && !/^(BEGIN|COMMIT)$/i.test(statement));
}

describe.each(databaseTargets())("the operator's reset of a provider admin's second factor on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const runProcedure = (email: string) =>
    runAsSystem(() =>
      t.runtime.database.db.transaction(async (tx) => {
        for (const statement of statementsFor(email)) await tx.execute(sql.raw(statement));
      }),
    );
  const passwordLogin = async (email: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username: email, password: DEMO_PASSWORD },
      })
    ).json<{ authenticated: boolean; accessToken?: string; mfaRequired?: boolean }>();

  it('is in the documentation, and changes nothing for an address that is not a provider admin', async () => {
    expect(statementsFor('x@example.com').length).toBeGreaterThanOrEqual(6);
    await runProcedure(DEMO_ACCOUNTS.tenantAdmin);
    expect(await passwordLogin(DEMO_ACCOUNTS.tenantAdmin)).toMatchObject({ authenticated: false, mfaRequired: true });
  });

  it('ends the sessions and the factor; the next sign-in reaches only the enrolment with the mailbox', async () => {
    const session = await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin);
    t.clock.advance(1_000);
    await runProcedure(DEMO_ACCOUNTS.providerAdmin.toUpperCase());

    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(session.accessToken) })).statusCode,
    ).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refreshToken',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.json()).toEqual({ authenticated: false });

    // The SQL stamps with the database's clock; the person signs in a moment after it.
    t.clock.set(new Date(Math.max(Date.now(), t.clock.now().getTime()) + 2_000));
    const login = await passwordLogin(DEMO_ACCOUNTS.providerAdmin);
    expect(login).toMatchObject({ authenticated: true, mfaEnrollmentRequired: true });
    const token = login.accessToken ?? '';
    const closed = await t.app.inject({ method: 'GET', url: '/v1/provider/tenants', headers: bearer(token) });
    expect(closed.json()).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED' });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/v1/user/mfa/setup',
      headers: bearer(token),
      payload: { password: DEMO_PASSWORD },
    });
    expect(setup.statusCode).toBe(202);

    const lines = await runAsSystem(() =>
      t.runtime.database.db
        .select({ fields: auditLog.fields })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'mfa.reset'), eq(auditLog.subjectType, 'user'))),
    );
    expect(lines).toEqual([{ fields: ['mfaSecret', 'recoveryCodes'] }]);
  });
});
