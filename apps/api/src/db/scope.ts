import { AsyncLocalStorage } from 'node:async_hooks';

import type { Role } from '@leasing/contract';

import { currentRequestContext } from '../lib/request-context.js';

/**
 * Who the database is asked on behalf of: the row-level security policies (migrations
 * 0009_row_level_security, 0017_sign_in_scope) decide from it which rows exist for a query. A
 * signed-in user sees their own data and, as an admin, their employer's; the provider admin and the
 * platform itself (jobs, verified provider callbacks) see everything. A request from someone not
 * signed in sees no personal row (ANONYMOUS) unless its route is a sign-in flow (SIGN_IN: the
 * account tables only).
 */
export type DbScope =
  | { role: 'SYSTEM' | 'SIGN_IN' | 'ANONYMOUS' }
  | { role: Role; userId: string; tenantId: string | null };

export const SYSTEM_SCOPE: DbScope = { role: 'SYSTEM' };
export const SIGN_IN_SCOPE: DbScope = { role: 'SIGN_IN' };
export const ANONYMOUS_SCOPE: DbScope = { role: 'ANONYMOUS' };

/**
 * The least a holder of a valid access token may see, used to read their own account before their
 * role and employer are known: their own rows and nothing else.
 */
export function tokenHolderScope(userId: string): DbScope {
  return { role: 'EMPLOYEE', userId, tenantId: null };
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

/** Work of the platform itself started from within a request (a mail worker kick, a cache refill). */
export function runAsSystem<T>(work: () => T): T {
  return explicitScope.run(SYSTEM_SCOPE, work);
}

export function runInScope<T>(scope: DbScope, work: () => T): T {
  return explicitScope.run(scope, work);
}

/** The settings the policies read, in the order of {@link SCOPE_SQL}'s parameters. */
export function scopeParameters(scope: DbScope): [string, string, string] {
  if (!('userId' in scope)) return [scope.role, '', ''];
  return [scope.role, scope.tenantId ?? '', scope.userId];
}

/**
 * One statement that switches the session to the application role and names the asker. Set at
 * session level on purpose: it is set again before every use of a connection (pool checkout, PGlite
 * query), so nothing carries over from one asker to the next.
 */
export const SCOPE_SQL =
  `select set_config('role', '${APPLICATION_DB_ROLE}', false), set_config('app.role', $1, false), ` +
  `set_config('app.tenant_id', $2, false), set_config('app.user_id', $3, false)`;
