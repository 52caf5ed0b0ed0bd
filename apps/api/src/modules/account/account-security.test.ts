import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tenants, users } from '../../db/schema.js';
import { DEMO_ACCOUNTS, DEMO_REGISTER_CODE } from '../demo/accounts.js';
import { COMMON_PASSWORD_COUNT, passwordPolicyError, warmPasswordPolicy } from '../../lib/password-policy.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { latestCode, mailbox } from '../../test-support/mailbox.js';
import { setAccountDisabled } from './service.js';

const person = (email: string, password: string) => ({
  title: 'ms',
  firstName: 'Johanna',
  lastName: 'Quast',
  email,
  password,
  confirmPassword: password,
});

describe('the server-side password policy', () => {
  it('holds the 100,000 most common passwords', async () => {
    const list = await warmPasswordPolicy();
    expect(list.size).toBe(COMMON_PASSWORD_COUNT);
    for (const common of ['123456', 'password', 'titleist', '01041984', 'penetration'])
      expect(list.has(common), common).toBe(true);
  });

  it('refuses common passwords in any case, and the person’s e-mail address or name inside one', async () => {
    const owner = { email: 'johanna.quast@firma.example', firstName: 'Johanna', lastName: 'Quast-Meyer' };
    expect(await passwordPolicyError('PENETRATION', owner)).toMatchObject({ message: 'Password is too common' });
    for (const personal of ['xx-johanna.quast-99', 'Quast2026!!', 'mein-name-ist-JOHANNA', 'meyer-meyer-1'])
      expect(await passwordPolicyError(personal, owner), personal).toMatchObject({
        message: 'Password must not contain your name or e-mail address',
      });
    expect(await passwordPolicyError('Drei Eichhörnchen tanzen im Regen', owner)).toBeNull();
    // Short name parts are too common as substrings to forbid.
    expect(await passwordPolicyError('alles-klar-2026', { firstName: 'Al' })).toBeNull();
  });
});

