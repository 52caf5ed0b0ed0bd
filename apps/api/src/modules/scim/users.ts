import { recordAudit } from '../../lib/audit.js';
import {
  directoryPeople,
  directoryPerson,
  provisionEmployee,
  updateProvisionedPerson,
  type PersonChanges,
} from '../account/index.js';
import { adminOf, type ScimCaller, type ScimCtx, type ScimDeps } from './deps.js';
import { notFound, ScimError, uniqueness } from './errors.js';
import { pagingOf, parseFilter } from './filter.js';
import { userInputOf, type UserInput } from './input.js';
import { deactivate, deleteUser as endUser, reactivate, signInOf } from './lifecycle.js';
import { applyPatch } from './patch.js';
import * as repo from './repository.js';
import { scimUrlOf } from './tokens.js';
import { listResponse, toScimUser, type ScimUser, type UserState } from './wire.js';

/**
 * The `/Users` resource of one employer (RFC 7644 §3): the employer's employees, whoever made them
 * (HR's invitation, a registration, the directory), so a directory finds the people it should link
 * before it creates anyone. Admin accounts and erased people are not resources here.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const baseUrlOf = (deps: ScimDeps) => scimUrlOf(deps.account.publicUrl);

/** A person of the token's employer, or 404 (another employer's, unknown, or deleted by the directory). */
export async function loadUser(deps: ScimDeps, caller: ScimCaller, id: string): Promise<UserState> {
  if (!UUID.test(id)) throw notFound(id);
  const person = await directoryPerson(deps.db, caller.tenantId, id.toLowerCase());
  if (!person) throw notFound(id);
  const identity = await repo.identityOf(deps.db, caller.tenantId, person.id);
  if (identity?.erasureRequestedAt) throw notFound(id);
  return { person, identity };
}

export const resourceOf = (deps: ScimDeps, state: UserState): ScimUser => toScimUser(state, baseUrlOf(deps));

/** `GET /Users`: filtered (`eq`, `and`), paged by `startIndex` and `count`, in the order of creation. */
export async function listUsers(
  deps: ScimDeps,
  caller: ScimCaller,
  query: { filter?: unknown; startIndex?: unknown; count?: unknown },
) {
  const { startIndex, count } = pagingOf(query);
  const filter = typeof query.filter === 'string' && query.filter.trim() !== '' ? parseFilter(query.filter) : null;
  let ids: string[] | undefined = filter?.id.length ? intersect(filter.id.map((id) => id.toLowerCase())) : undefined;
  if (filter?.externalId.length) {
    const values = intersect(filter.externalId);
    const carriers =
      values.length === 1 && values[0] ? await repo.userIdsByExternalId(deps.db, caller.tenantId, values[0]) : [];
    ids = ids ? ids.filter((id) => carriers.includes(id)) : carriers;
  }
  if (ids) ids = ids.filter((id) => UUID.test(id));
  const emails = filter?.userName.length ? intersect(filter.userName) : undefined;
  const { total, people } = await directoryPeople(deps.db, caller.tenantId, {
    ...(emails ? { emails } : {}),
    ...(ids ? { ids } : {}),
    excludeIds: await repo.pendingErasureIds(deps.db, caller.tenantId),
    offset: startIndex - 1,
    limit: count,
  });
  const identities = await repo.identitiesOf(
    deps.db,
    caller.tenantId,
    people.map((p) => p.id),
  );
  const resources = people.map((person) => resourceOf(deps, { person, identity: identities.get(person.id) }));
  return listResponse(resources, total, startIndex);
}

/** The one value all of a conjunction's comparisons of an attribute can share (none: they disagree). */
function intersect(values: string[]): string[] {
  const distinct = [...new Set(values)];
  return distinct.length === 1 ? distinct : [];
}

/**
 * `POST /Users`: a new employee of the token's employer, as HR's invitation makes one, with the
 * welcome mail (a password link, or for an employer that requires its company sign-in, a pointer to
 * it). Created with `active: false`, the person gets sign-in and mail once activated. A user name or
 * externalId the employer already has is `uniqueness`; so is an address held anywhere else (another
 * employer's person, an admin), in words that name no one.
 */
export async function createUser(deps: ScimDeps, caller: ScimCaller, body: unknown, ctx: ScimCtx): Promise<ScimUser> {
  const input = userInputOf(body, { requireSchema: true });
  if (input.externalId && (await repo.userIdsByExternalId(deps.db, caller.tenantId, input.externalId)).length > 0) {
    throw uniqueness('externalId is already in use');
  }
  const own = await directoryPeople(deps.db, caller.tenantId, { emails: [input.userName], offset: 0, limit: 1 });
  if (own.total > 0) throw uniqueness('userName is already in use');
  const active = input.active ?? true;
  const now = deps.clock.now();
  const userId = await provisionEmployee(
    deps.account,
    adminOf(caller),
    { email: input.userName, firstName: input.givenName, lastName: input.familyName, employeeId: input.employeeNumber },
    { ...(await signInOf(deps, caller.tenantId)), mail: active, disabled: !active },
    ctx,
    async (tx, id) => {
      await repo.saveIdentity(
        tx,
        { userId: id, tenantId: caller.tenantId },
        { externalId: input.externalId, deactivatedAt: active ? null : now, welcomePending: !active },
        now,
      );
      await recordAudit(tx, {
        actorUserId: caller.actingUserId,
        tenantId: caller.tenantId,
        action: 'scim.user.created',
        subjectType: 'user',
        subjectId: id,
        fields: [`token:${caller.tokenName}`],
        requestId: ctx.requestId,
        at: now,
      });
    },
  );
  if (!userId) throw uniqueness('userName is not available');
  return resourceOf(deps, await loadUser(deps, caller, userId));
}

