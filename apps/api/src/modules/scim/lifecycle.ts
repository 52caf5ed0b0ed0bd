import type { FastifyBaseLogger } from 'fastify';

import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import { berlinToday } from '../../lib/berlin-day.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import { mailProvisionedWelcome, setAccountDisabled } from '../account/index.js';
import { leavingDatesOf, markLeaving, withdrawLeaving } from '../employer/index.js';
import { notifyLeavingQuoteToEmployer } from '../lease-life/index.js';
import { eraseAccount, erasureHolds } from '../privacy/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import { adminOf, type ScimCaller, type ScimCtx, type ScimDeps } from './deps.js';
import { mutability } from './errors.js';
import * as repo from './repository.js';
import type { UserState } from './wire.js';

/**
 * The life of a provisioned person as the directory ends it (ADR 0060): `active: false` is a leaving
 * on that day with the sign-in ended, `active: true` takes back only what nobody else has heard of,
 * and `DELETE` erases as the person's own erasure does, except that a lease under way is waited for.
 */

const audit = (deps: ScimDeps, caller: ScimCaller, action: string, userId: string, fields: string[], ctx: ScimCtx) =>
  recordAudit(deps.db, {
    actorUserId: caller.actingUserId,
    tenantId: caller.tenantId,
    action,
    subjectType: 'user',
    subjectId: userId,
    fields: [`token:${caller.tokenName}`, ...fields],
    requestId: ctx.requestId,
    at: deps.clock.now(),
  });

/**
 * `active: false`: the person leaves today (the German day) unless a leaving on or before today is
 * recorded already. The leaving is employer's own (`markLeaving`: the provider told of every open
 * order and lease, the person and the provider the termination quote of each lease); as no one at HR
 * entered it, HR gets the quote too. Then sign-in ends (every session at once). What SCIM recorded is
 * kept, for `active: true`.
 */
export async function deactivate(deps: ScimDeps, caller: ScimCaller, userId: string, ctx: ScimCtx): Promise<void> {
  const now = deps.clock.now();
  const today = berlinToday(now);
  const recorded = (await leavingDatesOf(deps.db, [userId])).get(userId);
  let leavingDate: string | null = null;
  let leavingTold = false;
  if (recorded === undefined || recorded > today) {
    const entry = await markLeaving(deps, adminOf(caller), userId, { date: today }, ctx);
    leavingDate = today;
    // Told: the provider (an open order or lease) or an earlier plan of HR's that this replaced.
    leavingTold = entry.orders.length > 0 || recorded !== undefined;
    const mailed = await deps.db.transaction((tx) =>
      notifyLeavingQuoteToEmployer(tx, deps, caller.tenantId, userId, today, now),
    );
    if (mailed > 0) deps.mailSent();
  }
  await setAccountDisabled(deps.db, userId, true, now);
  await repo.saveIdentity(
    deps.db,
    { userId, tenantId: caller.tenantId },
    { deactivatedAt: now, leavingDate, leavingTold },
    now,
  );
  await audit(deps, caller, 'scim.user.deactivated', userId, leavingDate ? ['active', 'leavingDate'] : ['active'], ctx);
}

/**
 * `active: true` after SCIM's `active: false`: sign-in comes back (old sessions stay ended). The
 * leaving SCIM recorded goes with it only while nothing has come of it: its day not passed, HR has not
 * changed it, and it told no one (no provider notice, no quote, no plan of HR's replaced). Otherwise
 * the leaving stands and the request is refused (`mutability`): it is the employer's to settle with
 * the provider and the person. A person SCIM did not deactivate is not SCIM's to activate.
 */
