import { AsyncLocalStorage } from 'node:async_hooks';

import type { Role } from '@leasing/contract';

import { currentRequestContext } from '../lib/request-context.js';

/**
 * Who the database is asked on behalf of: the row-level security policies (migration
 * 0009_row_level_security) decide from it which rows exist for a query. A signed-in user sees their
 * own data and, as an admin, their employer's; the provider admin and the platform itself (jobs,
 * sign-in flows before anyone is known) see everything.
 */
export type DbScope = { role: 'SYSTEM' } | { role: Role; userId: string; tenantId: string | null };

export const SYSTEM_SCOPE: DbScope = { role: 'SYSTEM' };

/** The database role the application works as: not the owner of any table (see the migration). */
export const APPLICATION_DB_ROLE = 'leasing_app';

const explicitScope = new AsyncLocalStorage<DbScope>();

/**
 * The scope of the current async call chain: an explicit `runInScope`, else the signed-in user of
 * the current request, else the platform (jobs, and requests before anyone has signed in).
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
  if (scope.role === 'SYSTEM') return ['SYSTEM', '', ''];
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