/** `PUT /Users/{id}`: the whole resource replaced by the body (an `active` it leaves out stays). */
export async function replaceUser(
  deps: ScimDeps,
  caller: ScimCaller,
  id: string,
  body: unknown,
  ctx: ScimCtx,
  ifMatch: string | undefined,
): Promise<ScimUser> {
  const state = checkedVersion(deps, await loadUser(deps, caller, id), ifMatch);
  return applyInput(deps, caller, state, userInputOf(body, { requireSchema: true }), ctx);
}

/** `PATCH /Users/{id}`: the operations applied to the resource as it is, then kept like a PUT. */
export async function patchUser(
  deps: ScimDeps,
  caller: ScimCaller,
  id: string,
  body: unknown,
  ctx: ScimCtx,
  ifMatch: string | undefined,
): Promise<ScimUser> {
  const state = checkedVersion(deps, await loadUser(deps, caller, id), ifMatch);
  return applyInput(deps, caller, state, applyPatch(resourceOf(deps, state), body), ctx);
}

/** `DELETE /Users/{id}`. */
export async function deleteUser(
  deps: ScimDeps,
  caller: ScimCaller,
  id: string,
  ctx: ScimCtx,
  ifMatch: string | undefined,
): Promise<void> {
  await endUser(deps, caller, checkedVersion(deps, await loadUser(deps, caller, id), ifMatch), ctx);
}

/** `If-Match` (RFC 7644 §3.14): a write to a version the caller has not seen is refused with 412. */
function checkedVersion(deps: ScimDeps, state: UserState, ifMatch: string | undefined): UserState {
  if (ifMatch === undefined || ifMatch.trim() === '*') return state;
  const version = resourceOf(deps, state).meta.version;
  const given = ifMatch.split(',').map((tag) => tag.trim());
  if (!given.includes(version))
    throw new ScimError(412, 'The resource has changed since the version given in If-Match');
  return state;
}

/**
 * Keeps what differs between the resource and `input`: the person (names, address, personnel number)
 * and the externalId in one transaction, then `active` through the leaving rules. Uniqueness is
 * checked before anything is written.
 */
async function applyInput(
  deps: ScimDeps,
  caller: ScimCaller,
  state: UserState,
  input: UserInput,
  ctx: ScimCtx,
): Promise<ScimUser> {
  const { person, identity } = state;
  const externalId = identity?.externalId ?? null;
  if (input.externalId !== externalId && input.externalId !== null) {
    const carriers = await repo.userIdsByExternalId(deps.db, caller.tenantId, input.externalId);
    if (carriers.some((carrier) => carrier !== person.id)) throw uniqueness('externalId is already in use');
  }
  const changes: PersonChanges = {
    ...(input.userName !== person.email ? { email: input.userName } : {}),
    ...(input.givenName !== person.firstName ? { firstName: input.givenName } : {}),
    ...(input.familyName !== person.lastName ? { lastName: input.familyName } : {}),
    ...(input.employeeNumber !== person.employeeId ? { employeeId: input.employeeNumber } : {}),
  };
  const changedFields = [...Object.keys(changes), ...(input.externalId !== externalId ? ['externalId'] : [])];
  if (changedFields.length > 0) {
    const now = deps.clock.now();
    const saveOwnRow = async (tx: typeof deps.db) => {
      await repo.saveIdentity(
        tx,
        { userId: person.id, tenantId: caller.tenantId },
        { externalId: input.externalId },
        now,
      );
      await recordAudit(tx, {
        actorUserId: caller.actingUserId,
        tenantId: caller.tenantId,
        action: 'scim.user.updated',
        subjectType: 'user',
        subjectId: person.id,
        fields: [`token:${caller.tokenName}`, ...changedFields],
        requestId: ctx.requestId,
        at: now,
      });
    };
    const outcome = await updateProvisionedPerson(deps.account, adminOf(caller), person.id, changes, ctx, saveOwnRow);
    if (outcome === 'ADDRESS_TAKEN') throw uniqueness('userName is already in use');
    if (outcome === 'NOT_FOUND') throw notFound(person.id);
  }
  if (input.active === false && !person.disabled) await deactivate(deps, caller, person.id, ctx);
  if (input.active === true && person.disabled) {
    await reactivate(deps, caller, await loadUser(deps, caller, person.id), ctx);
  }
  return resourceOf(deps, await loadUser(deps, caller, person.id));
}
