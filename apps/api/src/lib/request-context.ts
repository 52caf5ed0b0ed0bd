import { AsyncLocalStorage } from 'node:async_hooks';

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

import type { DbScope } from '../db/scope.js';

/**
 * Who is asking, for code far from the HTTP layer (security events): the request id and the client
 * address as resolved under TRUST_PROXY. Carried through the async calls of one request.
 */
export interface RequestContext {
  requestId: string;
  ip: string;
  /** Set once the caller is known (plugins/authenticate.ts): the rows the database shows them. */
  dbScope?: DbScope;
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
  storage.run({ requestId: request.id, ip: request.ip }, done);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
