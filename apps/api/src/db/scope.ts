import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';

import { currentRequestContext, SYSTEM_SCOPE, type DbScope } from '../lib/request-context.js';

// The kinds of asker belong to the request context; the modules reach them here, beside the calls
// that act on them.
export { ANONYMOUS_SCOPE, SIGN_IN_SCOPE, SYSTEM_SCOPE, type DbScope } from '../lib/request-context.js';

/**
 * The least a holder of a valid access token may see, used to read their own account before their
 * role is known from the database: an employee's view (their own rows and their employer's programme)
 * under the employer the signed token names. For an employee whose account still says the same, this
 * is already the request's scope: the connection keeps it and no second set-up follows (ADR 0044).
 */
export function tokenHolderScope(userId: string, tenantId: string | null): DbScope {
  return { role: 'EMPLOYEE', userId, tenantId };
}

/** The database role the application works as: not the owner of any table (see the migration). */
export const APPLICATION_DB_ROLE = 'leasing_app';

const explicitScope = new AsyncLocalStorage<DbScope>();

/**
 * The scope of the current async call chain: an explicit `runInScope`, else the one of the current
 * request (anonymous until sign-in or authentication says otherwise), else the platform (jobs).
 */
export function currentDbScope(): DbScope {
  return explicitScope.getStore() ?? currentRequestContext()?.dbScope ?? SYSTEM_SCOPE;
}

/** What a scoped call answers: a query builder (run when awaited) becomes the promise of its result. */
export type InScope<T> = T extends PromiseLike<infer U> ? Promise<U> : T;

/**
 * Starts `work`'s answer inside the scope. A drizzle query is a builder that runs only when awaited:
 * returned as it is, it would run where the caller awaits it, outside the scope (as the request's
 * asker, or the platform in a job). Resolving it here starts it here.
 */
function startedInScope<T>(scope: DbScope, work: () => T): InScope<T> {
  return explicitScope.run(scope, () => {
    const answer = work();
    const pending = typeof (answer as { then?: unknown } | null)?.then === 'function';
    return (pending ? Promise.resolve(answer) : answer) as InScope<T>;
  });
}

/** Work of the platform itself started from within a request (a mail worker kick, a cache refill). */
export function runAsSystem<T>(work: () => T): InScope<T> {
  return startedInScope(SYSTEM_SCOPE, work);
}

export function runInScope<T>(scope: DbScope, work: () => T): InScope<T> {
  return startedInScope(scope, work);
}

/** The settings the policies read, in the order of {@link SCOPE_SQL}'s parameters. */
export type ScopeParameters = [role: string, tenantId: string, userId: string, signature: string];

/**
 * Signs scopes for the database (migration 0021_signed_scope): the policies believe `app.role`,
 * `app.tenant_id` and `app.user_id` only with an HMAC-SHA256 over them and the database session's
 * backend pid, under a key that only the tables' owner can read. A statement of the application
 * role can still set the three, but not sign them, so a forged scope sees nothing; and a signature
 * seen in one session is worthless in another.
 */
export class ScopeSigner {
  constructor(private readonly key: Buffer) {}

  parameters(scope: DbScope, backendPid: number): ScopeParameters {
    const [role, tenantId, userId] =
      'userId' in scope ? [scope.role, scope.tenantId ?? '', scope.userId] : [scope.role, '', ''];
    const signature = crypto
      .createHmac('sha256', this.key)
      .update(`${role}|${tenantId}|${userId}|${backendPid}`, 'utf8')
      .digest('hex');
    return [role, tenantId, userId, signature];
  }
}

/** The statement that reads the signing key: only the tables' owner may (0021_signed_scope). */
export const SCOPE_KEY_SQL = 'select secret from scope_signing_key';

/**
 * One statement that switches the session to the application role and names the asker. Set at
 * session level on purpose: it is set again before every use of a connection (pool checkout, PGlite
 * query) whose last scope differs, so nothing carries over from one asker to the next.
 */
export const SCOPE_SQL =
  `select set_config('role', '${APPLICATION_DB_ROLE}', false), set_config('app.role', $1, false), ` +
  `set_config('app.tenant_id', $2, false), set_config('app.user_id', $3, false), ` +
  `set_config('app.scope_signature', $4, false)`;
