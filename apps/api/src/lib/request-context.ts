import { AsyncLocalStorage } from 'node:async_hooks';

import type { Role } from '@leasing/contract';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

import type { RequestTiming } from './request-timing.js';

/**
 * Who the database is asked on behalf of: the row-level security policies (migrations
 * 0009_row_level_security, 0017_sign_in_scope, 0021_signed_scope) decide from it which rows exist
 * for a query. A signed-in user sees their own data and, as an admin, their employer's; the provider
 * admin and the platform itself (jobs, verified provider callbacks) see everything. A request from
 * someone not signed in sees no personal row (ANONYMOUS) unless its route is a sign-in flow
 * (SIGN_IN: the account tables only). This module owns the kinds of asker; db/scope.ts tells the
 * database which one is asking.
 */
export type DbScope =
  { role: 'SYSTEM' | 'SIGN_IN' | 'ANONYMOUS' } | { role: Role; userId: string; tenantId: string | null };

export const SYSTEM_SCOPE: DbScope = { role: 'SYSTEM' };
export const SIGN_IN_SCOPE: DbScope = { role: 'SIGN_IN' };
export const ANONYMOUS_SCOPE: DbScope = { role: 'ANONYMOUS' };

/**
 * Who is asking, for code far from the HTTP layer (security events): the request id and the client
 * address as resolved under TRUST_PROXY. Carried through the async calls of one request.
 */
export interface RequestContext {
  requestId: string;
  ip: string;
  /**
   * The rows the database shows this request: none of anyone's personal data until a sign-in route
   * or the caller's token (plugins/authenticate.ts) says otherwise.
   */
  dbScope: DbScope;
  /** The request's phases, only while SERVER_TIMING is on (lib/request-timing.ts). */
  timing?: RequestTiming;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * onRequest hook, callback style on purpose: the rest of the request (hooks and handler) runs inside
 * `run`, which an async hook could not arrange.
 */
export function enterRequestContext(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  storage.run({ requestId: request.id, ip: request.ip, dbScope: ANONYMOUS_SCOPE }, done);
}

/**
 * onRequest hook of the sign-in flows (login, second factor, refresh, register, confirm, reset):
 * they must find accounts by address or code before anyone is known, so they see the account tables
 * (and nothing else; migration 0017). A route that also authenticates narrows it again afterwards.
 */
export async function enterSignInScope(): Promise<void> {
  const context = storage.getStore();
  if (context) context.dbScope = SIGN_IN_SCOPE;
}

/**
 * onRequest hook of the parts that stand for the platform itself rather than for a person: the
 * identity simulator (an outside service with its own storage) and the development mailbox. Both
 * are development tools behind the loopback check.
 */
export async function enterPlatformScope(): Promise<void> {
  const context = storage.getStore();
  if (context) context.dbScope = SYSTEM_SCOPE;
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
