import type { BulkInviteResult } from '@leasing/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { hashPassword } from '../../lib/password.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { NOT_INVITABLE } from './people.js';

describe.each(databaseTargets())('bulk invite of addresses held elsewhere on %s', (target) => {
  let t: TestApp;
  let admin: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  const openInvite = 'offen@andere-firma.example';
  const newHrAdmin = 'neue.personalerin@andere-firma.example';
  const selfRegistered = 'unbestaetigt@andere-firma.example';

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-04-10T09:00:00Z'));
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const db = t.runtime.database.db;
    other = await buildTenant(t.app, db, { name: 'Andere Firma GmbH', now: t.clock.now() });
    await db.insert(users).values([
      // Invited by the other employer, not yet accepted (no password).
      { tenantId: other.tenantId, email: openInvite, role: 'EMPLOYEE', firstName: 'Olaf', lastName: 'Offen' },
      // The provider's newly invited HR admin of the other employer.
      { tenantId: other.tenantId, email: newHrAdmin, role: 'TENANT_ADMIN', firstName: 'Nina', lastName: 'Neu' },
      // Registered with the other employer's code, never confirmed: only a claim, an invite wins.
      {
        tenantId: other.tenantId,
        email: selfRegistered,
        role: 'EMPLOYEE',
        firstName: 'Uwe',
        lastName: 'Unbestätigt',
        passwordHash: await hashPassword('Eigenes-Passwort-77'),
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const invite = (invites: object[]) =>
    t.app.inject({ method: 'POST', url: '/v1/tenant/invites', headers: bearer(admin), payload: { invites } });
  const person = (email: string) => ({ firstName: 'Fremd', lastName: 'Übernahme', email });

  it('counts nothing as created that another employer holds, and says so per row without naming it', async () => {
    const response = await invite([
      person('neu.hier@example.com'),
      person(openInvite),
      person(other.employee.email),
      person(newHrAdmin.toUpperCase()),
      person(DEMO_ACCOUNTS.providerAdmin),
      person(DEMO_ACCOUNTS.employee),
      person(selfRegistered),
    ]);
    expect(response.statusCode).toBe(200);
    const result = response.json<BulkInviteResult>();
    expect(result).toEqual({
      created: 2,
      skipped: 1,
      errors: [2, 3, 4, 5].map((row) => ({ row, message: NOT_INVITABLE })),
    });
    expect(JSON.stringify(result)).not.toContain('Andere Firma');

    // Nothing of the other employer changed hands, and no mail went to its people.
    const rows = await t.runtime.database.db
      .select()
      .from(users)
      .where(inArray(users.email, [openInvite, newHrAdmin, other.employee.email, selfRegistered]));
    const owners = Object.fromEntries(rows.map((r) => [r.email, [r.tenantId, r.firstName]]));
    expect(owners).toEqual({
      [openInvite]: [other.tenantId, 'Olaf'],
      [newHrAdmin]: [other.tenantId, 'Nina'],
      [other.employee.email]: [other.tenantId, 'Erik'],
      // The unconfirmed registration became this employer's invite, as with the single invite.
      [selfRegistered]: [expect.not.stringMatching(other.tenantId), 'Fremd'],
    });
    const mails = await mailbox(t.app);
    const to = new Set(mails.map((m) => m.to));
    expect([openInvite, newHrAdmin, other.employee.email].filter((a) => to.has(a))).toEqual([]);
    expect(to.has('neu.hier@example.com') && to.has(selfRegistered)).toBe(true);
  });

  it('skips the own open invite on a second upload; the single invite answers 202 for a held address', async () => {
    const again = await invite([person('neu.hier@example.com'), person(openInvite)]);
    expect(again.json<BulkInviteResult>()).toEqual({
      created: 0,
      skipped: 1,
      errors: [{ row: 2, message: NOT_INVITABLE }],
    });
    // The single invite never tells whether an address is held; it does not invite it either.
    const single = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/invites',
      headers: bearer(admin),
      payload: person(openInvite),
    });
    expect(single.statusCode).toBe(202);
    expect((await mailbox(t.app)).some((m) => m.to === openInvite)).toBe(false);
  });
});