export async function reactivate(deps: ScimDeps, caller: ScimCaller, state: UserState, ctx: ScimCtx): Promise<void> {
  const { person, identity } = state;
  const now = deps.clock.now();
  if (!identity?.deactivatedAt) {
    throw mutability('active cannot be set to true: the user was not deactivated through SCIM');
  }
  if (identity.leavingDate) {
    const date = identity.leavingDate;
    if (identity.leavingTold) {
      throw mutability(
        `active cannot be set to true: the leaving on ${date} has been passed on to the leasing provider; the employer has to settle it`,
      );
    }
    if (berlinToday(now) > date) {
      throw mutability(`active cannot be set to true: the leaving day ${date} has passed`);
    }
    const current = (await leavingDatesOf(deps.db, [person.id])).get(person.id);
    if (current !== undefined && current !== date) {
      throw mutability('active cannot be set to true: the employer has changed the leaving since');
    }
    if (current !== undefined) await withdrawLeaving(deps, adminOf(caller), person.id, date, ctx);
  }
  await setAccountDisabled(deps.db, person.id, false, now);
  if (identity.welcomePending) {
    await mailProvisionedWelcome(deps.account, caller.tenantId, person.id, await signInOf(deps, caller.tenantId));
  }
  await repo.saveIdentity(
    deps.db,
    { userId: person.id, tenantId: caller.tenantId },
    { deactivatedAt: null, leavingDate: null, leavingTold: false, welcomePending: false },
    now,
  );
  await audit(deps, caller, 'scim.user.reactivated', person.id, ['active'], ctx);
}

/** How the employer's people sign in, and its name for the mails. */
export async function signInOf(
  deps: Pick<ScimDeps, 'db' | 'ssoRequired'>,
  tenantId: string,
): Promise<{ signIn: 'PASSWORD' | 'SSO'; tenantName: string }> {
  const sso = deps.ssoRequired ? await deps.ssoRequired(tenantId) : false;
  const tenant = (await tenantFactsOf(deps.db, [tenantId])).get(tenantId);
  return { signIn: sso ? 'SSO' : 'PASSWORD', tenantName: tenant?.name ?? '' };
}

/**
 * `DELETE`: the person's erasure as the person's own (privacy's `eraseAccount`: personal data gone,
 * signed contracts kept restricted, the account row pseudonymous). With an order under way (signed
 * and not over: approvals, the car ordered or with the person) the lease's end still needs the person:
 * they leave today as with `active: false` (unless deactivated already), and the erasure waits for
 * the job. SCIM answers 404 for them from now on either way.
 */
export async function deleteUser(deps: ScimDeps, caller: ScimCaller, state: UserState, ctx: ScimCtx): Promise<void> {
  const userId = state.person.id;
  const holds = await erasureHolds(deps.db, userId);
  if (holds.length === 0) {
    await runAsSystem(() => eraseAccount(deps, userId, { requestId: ctx.requestId }));
    await audit(deps, caller, 'scim.user.deleted', userId, [], ctx);
    return;
  }
  if (!state.person.disabled) await deactivate(deps, caller, userId, ctx);
  const now = deps.clock.now();
  await repo.saveIdentity(deps.db, { userId, tenantId: caller.tenantId }, { erasureRequestedAt: now }, now);
  await audit(deps, caller, 'scim.user.erasure_deferred', userId, [`orders:${holds.length}`], ctx);
}

/**
 * The erasures the directory asked for while a lease was under way, done once none is (as the
 * platform: the job has no request). Each erasure is its own transaction; one that fails is tried
 * again in the next run.
 */
export async function runPendingErasures(
  deps: Pick<ScimDeps, 'db' | 'cipher' | 'clock' | 'events'>,
  log?: FastifyBaseLogger,
): Promise<{ erased: number; waiting: number }> {
  return runAsSystem(async () => {
    let erased = 0;
    let waiting = 0;
    for (const { userId, tenantId } of await repo.pendingErasures(deps.db)) {
      if ((await erasureHolds(deps.db, userId)).length > 0) {
        waiting++;
        continue;
      }
      try {
        await eraseAccount(deps, userId, { requestId: 'scim.pending-erasures' });
        await repo.deleteIdentity(deps.db, userId);
        await recordAudit(deps.db, {
          actorUserId: null,
          tenantId,
          action: 'scim.user.deleted',
          subjectType: 'user',
          subjectId: userId,
          fields: ['deferred'],
          at: deps.clock.now(),
        });
        erased++;
      } catch (error) {
        log?.error({ err: error, userId }, 'scim erasure failed');
        waiting++;
      }
    }
    return { erased, waiting };
  });
}

/** The job of the waiting erasures: hourly, once per slot across instances. */
export function scheduleScimErasures(
  scheduler: JobScheduler,
  deps: ScimDeps,
  log: FastifyBaseLogger,
  intervalMs = 3600_000,
): void {
  scheduler.every('scim.pending-erasures', intervalMs, async () => {
    const counts = await runPendingErasures(deps, log);
    if (counts.erased > 0 || counts.waiting > 0) log.info({ scimErasures: counts }, 'scim erasures run');
  });
}
