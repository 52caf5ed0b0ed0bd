import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { enrolWith, HR_PASSWORD, invitedAdmin, subjectsTo } from '../../test-support/mfa.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';

/** Security checklist 10 (ADR 0025): the provider resets an HR admin's lost second factor. */
describe.each(databaseTargets())("provider: resetting an HR admin's second factor on %s", (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  beforeAll(async () => {
    t = await createTestApp(target);
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const idOf = async (email: string) => {
    const [row] = await runAsSystem(() =>
      t.runtime.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)),
    );
    return row?.id ?? '';
  };
  const resetUrl = (tenantId: string, userId: string) => `/v1/provider/tenants/${tenantId}/admins/${userId}/mfa/reset`;

  it('resets, ends every session, audits, mails the admin, who enrols again only with the mailbox', async () => {
    const admin = await invitedAdmin(t.app, tokens.provider, '-verloren');
    const { secret } = await enrolWith(
      t.app,
      admin.accepted.accessToken,
      HR_PASSWORD,
      admin.accepted.mfaEnrolmentCode ?? '',
      t.clock.now(),
    );
    t.clock.advance(30_000);
    const session = await loginAs(t.app, admin.email, HR_PASSWORD, { totpSecret: secret });
    t.clock.advance(1_000);

    expect((await call('POST', resetUrl(admin.tenantId, admin.userId), tokens.provider)).status).toBe(204);

    expect((await call('GET', '/v1/me', session.accessToken)).status).toBe(401);
    expect(await subjectsTo(t.app, admin.email)).toContain('Ihre Zwei-Faktor-Anmeldung wurde zurückgesetzt');
    const [line] = await runAsSystem(() =>
      t.runtime.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'mfa.reset'), eq(auditLog.subjectId, admin.userId))),
    );
    expect(line).toMatchObject({ tenantId: admin.tenantId, fields: ['mfaSecret', 'recoveryCodes'] });
    expect(line?.actorUserId).toBe(await idOf(DEMO_ACCOUNTS.providerAdmin));

    // The password alone now reaches the enrolment only, and the enrolment needs the mailbox.
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: admin.email, password: HR_PASSWORD },
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    expect(login.json()).toMatchObject({ authenticated: true, mfaEnrollmentRequired: true });
    const orders = await t.app.inject({ method: 'GET', url: '/v1/admin/orders', headers: bearer(token) });
    expect(orders.json()).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED' });
    // The code from the invitation's acceptance is long spent; without a new mailed code, no secret.
    const old = await t.app.inject({
      method: 'POST',
      url: '/v1/user/mfa/setup',
      headers: bearer(token),
      payload: { password: HR_PASSWORD, mailCode: admin.accepted.mfaEnrolmentCode },
    });
    expect(old.statusCode).toBe(400);
  });

  it("is the provider admin's alone, and only for an HR admin of the employer named", async () => {
    const admin = await invitedAdmin(t.app, tokens.provider, '-fremd');
    const other = await buildTenant(t.app, t.runtime.database.db, { prefix: 'nachbar' });
    const url = resetUrl(admin.tenantId, admin.userId);
    expect((await call('POST', url, tokens.tenantAdmin)).status).toBe(403);
    expect((await call('POST', url, tokens.employee)).status).toBe(403);
    expect((await call('POST', url, admin.accepted.accessToken)).status).toBe(403);
    // Another employer's id, an unknown id, an employee and a provider admin: all like unknown.
    const unknown = await call(
      'POST',
      resetUrl(admin.tenantId, '00000000-0000-4000-8000-000000000000'),
      tokens.provider,
    );
    expect(unknown.status).toBe(404);
    for (const [tenantId, userId] of [
      [admin.tenantId, await idOf(other.admin.email)],
      [other.tenantId, admin.userId],
      [other.tenantId, await idOf(other.employee.email)],
      [admin.tenantId, await idOf(DEMO_ACCOUNTS.providerAdmin)],
    ]) {
      const answer = await call('POST', resetUrl(tenantId ?? '', userId ?? ''), tokens.provider);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(unknown.body);
    }
    expect(await subjectsTo(t.app, other.admin.email)).not.toContain('Ihre Zwei-Faktor-Anmeldung wurde zurückgesetzt');
  });
});