describe.each(databaseTargets())('account security on %s', (target) => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });
  const register = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/auth/register/${DEMO_REGISTER_CODE}`,
      payload: body,
      remoteAddress: `10.20.0.${++ip}`,
    });

  it('refuses a common or personal password at registration and creates nothing', async () => {
    for (const password of ['penetration', 'quast-johanna-1']) {
      const response = await register(person('neu1@example.com', password));
      expect(response.statusCode, password).toBe(400);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('password');
    }
    const [row] = await t.runtime.database.db.select().from(users).where(eq(users.email, 'neu1@example.com'));
    expect(row).toBeUndefined();
  });

  it('refuses line breaks in one-line fields, so no mail header or log line can be split', async () => {
    const response = await register({
      ...person('crlf@example.com', 'Windige-Küste-2026'),
      firstName: 'Eve\r\nBcc: opfer@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'firstName' }] });
    expect((await mailbox(t.app)).some((m) => m.to === 'crlf@example.com' || m.to === 'opfer@example.com')).toBe(false);
  });

  it('accepts a passphrase of 300 characters and keeps it whole', async () => {
    const passphrase = `${'Ein langer Satz über Elektroautos und Gehaltsumwandlung. '.repeat(6)}`.slice(0, 300);
    expect(passphrase).toHaveLength(300);
    expect((await register(person('kilowatt@example.com', passphrase))).statusCode).toBe(202);
    await t.app.inject({
      method: 'POST',
      url: `/v1/confirm/email/code/${await latestCode(t.app, 'kilowatt@example.com', '/user/emailConfirm/')}`,
    });
    await expect(loginAs(t.app, 'kilowatt@example.com', passphrase)).resolves.toBeDefined();
    await expect(loginAs(t.app, 'kilowatt@example.com', passphrase.slice(0, 299))).rejects.toThrow();
  });

  it('keeps a reset code usable when the new password is refused', async () => {
    await t.app.inject({ method: 'POST', url: `/v1/confirm/password/reset/mail/${DEMO_ACCOUNTS.employee}` });
    const code = await latestCode(t.app, DEMO_ACCOUNTS.employee, '/user/passwordReset/');
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code, password: 'max.mustermann-2026' },
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code, password: 'Windrad-Auf-Dem-Hügel-7' },
    });
    expect(accepted.json()).toMatchObject({ authenticated: true });
  });

  it('lets an invite win over an earlier, unconfirmed registration of the same address', async () => {
    const address = 'eingeladen@example.com';
    // Someone else claims the address first, with a password of their own.
    expect((await register(person(address, 'Fremdes-Passwort-77'))).statusCode).toBe(202);
    const squatterCode = await latestCode(t.app, address, '/user/emailConfirm/');
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/invites',
      headers: bearer(admin.accessToken),
      payload: { email: address, firstName: 'Ina', lastName: 'Eingeladen', employeeId: 'M-77' },
    });
    expect(invite.statusCode).toBe(202);
    // The claim's confirmation link is dead, its password gone; the invite link works.
    expect((await t.app.inject({ method: 'POST', url: `/v1/confirm/email/code/${squatterCode}` })).statusCode).toBe(
      400,
    );
    await expect(loginAs(t.app, address, 'Fremdes-Passwort-77')).rejects.toThrow();
    const inviteCode = await latestCode(t.app, address, '/invite/');
    const set = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code: inviteCode, password: 'Eigenes-Passwort-2026' },
    });
    expect(set.json()).toMatchObject({ authenticated: true });
    const [row] = await t.runtime.database.db.select().from(users).where(eq(users.email, address));
    expect(row).toMatchObject({ firstName: 'Ina', lastName: 'Eingeladen', employeeId: 'M-77', role: 'EMPLOYEE' });
    // A registration through the code cannot take the invited (now confirmed) address either.
    expect((await register(person(address, 'Noch-ein-Versuch-88'))).statusCode).toBe(202);
    await expect(loginAs(t.app, address, 'Noch-ein-Versuch-88')).rejects.toThrow();
    await expect(loginAs(t.app, address, 'Eigenes-Passwort-2026')).resolves.toBeDefined();
  });

  it("does not let an invite take another employer's open invite or a newly invited HR admin", async () => {
    const db = t.runtime.database.db;
    const [other] = await db.insert(tenants).values({ name: 'Andere GmbH' }).returning();
    const openInvite = 'offen.eingeladen@andere.example';
    const newAdmin = 'neue.personalerin@andere.example';
    await db.insert(users).values([
      { tenantId: other?.id, email: openInvite, role: 'EMPLOYEE', firstName: 'Olaf', lastName: 'Offen' },
      { tenantId: other?.id, email: newAdmin, role: 'TENANT_ADMIN', firstName: 'Nina', lastName: 'Neu' },
    ]);
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    for (const email of [openInvite, newAdmin]) {
      const invite = await t.app.inject({
        method: 'POST',
        url: '/v1/admin/invites',
        headers: bearer(admin.accessToken),
        payload: { email, firstName: 'Fremd', lastName: 'Übernahme' },
      });
      // The same answer as for any invite: nothing tells the inviter the address is taken.
      expect(invite.statusCode, email).toBe(202);
    }
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.email, [openInvite, newAdmin]));
    expect(rows.map((row) => [row.email, row.tenantId, row.role, row.firstName]).sort()).toEqual(
      [
        [openInvite, other?.id, 'EMPLOYEE', 'Olaf'],
        [newAdmin, other?.id, 'TENANT_ADMIN', 'Nina'],
      ].sort(),
    );
    expect((await mailbox(t.app)).filter((mail) => [openInvite, newAdmin].includes(mail.to))).toEqual([]);
  });

  it('limits invitations per admin, single and bulk alike', async () => {
    t.clock.advance(16 * 60_000); // a fresh window, whatever the tests before used
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    const invite = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: i % 2 ? '/v1/admin/invites' : '/v1/tenant/invites',
        headers: bearer(admin.accessToken),
        payload:
          i % 2
            ? { email: `flut${i}@example.com`, firstName: 'Flut', lastName: 'Welle' }
            : { invites: [{ email: `flut${i}@example.com`, firstName: 'Flut', lastName: 'Welle' }] },
      });
    for (let i = 0; i < 30; i++) expect((await invite(i)).statusCode, `request ${i}`).toBeLessThan(300);
    const refused = await invite(30);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mailbox(t.app)).some((mail) => mail.to === 'flut30@example.com')).toBe(false);
    t.clock.advance(16 * 60_000);
  });

  it('ends every session of a disabled account for good; enabling it again revives none', async () => {
    const address = 'eingeladen@example.com';
    const session = await loginAs(t.app, address, 'Eigenes-Passwort-2026');
    const [row] = await t.runtime.database.db.select().from(users).where(eq(users.email, address));
    const userId = row?.id ?? '';
    t.clock.advance(2_000);
    await setAccountDisabled(t.runtime.database.db, userId, true, t.clock.now());
    const refresh = () =>
      t.app.inject({ method: 'POST', url: '/v1/auth/refreshToken', payload: { refreshToken: session.refreshToken } });
    const me = () => t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(session.accessToken) });
    expect((await refresh()).statusCode).toBe(401);
    expect((await me()).statusCode).toBe(401);
    await setAccountDisabled(t.runtime.database.db, userId, false, t.clock.now());
    expect((await refresh()).statusCode).toBe(401);
    expect((await me()).statusCode).toBe(401);
    await expect(loginAs(t.app, address, 'Eigenes-Passwort-2026')).resolves.toBeDefined();
  });

  it('ends every session of an account an operator disables in SQL, for good', async () => {
    const address = 'eingeladen@example.com';
    const session = await loginAs(t.app, address, 'Eigenes-Passwort-2026');
    const db = t.runtime.database.db;
    const refresh = () =>
      t.app.inject({ method: 'POST', url: '/v1/auth/refreshToken', payload: { refreshToken: session.refreshToken } });
    // Not through the application: straight on the table, as an operator would.
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, address));
    expect((await refresh()).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(session.accessToken) })).statusCode,
    ).toBe(401);
    await db.update(users).set({ disabledAt: null }).where(eq(users.email, address));
    expect((await refresh()).statusCode).toBe(401);
    const [row] = await db.select().from(users).where(eq(users.email, address));
    expect(row?.tokensValidAfter).not.toBeNull();
    await expect(loginAs(t.app, address, 'Eigenes-Passwort-2026')).resolves.toBeDefined();
  });

  it('marks every authenticated answer no-store, but the revalidated catalogue answers private', async () => {
    const { accessToken } = await loginAs(t.app, DEMO_ACCOUNTS.employee, 'Windrad-Auf-Dem-Hügel-7');
    for (const url of ['/v1/me', '/v1/user/info', '/v1/order', '/v1/search/manufacturers']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(accessToken) });
      expect(response.statusCode, url).toBeLessThan(300);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // The second sign-in step hands out tokens without being asked with one: no-store as well.
    const mfa = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mfa',
      payload: { mfaToken: 'x'.repeat(40), code: '123456' },
    });
    expect(mfa.headers['cache-control']).toBe('no-store');
    // Search and vehicle answers carry an ETag: only the person's own browser may keep them, and must
    // revalidate each time (docs/decisions/0015-revalidated-catalogue-answers.md).
    const search = await t.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(accessToken) });
    expect(search.headers['cache-control']).toBe('private, no-cache');
  });
});
