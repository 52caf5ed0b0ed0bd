import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ssoExchangeCodes, ssoLoginStates } from '../../db/schema-sso.js';
import { tenants } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import {
  accountsAndLinks,
  callback,
  exchange,
  landing,
  saveSso,
  ssoConfig,
  startIdp,
  startSso,
  throughIdp,
} from '../../test-support/company-sign-in.js';
import { buildTenant } from '../../test-support/factories.js';
import { createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { IdpBrowser, type TestIdp } from '../../test-support/test-idp.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { removeExpiredSignIns } from './cleanup.js';

/**
 * Security checklist 30 (RFC 9700): every mismatch of the provider's answer is refused, and a refused
 * sign-in creates nothing (no account, no link).
 */
describe.each(databaseTargets())('refusals of the company sign-in on %s', (target) => {
  let t: TestApp;
  let idp: TestIdp;
  let otherIdp: TestIdp;
  let other: Awaited<ReturnType<typeof buildTenant>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    [idp, otherIdp] = await Promise.all([startIdp(t), startIdp(t)]);
    const hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    expect((await saveSso(t, hr, ssoConfig(idp, ['muster-gmbh.example', 'example.com']))).status).toBe(200);
    other = await buildTenant(t.app, t.app.orderDeps.db, { prefix: 'anders', now: t.clock.now() });
    expect((await saveSso(t, other.admin.accessToken, ssoConfig(otherIdp, ['anders.example']))).status).toBe(200);
    idp.people.set('sub-1', { email: 'eva@muster-gmbh.example', email_verified: true, given_name: 'Eva' });
    otherIdp.people.set('sub-x', { email: 'xaver@anders.example', email_verified: true, given_name: 'Xaver' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([idp.close(), otherIdp.close()]);
    await t.close();
  });

  /** Runs `attempt` and shows that it created neither an account nor a link. */
  async function createsNothing(attempt: () => Promise<unknown>): Promise<void> {
    const before = await accountsAndLinks(t);
    await attempt();
    expect(await accountsAndLinks(t)).toEqual(before);
  }

  it("refuses a state from another browser's cookie, and leaves it to its owner", async () => {
    const started = await startSso(t, 'eva@muster-gmbh.example');
    const back = await new IdpBrowser(idp).signIn(started.location, 'sub-1');
    const stranger = await startSso(t, 'eva@muster-gmbh.example');
    await createsNothing(async () => {
      expect(landing(await callback(t, back, undefined))).toEqual({ error: 'expired' });
      expect(landing(await callback(t, back, stranger.cookie))).toEqual({ error: 'expired' });
    });
    // The starting browser still completes it; then the state is spent (a replayed callback).
    expect(landing(await callback(t, back, started.cookie)).code).toBeDefined();
    await createsNothing(async () => {
      expect(landing(await callback(t, back, started.cookie))).toEqual({ error: 'expired' });
    });
  });

  it('refuses a replayed authorization code under a fresh state', async () => {
    const first = await startSso(t, 'eva@muster-gmbh.example');
    const back = await new IdpBrowser(idp).signIn(first.location, 'sub-1');
    expect(landing(await callback(t, back, first.cookie)).code).toBeDefined();
    // The same code, carried into a new sign-in of the same browser: the provider refuses it (used,
    // and the new state's PKCE verifier does not match it either).
    const second = await startSso(t, 'eva@muster-gmbh.example');
    const replay = new URL(back);
    replay.searchParams.set('state', new URL(second.location).searchParams.get('state') ?? '');
    await createsNothing(async () => {
      expect(landing(await callback(t, replay, second.cookie))).toEqual({ error: 'verification_failed' });
    });
  });

  it('refuses an ID token with another nonce than the one stored with the state', async () => {
    idp.people.set('sub-nonce', { email: 'nonce@muster-gmbh.example', email_verified: true });
    const started = await startSso(t, 'nonce@muster-gmbh.example');
    const state = new URL(started.location).searchParams.get('state') ?? '';
    const back = await new IdpBrowser(idp).signIn(started.location, 'sub-nonce');
    const db = t.runtime.database.db;
    await runAsSystem(() =>
      db.update(ssoLoginStates).set({ nonce: 'ein-anderer-nonce' }).where(eq(ssoLoginStates.state, state)),
    );
    await createsNothing(async () => {
      expect(landing(await callback(t, back, started.cookie))).toEqual({ error: 'verification_failed' });
    });
  });

  it("refuses an answer of another employer's identity provider (iss) under this employer's state", async () => {
    const ours = await startSso(t, 'eva@muster-gmbh.example');
    // A genuine answer of the other employer's provider, for a sign-in there.
    const theirs = await startSso(t, 'xaver@anders.example');
    const theirBack = await new IdpBrowser(otherIdp).signIn(theirs.location, 'sub-x');
    expect(theirBack.searchParams.get('iss')).toBe(otherIdp.issuer);
    const mixed = new URL(theirBack);
    mixed.searchParams.set('state', new URL(ours.location).searchParams.get('state') ?? '');
    await createsNothing(async () => {
      expect(landing(await callback(t, mixed, ours.cookie))).toEqual({ error: 'verification_failed' });
    });
    // The other employer's own sign-in is untouched and makes its employee.
    expect(landing(await callback(t, theirBack, theirs.cookie)).code).toBeDefined();
  });

  it('refuses an unverified address of the domain and an address outside the domains', async () => {
    idp.people.set('sub-unverified', { email: 'ungeprueft@muster-gmbh.example', email_verified: false });
    idp.people.set('sub-string', { email: 'auch-ungeprueft@muster-gmbh.example', email_verified: 'false' });
    idp.people.set('sub-foreign', { email: 'fremd@anders.example', email_verified: true });
    idp.people.set('sub-none', { email_verified: true });
    await createsNothing(async () => {
      const refusal = async (email: string, sub: string) => (await throughIdp(t, idp, email, sub)).landed.error;
      expect(await refusal('ungeprueft@muster-gmbh.example', 'sub-unverified')).toBe('email_unverified');
      expect(await refusal('auch-ungeprueft@muster-gmbh.example', 'sub-string')).toBe('email_unverified');
      // Our provider vouches for an address of another employer's domain: not ours to sign in.
      expect(await refusal('eva@muster-gmbh.example', 'sub-foreign')).toBe('email_not_allowed');
      expect(await refusal('eva@muster-gmbh.example', 'sub-none')).toBe('email_not_allowed');
    });
  });

  it("refuses an address of our domain whose account is another employer's, and a taken account", async () => {
    // buildTenant's people have addresses at example.com, one of our domains, but are the other employer's.
    idp.people.set('sub-their-employee', { email: other.employee.email, email_verified: true });
    idp.people.set('sub-provider', { email: DEMO_ACCOUNTS.providerAdmin, email_verified: true });
    await createsNothing(async () => {
      expect((await throughIdp(t, idp, other.employee.email, 'sub-their-employee')).landed.error).toBe(
        'account_elsewhere',
      );
      expect((await throughIdp(t, idp, DEMO_ACCOUNTS.providerAdmin, 'sub-provider')).landed.error).toBe(
        'account_elsewhere',
      );
    });
    // Linked once to one person; another person of the provider with the same address is refused.
    idp.people.set('sub-first', { email: 'geteilt@muster-gmbh.example', email_verified: true });
    const first = await throughIdp(t, idp, 'geteilt@muster-gmbh.example', 'sub-first');
    expect(first.landed.code).toBeDefined();
    idp.people.set('sub-second', { email: 'geteilt@muster-gmbh.example', email_verified: true });
    await createsNothing(async () => {
      expect((await throughIdp(t, idp, 'geteilt@muster-gmbh.example', 'sub-second')).landed.error).toBe(
        'identity_conflict',
      );
    });
  });

  it('answers an unknown domain, switched-off SSO and a deactivated employer alike, before the provider', async () => {
    await createsNothing(async () => {
      for (const email of ['jemand@unbekannt.example', 'kein-at-zeichen']) {
        const started = await startSso(t, email);
        expect(started.status).toBe(302);
        expect(started.cookie).toBeUndefined();
        expect(landing(started.location).error).toBe(email.includes('@') ? 'unavailable' : 'invalid_email');
      }
      const db = t.runtime.database.db;
      await runAsSystem(() => db.update(tenants).set({ enabled: false }).where(eq(tenants.id, other.tenantId)));
      expect(landing((await startSso(t, 'xaver@anders.example')).location)).toEqual({ error: 'unavailable' });
      await runAsSystem(() => db.update(tenants).set({ enabled: true }).where(eq(tenants.id, other.tenantId)));
      const off = await saveSso(t, other.admin.accessToken, {
        ...ssoConfig(otherIdp, ['anders.example']),
        enabled: false,
      });
      expect(off.status).toBe(200);
      expect(landing((await startSso(t, 'xaver@anders.example')).location)).toEqual({ error: 'unavailable' });
    });
  });

  it('refuses a sign-in that took longer than ten minutes, and tidies up states and codes', async () => {
    const started = await startSso(t, 'eva@muster-gmbh.example');
    const back = await new IdpBrowser(idp).signIn(started.location, 'sub-1');
    t.clock.advance(11 * 60_000);
    await createsNothing(async () => {
      expect(landing(await callback(t, back, started.cookie))).toEqual({ error: 'expired' });
    });
    const removed = await runAsSystem(() => removeExpiredSignIns({ db: t.runtime.database.db, clock: t.clock }));
    expect(removed.states).toBeGreaterThan(0);
    const db = t.runtime.database.db;
    const left = await runAsSystem(async () => ({
      states: await db.select().from(ssoLoginStates),
      codes: await db.select().from(ssoExchangeCodes),
    }));
    expect(left).toEqual({ states: [], codes: [] });
    // A code of a sign-in whose provider said no is never made.
    const cancelled = await startSso(t, 'eva@muster-gmbh.example');
    const state = new URL(cancelled.location).searchParams.get('state') ?? '';
    const denied = `/v1/auth/sso/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`;
    expect(landing(await callback(t, `${t.config.publicUrl}${denied}`, cancelled.cookie))).toEqual({
      error: 'cancelled',
    });
    expect((await exchange(t, 'x'.repeat(43), cancelled.cookie)).status).toBe(400);
  });

  it('limits the starts and the failed exchanges per client address (429, or the page that says so)', async () => {
    t.clock.advance(16 * 60_000);
    for (let i = 0; i < 30; i += 1) expect((await exchange(t, 'y'.repeat(43), undefined)).status).toBe(400);
    const limited = await exchange(t, 'y'.repeat(43), undefined);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    for (let i = 0; i < 200; i += 1)
      expect(landing((await startSso(t, 'a@unbekannt.example')).location).error).toBe('unavailable');
    expect(landing((await startSso(t, 'eva@muster-gmbh.example')).location)).toEqual({ error: 'rate_limited' });
  });
});
